import { startApp } from './support/app';
import { Client } from './support/client';

describe('a restart', () => {
  it('returns every match in the same state, replayed from the log', async () => {
    const first = await startApp();
    const client = new Client(first);
    const games: { id: string; tokens: string[] }[] = [];
    // Three matches at different points: fresh, mid-game, finished.
    for (const squares of [[], ['d3', 'c3', 'c4', 'e3'], 'e6 f4 e3 f6 g5 d6 e7 f5 c5'.split(' ')]) {
      const { id, seats } = await client.create('reversi', ['a', 'b']);
      for (const [i, square] of squares.entries())
        await client.move('reversi', id, seats[i % 2]?.token, { square }, i).expect(200);
      games.push({ id, tokens: seats.map((s) => s.token) });
    }
    const resigned = await client.create('reversi', ['a', 'b']);
    await client.http
      .post(`/games/reversi/matches/${resigned.id}/resign`)
      .set('Authorization', `Bearer ${resigned.seats[1]?.token}`)
      .send({})
      .expect(200);
    games.push({ id: resigned.id, tokens: resigned.seats.map((s) => s.token) });

    const snapshot = async (c: Client) => {
      const out: unknown[] = [];
      for (const g of games) {
        out.push((await c.get('reversi', g.id, g.tokens[0]).expect(200)).body);
        out.push((await c.log('reversi', g.id).expect(200)).body);
        out.push((await c.legal('reversi', g.id, g.tokens[1] as string).expect(200)).body);
      }
      return out;
    };
    const before = await snapshot(client);
    await first.close();

    const second = await startApp();
    try {
      expect(await snapshot(new Client(second))).toEqual(before);
      // And play goes on from the replayed state.
      const mid = games[1] as { id: string; tokens: string[] };
      const c2 = new Client(second);
      const legal = await c2.legal('reversi', mid.id, mid.tokens[0] as string).expect(200);
      const res = await c2.move('reversi', mid.id, mid.tokens[0], legal.body.moves[0], 4).expect(200);
      expect(res.body.version).toBe(5);
    } finally {
      await second.close();
    }
  });
});
