import { GAMES } from '../src/games/games';
import { useApp } from './support/harness';

describe('OpenAPI: players, open seats, lobby, rematch', () => {
  const h = useApp();

  it('documents every new route, for every game of the registry, with named schemas and every status', async () => {
    const spec = (await h.client.http.get('/openapi.json').expect(200)).body;
    const schemas = spec.components.schemas;
    const body = (
      op: { responses: Record<string, { content: Record<string, { schema: unknown }> }> },
      status: string,
    ) => op.responses[status]!.content['application/json']!.schema;
    expect(body(spec.paths['/players'].post, '201')).toEqual({ $ref: '#/components/schemas/CreatedPlayer' });
    expect(body(spec.paths['/players/me'].get, '200')).toEqual({ $ref: '#/components/schemas/PlayerSelf' });
    const mine = spec.paths['/players/me/matches'].get;
    expect(mine.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['toMove', 'status', 'cursor', 'limit']),
    );
    expect(body(mine, '200')).toEqual({ $ref: '#/components/schemas/PlayerMatchPage' });
    expect(Object.keys(mine.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    for (const { engine, schemaName: n } of GAMES) {
      const base = `/games/${engine.id}/matches`;
      const lobby = spec.paths[base].get;
      expect(lobby.parameters.find((p: { name: string }) => p.name === 'status').schema.enum).toEqual([
        'waiting',
        'active',
        'finished',
      ]);
      expect(body(lobby, '200')).toEqual({ $ref: '#/components/schemas/MatchPage' });
      const join = spec.paths[`${base}/{id}/join`].post;
      expect(join.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/JoinRequest' });
      expect(Object.keys(schemas.JoinRequest.properties)).toEqual(['name', 'seat', 'bot']);
      expect(body(join, '200')).toEqual({ $ref: `#/components/schemas/${n}SeatedMatch` });
      expect(schemas[`${n}SeatedMatch`].required).toEqual(expect.arrayContaining(['seat']));
      // A seat the join gave a bot has no token: the token is there for every other seat, so not required.
      expect(schemas[`${n}SeatedMatch`].required).not.toContain('token');
      expect(schemas[`${n}SeatedMatch`].properties.token).toMatchObject({ type: 'string' });
      expect(Object.keys(join.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409']));
      const rematch = spec.paths[`${base}/{id}/rematch`].post;
      expect(Object.keys(rematch.responses)).toEqual(expect.arrayContaining(['200', '201', '401', '403', '409']));
      expect(body(spec.paths[`${base}/{id}/seat-token`].post, '200')).toEqual({
        $ref: '#/components/schemas/SeatToken',
      });
      expect(schemas[`${n}SeatedMatch`].required).toEqual(expect.arrayContaining(['seat', 'rematch']));
      expect(schemas[`${n}CreateMatchRequest`].properties.unlisted.type).toBe('boolean');
      expect(schemas[`${n}Match`].properties.status.enum).toEqual(['waiting', 'active', 'finished', 'aborted']);
      expect(schemas[`${n}LogEntry`].properties.type.$ref).toBe('#/components/schemas/MatchEventType');
      expect([...schemas.MatchEventType.enum].sort()).toEqual([
        'MatchAborted',
        'MoveMade',
        'PlayerResigned',
        'SeatJoined',
        'TimedOut',
      ]);
    }
    expect(schemas.CreateMatchPlayer.oneOf).toHaveLength(3); // { name }, { open: true }, and { bot } (issue 12)
    expect(schemas.CreateMatchPlayer.oneOf.map((o: { required: string[] }) => o.required)).toEqual([
      ['name'],
      ['open'],
      ['bot'],
    ]);
    expect(schemas.Player.properties).toHaveProperty('open');
    expect(schemas.Player.properties).toHaveProperty('player');
    expect(schemas.MatchSummary.required).toContain('openSeats');
    expect(schemas.Error.properties.code.enum).toEqual(
      expect.arrayContaining([
        'MATCH_NOT_STARTED',
        'MATCH_NOT_FINISHED',
        'SEAT_TAKEN',
        'NO_OPEN_SEAT',
        'ALREADY_SEATED',
      ]),
    );
  });
});
