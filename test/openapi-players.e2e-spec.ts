import { GAMES } from '../src/games/games';
import { useApp } from './support/harness';

describe('OpenAPI: players, open seats, lobby, rematch', () => {
  const h = useApp();

  it('documents every new route, for every game of the registry, with its responses and error codes', async () => {
    const spec = (await h.client.http.get('/openapi.json').expect(200)).body;
    expect(spec.paths['/players'].post.responses['201']).toBeDefined();
    expect(spec.paths['/players/me'].get.responses['200'].content['application/json'].schema.required).toEqual(['id', 'name', 'ratings']);
    const mine = spec.paths['/players/me/matches'].get;
    expect(mine.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['toMove', 'status', 'cursor', 'limit']));
    for (const { engine } of GAMES) {
      const base = `/games/${engine.id}/matches`;
      const lobby = spec.paths[base].get;
      expect(lobby.parameters.find((p: { name: string }) => p.name === 'status').schema.enum).toEqual(['waiting', 'active', 'finished']);
      expect(lobby.responses['200'].content['application/json'].schema.properties.matches.items.required).toContain('openSeats');
      const join = spec.paths[`${base}/{id}/join`].post;
      expect(Object.keys(join.requestBody.content['application/json'].schema.properties)).toEqual(['name', 'seat', 'bot']);
      expect(join.responses['200'].content['application/json'].schema.allOf[1].required).toEqual(['seat', 'token']);
      const rematch = spec.paths[`${base}/{id}/rematch`].post;
      expect(Object.keys(rematch.responses)).toEqual(expect.arrayContaining(['200', '201', '409']));
      expect(spec.paths[`${base}/{id}/seat-token`].post.responses['200']).toBeDefined();
      const create = spec.paths[base].post.requestBody.content['application/json'].schema;
      expect(create.properties.players.items.oneOf).toHaveLength(2);
      expect(create.properties.unlisted.type).toBe('boolean');
    }
    const match = spec.paths['/games/reversi/matches/{id}'].get.responses['200'].content['application/json'].schema;
    expect(match.properties.status.enum).toEqual(['waiting', 'active', 'finished', 'aborted']);
    expect(match.properties.players.items.properties).toHaveProperty('open');
    expect(match.required).toContain('rematch');
    expect(spec.components.schemas.Error.properties.code.enum).toEqual(expect.arrayContaining(['MATCH_NOT_STARTED', 'MATCH_NOT_FINISHED', 'SEAT_TAKEN', 'NO_OPEN_SEAT', 'ALREADY_SEATED']));
  });
});
