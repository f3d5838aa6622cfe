import request from 'supertest';
import { TOURNAMENT_STORE, type TournamentStore } from '../src/tournaments/tournament-store.port';
import { Db } from './support/client';
import { finished, waitForMatch, waitForTournament } from './support/bots';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

/** The tournament director across instances: its claims, and a server that starts while a round has ended. */
describe('the tournament director across instances', () => {
  // A database of its own: other test files' directors would otherwise move these tournaments on.
  let scratch: { url: string; drop(): Promise<void> };
  let db: Db;
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_tournaments_restart');
    db = new Db(scratch.url);
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it('a server started after the last match ended finishes the tournament at start-up, not a sweep period later; a release leaves a lease taken over alone', async () => {
    // No director here: the bots play the one match, and nobody scores it.
    const a = await startTimedApp({ databaseUrl: scratch.url, botSweepMs: 10 });
    let id: string;
    try {
      const created = await request(a.app.getHttpServer())
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          entrants: [
            { name: 'r1', bot: 'random' },
            { name: 'r2', bot: 'random' },
          ],
        })
        .expect(201);
      id = created.body.id;
      await waitForMatch(a.app, 'reversi', created.body.rounds[0].matches[0].id, finished, 30_000);
      // The release of a claim checks the lease: one taken over since (here, set by hand) is left alone.
      const store = a.app.get<TournamentStore>(TOURNAMENT_STORE);
      const now = new Date();
      const mine = new Date(now.getTime() + 30_000);
      expect(await store.claim(now, mine, 20)).toEqual([id]);
      const theirs = new Date(now.getTime() + 60_000);
      await db.pool.query('UPDATE "Tournament" SET "lease" = $2 WHERE "id" = $1', [id, theirs]);
      await store.release(id, mine);
      expect((await db.pool.query('SELECT "lease" FROM "Tournament" WHERE "id" = $1', [id])).rows[0].lease).toEqual(
        theirs,
      );
      await store.release(id, theirs);
      expect((await db.pool.query('SELECT "lease" FROM "Tournament" WHERE "id" = $1', [id])).rows[0].lease).toBeNull();
    } finally {
      await a.app.close();
    }
    expect((await db.pool.query('SELECT "status" FROM "Tournament" WHERE "id" = $1', [id])).rows[0].status).toBe(
      'running',
    );

    // A director whose period is an hour: only its start-up sweep can finish the tournament within the wait.
    const b = await startTimedApp({ databaseUrl: scratch.url, tournamentSweepMs: 3_600_000 });
    try {
      const t = await waitForTournament(b.app, id, 10_000);
      expect(t.standings.map((s: { played: number }) => s.played)).toEqual([1, 1]);
    } finally {
      await b.app.close();
    }
  }, 60_000);
});
