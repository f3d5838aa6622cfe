import { EVENT_TYPES } from '../src/matches/event-types';
import { useApp } from './support/harness';

describe('OpenAPI of the live routes', () => {
  const h = useApp();

  it("documents each game's event stream as text/event-stream with its event types, and the long-poll's wait", async () => {
    const spec = (await h.client.http.get('/openapi.json').expect(200)).body;
    const games = (await h.client.http.get('/games').expect(200)).body.games.map((g: { id: string }) => g.id);
    for (const game of games) {
      const events = spec.paths[`/games/${game}/matches/{id}/events`]?.get;
      expect(events).toBeDefined();
      const stream = events.responses['200'].content['text/event-stream'].schema;
      // A named event per game; its name is the entry's type, every one of them (EVENT_TYPES): MatchEventType.
      const name = `${game[0].toUpperCase()}${game.slice(1)}StreamEvent`;
      expect(stream.items.$ref).toBe(`#/components/schemas/${name}`);
      const event = spec.components.schemas[name];
      expect(event.properties.event.$ref).toBe('#/components/schemas/MatchEventType');
      expect(spec.components.schemas.MatchEventType.enum).toEqual([...EVENT_TYPES]);
      expect(event.properties.data.required).toEqual(['entry', 'match']);
      expect(events.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['id', 'after', 'token', 'Last-Event-ID']),
      );
      expect(events.responses['429']).toBeDefined();
      const log = spec.paths[`/games/${game}/matches/{id}/moves`].get;
      expect(log.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['after', 'limit', 'wait']),
      );
    }
  });
});
