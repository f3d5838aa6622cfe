import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp } from './support/app';
import { Client } from './support/client';
import { ERROR_STATUS } from '../src/common/api-error';

describe('OpenAPI', () => {
  let app: NestFastifyApplication;
  let client: Client;
  beforeAll(async () => {
    app = await startApp();
    client = new Client(app);
  });
  afterAll(() => app.close());

  it('serves the spec with every game route and each game\'s move and view schemas', async () => {
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
      const moveBody = spec.paths[`/games/${game}/matches/{id}/moves`].post.requestBody.content['application/json'].schema;
      expect(moveBody.$ref).toBe(`#/components/schemas/${name}MoveRequest`);
      expect(spec.components.schemas[`${name}MoveRequest`].properties.move.$ref).toBe(`#/components/schemas/${name}Move`);
    }
    expect(spec.paths['/games']).toBeDefined();
    expect(spec.components.schemas.Error.properties.code.enum).toContain('VERSION_CONFLICT');
  });

  it('names every shape a client codes against, with the error codes and each game\'s extra legal-move fields', async () => {
    const spec = (await client.http.get('/openapi.json').expect(200)).body;
    const schemas = spec.components.schemas;
    for (const name of ['Error', 'Outcome', 'Player', 'SeatCredential', 'ResignRequest', 'Catalogue', 'CatalogueGame', 'CatalogueOption']) {
      expect([name, schemas[name]?.type]).toEqual([name, 'object']);
    }
    for (const game of ['Reversi', 'Qwirkle', 'Deblockle', 'Split']) {
      for (const kind of ['Move', 'View', 'Options', 'LogMove', 'MoveEffects', 'Match', 'CreatedMatch', 'LogEntry', 'LogPage', 'LegalMovesPage', 'CreateMatchRequest', 'MoveRequest']) {
        expect(schemas[`${game}${kind}`]).toBeDefined();
      }
      expect(schemas[`${game}Match`].properties.outcome).toEqual({ $ref: '#/components/schemas/Outcome' });
      expect(schemas[`${game}LogEntry`].properties.move.$ref).toBe(`#/components/schemas/${game}LogMove`);
      expect(schemas[`${game}MoveRequest`].required).toEqual(['move', 'expectedVersion']);
    }
    expect(schemas.Outcome.required).toContain('draw');
    expect(Object.keys(schemas.QwirkleLegalMovesPage.properties)).toEqual(expect.arrayContaining(['canPlace', 'canExchange', 'singleTilePlacements', 'openingSize', 'exchangeMax']));
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

  it('serves a browsable page at /docs', async () => {
    const res = await client.http.get('/docs').redirects(2);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger');
  });
});
