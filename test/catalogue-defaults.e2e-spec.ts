/**
 * The catalogue and the server agree (issue 26): every option sent back at the default GET /games lists for it
 * is accepted, and gives the same match as leaving the option out. (Split's `scoreSheet` was listed as null,
 * which the server refused.) The request schemas carry no `default` keyword (issue 35: it makes a field required
 * in generated types; test/typed-client.e2e-spec.ts), so what a left-out field becomes is in its description
 * ("absent: 5"), and that is checked here against what the server does.
 */
import { useApp } from './support/harness';

describe("the catalogue's defaults", () => {
  const h = useApp();

  it('are accepted by every game when sent back, and are what leaving them out gives', async () => {
    const games = (await h.client.http.get('/games').expect(200)).body.games as {
      id: string;
      seats: { min: number };
      options: { name: string; default: unknown }[];
    }[];
    for (const game of games) {
      const options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
      const names = Array.from({ length: game.seats.min }, (_, i) => `p${i}`);
      const sent = await h.client.create(game.id, names, options); // throws on anything but 201
      const bare = await h.client.create(game.id, names);
      // The same options in force: both views have the same shape (the deals differ by seed).
      expect(Object.keys(sent.body.view as object).sort()).toEqual(Object.keys(bare.body.view as object).sort());
    }
  });

  it("and the request schemas' absent values: a seek without ratingRange gets the range its description names", async () => {
    const spec = (await h.client.http.get('/openapi.json').expect(200)).body as {
      components: {
        schemas: Record<string, { properties: Record<string, { default?: unknown; description?: string }> }>;
      };
    };
    const field = spec.components.schemas.CreateSeekRequest!.properties.ratingRange!;
    expect(field).not.toHaveProperty('default');
    const said = /absent: (\d+(?:\.\d+)?)/i.exec(field.description ?? '');
    expect(said).not.toBeNull();
    const player = (await h.client.http.post('/players').send({ name: 'absent-range' }).expect(201)).body as {
      key: string;
    };
    const seek = await h.client.http
      .post('/games/reversi/seeks')
      .set('Authorization', `Bearer ${player.key}`)
      .send({})
      .expect(201);
    expect(seek.body.ratingRange).toBe(Number(said![1]));
    await h.client.http.delete(`/seeks/${seek.body.id}`).set('Authorization', `Bearer ${player.key}`).expect(200);
  });
});
