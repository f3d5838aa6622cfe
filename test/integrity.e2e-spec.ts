import { useApp } from './support/harness';

describe('a stored log that no longer replays', () => {
  const h = useApp();

  it('is reported as an error and left untouched, never patched', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
    // Someone writes an impossible event behind the server's back: white on an occupied square.
    await h.db.pool.query(
      `WITH b AS (UPDATE "Match" SET "version" = 2 WHERE "id" = $1 RETURNING "id")
       INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload") SELECT "id", 2, 'MoveMade', 1, '{"square":"d4"}' FROM b`,
      [id],
    );
    const res = await h.client.get('reversi', id).expect(500);
    expect(res.body).toMatchObject({ code: 'REPLAY_FAILED' });
    expect(res.body.message).toContain('event 2');
    const move = await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 2).expect(500);
    expect(move.body.code).toBe('REPLAY_FAILED');
    expect(await h.db.eventCount(id)).toBe(2);
    const stored = await h.db.pool.query('SELECT "payload" FROM "MatchEvent" WHERE "matchId" = $1 AND "seq" = 2', [id]);
    expect(stored.rows[0].payload).toEqual({ square: 'd4' });
  });
});
