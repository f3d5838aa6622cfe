/**
 * The catalogue and the server agree (issue 26): every option sent back at the default GET /games lists for it
 * is accepted, and gives the same match as leaving the option out. (Split's `scoreSheet` was listed as null,
 * which the server refused.)
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
});
