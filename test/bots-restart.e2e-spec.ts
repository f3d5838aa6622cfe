import request from 'supertest';
import { Db } from './support/client';
import { finished, waitForMatch } from './support/bots';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

/**
 * Bot turns are rows: two instances play the same bot matches at once, both stop in the middle, and a server
 * started later (past the stopped instances' leases) finishes them. No turn is played twice.
 */
describe('bot matches across instances and a restart', () => {
  // A database of its own: the last server's clock runs 31 s ahead, and its sweeps would claim (and lease
  // past their time) the bot turns of other test files' matches.
  let scratch: { url: string; drop(): Promise<void> };
  let db: Db;
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_bots_restart');
    db = new Db(scratch.url);
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it('two instances, then a restart mid-match: every match finishes with each turn played once', async () => {
    const a = await startTimedApp({ databaseUrl: scratch.url, botSweepMs: 10 });
    const b = await startTimedApp({ databaseUrl: scratch.url, botSweepMs: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(a.app.getHttpServer())
        .post('/games/reversi/matches')
        .send({ players: [{ bot: 'alphabeta' }, { bot: 'greedy' }], unlisted: true })
        .expect(201);
      ids.push(res.body.id);
    }
    // Stop both instances once the first match is under way (alphabeta thinks, so the matches are far from over).
    await waitForMatch(b.app, 'reversi', ids[0] as string, (m) => m.version >= 6, 30_000);
    await Promise.all([a.app.close(), b.app.close()]);
    const stoppedAt = await Promise.all(ids.map((id) => db.version(id)));
    expect(stoppedAt.some((v) => v < 60)).toBe(true); // at least one match was cut in the middle

    // A server started later: the leases of the stopped instances have run out by its clock.
    const c = await startTimedApp({ databaseUrl: scratch.url, botSweepMs: 10 }, 31_000);
    try {
      for (const id of ids) {
        const done = await waitForMatch(c.app, 'reversi', id, finished, 55_000);
        const rows = await db.pool.query(
          'SELECT "seq", "type", "idempotencyKey" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"',
          [id],
        );
        expect(rows.rows.map((r) => r.seq)).toEqual(Array.from({ length: done.version }, (_, i) => i + 1));
        const keys = rows.rows.map((r) => r.idempotencyKey as string);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toEqual(rows.rows.map((r) => `bot:${r.seq - 1}`));
      }
    } finally {
      await c.app.close();
    }
  }, 120_000);
});
