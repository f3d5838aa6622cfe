import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp } from './support/app';
import { Client } from './support/client';
import { ERROR_STATUS } from '../src/common/api-error';
import { ALL_GAMES } from '../src/engine/games';
import { SpecChecker } from './support/spec-check';

describe('OpenAPI', () => {
  let app: NestFastifyApplication;
  let client: Client;
  beforeAll(async () => {
    app = await startApp();
    client = new Client(app);
  });
  afterAll(() => app.close());

  it("serves the spec with every game route and each game's move and view schemas", async () => {
    const res = await client.http.get('/openapi.json').expect(200);
    const spec = res.body;
    expect(spec.openapi).toMatch(/^3\./);
    const games = (await client.http.get('/games').expect(200)).body.games.map((g: { id: string }) => g.id);
    for (const game of games) {
      for (const path of ['', '/{id}', '/{id}/moves', '/{id}/legal-moves', '/{id}/resign']) {
        expect(spec.paths).toHaveProperty([`/games/${game}/matches${path}`]);
      }
      const name = game[0].toUpperCase() + game.slice(1);
      expect(spec.components.schemas[`${name}Move`]).toBeDefined();
      expect(spec.components.schemas[`${name}View`]).toBeDefined();
      const moveBody =
        spec.paths[`/games/${game}/matches/{id}/moves`].post.requestBody.content['application/json'].schema;
      expect(moveBody.$ref).toBe(`#/components/schemas/${name}MoveRequest`);
      expect(spec.components.schemas[`${name}MoveRequest`].properties.move.$ref).toBe(
        `#/components/schemas/${name}Move`,
      );
    }
    expect(spec.paths['/games']).toBeDefined();
    expect(spec.components.schemas.Error.properties.code.enum).toContain('VERSION_CONFLICT');
  });

  it("names every shape a client codes against, with the error codes and each game's extra legal-move fields", async () => {
    const spec = (await client.http.get('/openapi.json').expect(200)).body;
    const schemas = spec.components.schemas;
    for (const name of [
      'Error',
      'Outcome',
      'Player',
      'SeatCredential',
      'ResignRequest',
      'Catalogue',
      'CatalogueGame',
      'CatalogueOption',
    ]) {
      expect([name, schemas[name]?.type]).toEqual([name, 'object']);
    }
    for (const game of ALL_GAMES.map((g) => g.schemaName)) {
      for (const kind of [
        'Move',
        'View',
        'Options',
        'LogMove',
        'MoveEffects',
        'Match',
        'CreatedMatch',
        'LogEntry',
        'LogPage',
        'LegalMovesPage',
        'CreateMatchRequest',
        'MoveRequest',
      ]) {
        expect(schemas[`${game}${kind}`]).toBeDefined();
      }
      expect(schemas[`${game}Match`].properties.outcome).toEqual({ $ref: '#/components/schemas/Outcome' });
      expect(schemas[`${game}LogEntry`].properties.move.$ref).toBe(`#/components/schemas/${game}LogMove`);
      // expectedVersion is optional: If-Match replaces it (the server refuses a move with neither).
      expect(schemas[`${game}MoveRequest`].required).toEqual(['move']);
      expect(schemas[`${game}MoveRequest`].properties.expectedVersion.type).toBe('integer');
    }
    expect(schemas.Outcome.required).toContain('draw');
    expect(Object.keys(schemas.QwirkleLegalMovesPage.properties)).toEqual(
      expect.arrayContaining(['canPlace', 'canExchange', 'singleTilePlacements', 'openingSize', 'exchangeMax']),
    );
    expect(Object.keys(schemas.SplitLegalMovesPage.properties)).toContain('complete');
    expect(schemas.Error.properties.code.enum).toEqual(Object.keys(ERROR_STATUS));
    expect(spec.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.components.securitySchemes.bearer.bearerFormat).toBeUndefined();
    const resign = spec.paths['/games/split/matches/{id}/resign'].post;
    expect(resign.requestBody.required).toBe(false);
    const get = spec.paths['/games/split/matches/{id}/moves'].get.responses;
    expect(Object.keys(get)).toEqual(expect.arrayContaining(['200', '304', '401', '403', '404']));
    expect(get['200'].headers.ETag.required).toBe(true);
  });

  it('documents what the server posts out: webhook events and HTTP bot turns, as named components and callbacks', async () => {
    const spec = (await client.http.get('/openapi.json').expect(200)).body;
    const schemas = spec.components.schemas;
    const games = (await client.http.get('/games').expect(200)).body.games.map((g: { id: string }) => g.id);
    const json = (request: { content: Record<string, { schema: unknown }> }) =>
      request.content['application/json']!.schema;
    expect(schemas.WebhookEvent.required).toEqual(['type', 'timestamp', 'data']);
    expect(schemas.WebhookEvent.properties.data.required).toEqual([
      'game',
      'matchId',
      'seq',
      'version',
      'status',
      'toMove',
    ]);
    expect(schemas.WebhookEvent.properties.data.properties.game.enum).toEqual(games);
    // One turn shape per game, told apart by `game`, so a typed client narrows the match and the moves.
    expect(schemas.HttpBotTurn.oneOf).toHaveLength(games.length);
    expect(schemas.HttpBotTurn.discriminator.propertyName).toBe('game');
    for (const game of games) {
      const n = `${game[0].toUpperCase()}${game.slice(1)}`;
      const turn = schemas[`${n}HttpBotTurn`];
      expect(turn.required).toEqual(['game', 'matchId', 'seat', 'version', 'match', 'legalMoves', 'deadlineAt']);
      expect(turn.properties.game.enum).toEqual([game]);
      expect(turn.properties.match.$ref).toBe(`#/components/schemas/${n}Match`);
      expect(turn.properties.legalMoves.items.$ref).toBe(`#/components/schemas/${n}Move`);
      expect(schemas.HttpBotTurn.discriminator.mapping[game]).toBe(`#/components/schemas/${n}HttpBotTurn`);
    }
    expect(schemas.HttpBotAnswer.required).toEqual(['move']);
    for (const game of games) {
      const create = spec.paths[`/games/${game}/matches`].post;
      const [expression, hook] = Object.entries(create.callbacks.matchEvent)[0] as [
        string,
        { post: { requestBody: never; parameters: { name: string }[]; responses: object } },
      ];
      expect(expression).toBe('{$request.body#/webhooks/0/url}');
      expect(json(hook.post.requestBody)).toEqual({ $ref: '#/components/schemas/WebhookEvent' });
      expect(hook.post.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(Object.keys(hook.post.responses).sort()).toEqual(['2XX', '410', 'default']);
    }
    const [expression, turn] = Object.entries(spec.paths['/tournaments'].post.callbacks.httpBotTurn)[0] as [
      string,
      { post: { requestBody: never; responses: Record<string, never> } },
    ];
    expect(expression).toBe('{$request.body#/entrants/0/url}');
    expect(json(turn.post.requestBody)).toEqual({ $ref: '#/components/schemas/HttpBotTurn' });
    expect(json(turn.post.responses['200']!)).toEqual({ $ref: '#/components/schemas/HttpBotAnswer' });
    // Each component is a schema Ajv compiles, and it refuses what the server would never send.
    const checker = new SpecChecker(spec);
    const event = {
      type: 'turn.started',
      timestamp: new Date().toISOString(),
      data: {
        game: 'reversi',
        matchId: '00000000-0000-4000-8000-000000000000',
        seq: 1,
        version: 1,
        status: 'active',
        toMove: [1],
      },
    };
    expect(checker.checkComponent('WebhookEvent', JSON.stringify(event))).toEqual([]);
    expect(
      checker.checkComponent('WebhookEvent', JSON.stringify({ ...event, data: { ...event.data, view: {} } })),
    ).not.toEqual([]);
    expect(checker.checkComponent('HttpBotAnswer', JSON.stringify({ move: { square: 'd3' } }))).toEqual([]);
    expect(checker.checkComponent('HttpBotAnswer', JSON.stringify({ square: 'd3' }))).not.toEqual([]);
  });

  it('serves a browsable page at /docs', async () => {
    const res = await client.http.get('/docs').redirects(2);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger');
  });
});
