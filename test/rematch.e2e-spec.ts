import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';

describe('rematch', () => {
  const h = useApp();
  let seats: SeatsClient;
  beforeAll(() => {
    seats = new SeatsClient(h.client);
  });

  const resign = (game: string, id: string, token: string) =>
    h.client.http.post(`/games/${game}/matches/${id}/resign`).set('Authorization', `Bearer ${token}`).send({});

  it('seat 0, then seat 1, then seat 0 again: one new match, seats rotated, the same token on each repeat', async () => {
    const m = await seats.create('reversi', ['ann', 'bob']);
    const [ann, bob] = m.seats.map((s) => s.token) as [string, string];

    const early = await seats.rematch('reversi', m.id, ann);
    expect([early.status, early.body.code]).toEqual([409, 'MATCH_NOT_FINISHED']);
    await resign('reversi', m.id, bob).expect(200);

    const first = await seats.rematch('reversi', m.id, ann).expect(201);
    expect(first.body).toMatchObject({
      seat: 1,
      you: 1,
      status: 'active',
      version: 0,
      token: expect.stringMatching(/^tbs_/),
      players: [
        { seat: 0, name: 'bob' },
        { seat: 1, name: 'ann' },
      ],
    });
    expect(first.headers.location).toBe(`/games/reversi/matches/${first.body.id}`);
    const second = await seats.rematch('reversi', m.id, bob).expect(200);
    expect(second.body).toMatchObject({ id: first.body.id, seat: 0, you: 0 });
    expect(second.body.token).not.toBe(first.body.token);
    const again = await seats.rematch('reversi', m.id, ann).expect(200);
    expect(again.body).toMatchObject({ id: first.body.id, seat: 1, token: first.body.token });
    expect((await seats.rematch('reversi', m.id, bob).expect(200)).body.token).toBe(second.body.token);

    // The old match links to the new one; the tokens work there, each for its rotated seat (bob is black now).
    expect((await h.client.get('reversi', m.id).expect(200)).body.rematch).toBe(first.body.id);
    const wrong = await h.client.move('reversi', first.body.id, first.body.token, { square: 'd3' }, 0);
    expect([wrong.status, wrong.body.code]).toEqual([409, 'NOT_YOUR_TURN']);
    await h.client.move('reversi', first.body.id, second.body.token, { square: 'd3' }, 0).expect(200);
    const tokens = await h.db.pool.query('SELECT "tokenHash" FROM "Seat" WHERE "matchId" = $1 ORDER BY "seat"', [
      first.body.id,
    ]);
    expect(JSON.stringify(tokens.rows)).not.toContain(first.body.token.slice(4));
    expect(tokens.rows.every((r: { tokenHash: string }) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    const count = await h.db.pool.query('SELECT count(*)::int AS n FROM "Match" WHERE "rematchOf" = $1', [m.id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('concurrent first calls from every seat create one match, and each seat always gets the same token', async () => {
    const m = await seats.create('qwirkle', ['a', 'b', 'c']);
    await resign('qwirkle', m.id, m.seats[0]!.token).expect(200);
    const calls = await Promise.all(
      Array.from({ length: 12 }, (_, i) => seats.rematch('qwirkle', m.id, m.seats[i % 3]!.token)),
    );
    expect(calls.map((c) => c.status).filter((s) => s === 201)).toHaveLength(1);
    expect(calls.every((c) => c.status === 201 || c.status === 200)).toBe(true);
    expect(new Set(calls.map((c) => c.body.id)).size).toBe(1);
    for (let i = 0; i < 3; i++) {
      const mine = calls.filter((_, j) => j % 3 === i);
      expect(new Set(mine.map((c) => c.body.token)).size).toBe(1);
      expect(mine.every((c) => c.body.seat === (i + 1) % 3)).toBe(true);
    }
    expect(calls[0]!.body.players.map((p: { name: string }) => p.name)).toEqual(['c', 'a', 'b']);
  });

  it("keeps players' seats: a player key acts in the rematch at its rotated seat", async () => {
    const [ann, bob] = [await seats.player('ann'), await seats.player('bob')];
    const m = await seats.create('reversi', [null, null], { unlisted: true });
    await seats.join('reversi', m.id, {}, ann.key).expect(200);
    await seats.join('reversi', m.id, {}, bob.key).expect(200);
    await resign('reversi', m.id, ann.key).expect(200);
    const next = await seats.rematch('reversi', m.id, bob.key).expect(201);
    expect(next.body.players).toEqual([
      { seat: 0, name: 'bob', player: bob.id },
      { seat: 1, name: 'ann', player: ann.id },
    ]);
    expect((await seats.rematch('reversi', m.id, bob.key).expect(200)).body.token).toBe(next.body.token);
    await h.client.move('reversi', next.body.id, bob.key, { square: 'd3' }, 0).expect(200);
    await h.client.move('reversi', next.body.id, ann.key, { square: 'c3' }, 1).expect(200);
    const mine = await seats.myMatches(ann.key, '?toMove=true').expect(200);
    expect(mine.body.matches).toEqual([]);
  });

  it('refuses a rematch while waiting, to spectators and to strangers', async () => {
    const m = await seats.create('reversi', ['ann', null]);
    const waiting = await seats.rematch('reversi', m.id, m.seats[0]!.token);
    expect([waiting.status, waiting.body.code]).toEqual([409, 'MATCH_NOT_FINISHED']);
    const anon = await h.client.http.post(`/games/reversi/matches/${m.id}/rematch`);
    expect([anon.status, anon.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    const other = await seats.create('reversi', ['x', 'y']);
    const stranger = await seats.rematch('reversi', m.id, other.seats[0]!.token);
    expect([stranger.status, stranger.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});
