import request from 'supertest';
import { BotRunner } from '../src/bots/bot-runner';
import { Db } from './support/client';
import { finished, waitForMatch } from './support/bots';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

/**
 * The bot runner plays matches side by side without waiting for whole matches: a player's bot opponent
 * answers while long bot-vs-bot matches take every place the runner has.
 */
describe('bot turns while bot-vs-bot matches are in flight', () => {
  // A database of its own: other test files' servers would otherwise play these matches too.
  let scratch: { url: string; drop(): Promise<void> };
  let db: Db;
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_bots_fairness');
    db = new Db(scratch.url);
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it('a bot answers a player before the long bot-vs-bot matches holding every place end; those finish with each turn played once', async () => {
    const { app } = await startTimedApp({ databaseUrl: scratch.url, botSweepMs: 10 });
    try {
      const runner = app.get(BotRunner);
      runner.maxInFlight = 2;
      const http = request(app.getHttpServer());
      const long: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await http
          .post('/games/reversi/matches')
          .send({ players: [{ bot: 'alphabeta' }, { bot: 'alphabeta' }], unlisted: true })
          .expect(201);
        long.push(res.body.id);
      }
      for (const id of long) await waitForMatch(app, 'reversi', id, (m) => m.version >= 2, 30_000);
      // Both places are taken by the long matches. A claim is given back every few moves and taken again at
      // once, so the count is polled, not read at one instant.
      const until = Date.now() + 10_000;
      while (runner.playing < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
      expect(runner.playing).toBe(2);

      const created = await http
        .post('/games/reversi/matches')
        .send({ players: [{ name: 'ann' }, { bot: 'greedy' }], unlisted: true })
        .expect(201);
      await http
        .post(`/games/reversi/matches/${created.body.id}/moves`)
        .set('Authorization', `Bearer ${created.body.seats[0].token}`)
        .send({ move: { square: 'd3' }, expectedVersion: 0 })
        .expect(200);
      await waitForMatch(app, 'reversi', created.body.id, (m) => m.version >= 2, 30_000);
      // Answered while the long matches are still being played: it did not wait for either to end.
      const versions = await Promise.all(long.map((id) => db.version(id)));
      const statuses = await Promise.all(
        long.map(async (id) => (await http.get(`/games/reversi/matches/${id}`).expect(200)).body.status),
      );
      expect(statuses).toEqual(['active', 'active']);
      expect(Math.max(...versions)).toBeLessThan(40);

      // Claimed, given back and claimed again every few moves: each turn is still played exactly once.
      for (const id of long) {
        const done = await waitForMatch(app, 'reversi', id, finished, 90_000);
        const rows = await db.pool.query(
          'SELECT "seq", "idempotencyKey" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"',
          [id],
        );
        expect(rows.rows.map((r) => r.seq)).toEqual(Array.from({ length: done.version }, (_, i) => i + 1));
        expect(rows.rows.map((r) => r.idempotencyKey)).toEqual(rows.rows.map((r) => `bot:${r.seq - 1}`));
      }
      const leases = await db.pool.query('SELECT count(*)::int AS n FROM "Match" WHERE "botLease" IS NOT NULL');
      expect(leases.rows[0].n).toBe(0); // every claim was given back with the lease it last held
    } finally {
      await app.close();
    }
  }, 150_000);
});
