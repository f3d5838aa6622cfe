import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../src/app';
import { type AppConfig, configFromEnv } from '../src/common/config';
import { listings } from '../src/tournaments/pairing';
import { TournamentDirector } from '../src/tournaments/tournament.director';
import { TournamentService } from '../src/tournaments/tournament.service';
import { waitForTournament } from './support/bots';
import { useApp } from './support/harness';
import { startAppWith, untilOpen } from './support/live-app';
import { SseClient, baseUrl } from './support/sse';

/** The app with rate limits on (test/support/app.ts turns them off) and these settings. */
async function appWith(overrides: Partial<AppConfig>): Promise<NestFastifyApplication> {
  const app = await createApp(
    {
      ...configFromEnv({ NODE_ENV: 'test' }),
      clockSweepMs: 0,
      webhookPollMs: 0,
      ...overrides,
      databaseUrl: process.env.DATABASE_URL,
    },
    ['error'],
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Issue 25: one anonymous tournament request must not take the server down (H2), nor spend more than its share. */
describe('tournaments under abuse', () => {
  const h = useApp();
  const bots = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `e${i}`, bot: 'random' }));

  it('H2: a round robin of 64 entrants at tables of 6 (75 million tables) is refused at once, and the heap does not grow', async () => {
    // A first request warms the route up (validation, the spec check), so the timing is the count's alone.
    await h.client.http
      .post('/tournaments')
      .send({ game: 'qwirkle', format: 'round-robin', seatsPerMatch: 3, entrants: bots(64) })
      .expect(400);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const res = await request(h.app.getHttpServer())
      .post('/tournaments')
      .send({ game: 'qwirkle', format: 'round-robin', seatsPerMatch: 6, entrants: bots(64) })
      .expect(400);
    const ms = performance.now() - started;
    const grewMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'tournament/too-large',
      details: { plannedMatches: 74_974_368, maxMatches: 2000 },
    });
    expect(ms).toBeLessThan(2000);
    expect(grewMb).toBeLessThan(100);
  }, 10_000);

  it('H2: 5 seats, and two seats too: a 64 x 50 round robin (100,800 matches) is refused', async () => {
    const five = await h.client.http
      .post('/tournaments')
      .send({ game: 'qwirkle', format: 'round-robin', seatsPerMatch: 5, entrants: bots(64) })
      .expect(400);
    expect(five.body.reason).toBe('tournament/too-large');
    const two = await h.client.http
      .post('/tournaments')
      .send({ game: 'reversi', format: 'round-robin', rounds: 50, entrants: bots(64) })
      .expect(400);
    expect(two.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'tournament/too-large',
      details: { plannedMatches: 100_800 },
    });
    // A single 64-entrant round robin is 2,016 matches: over the default cap of 2,000 as well.
    const single = await h.client.http
      .post('/tournaments')
      .send({ game: 'reversi', format: 'round-robin', entrants: bots(64) })
      .expect(400);
    expect(single.body.details.plannedMatches).toBe(2016);
  });

  it('M6: players and tournaments spend the per-address creation budget of matches: past it, 429 with Retry-After, nothing written', async () => {
    const app = await appWith({ rateLimitPerMinute: 1000, createLimitPerMinute: 3 });
    const run = Math.random().toString(36).slice(2, 8);
    try {
      const http = request(app.getHttpServer());
      const player = await http
        .post('/players')
        .send({ name: `m6-${run}` })
        .expect(201);
      expect(player.headers['ratelimit-limit']).toBe('3');
      expect(player.headers['ratelimit-remaining']).toBe('2');
      const tournament = await http
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          entrants: [
            { name: `m6a-${run}`, bot: 'random' },
            { name: `m6b-${run}`, bot: 'random' },
          ],
        })
        .expect(201);
      expect(tournament.headers['ratelimit-remaining']).toBe('1'); // a tournament spends one, whatever its size
      await http
        .post('/games/reversi/matches')
        .send({ players: [{ name: 'a' }, { name: 'b' }] })
        .expect(201);

      const refusedPlayer = await http
        .post('/players')
        .send({ name: `never-${run}` })
        .expect(429);
      expect(refusedPlayer.body).toMatchObject({
        code: 'RATE_LIMITED',
        reason: 'rate-limit/create',
        details: { limit: 3, windowSeconds: 60 },
      });
      expect(Number(refusedPlayer.headers['retry-after'])).toBeGreaterThan(0);
      const refusedTournament = await http
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          entrants: [
            { name: `never-a-${run}`, bot: 'random' },
            { name: `never-b-${run}`, bot: 'random' },
          ],
        })
        .expect(429);
      expect(refusedTournament.body).toMatchObject({ code: 'RATE_LIMITED', reason: 'rate-limit/create' });
      expect(Number(refusedTournament.headers['retry-after'])).toBeGreaterThan(0);
      await http
        .post('/games/reversi/matches')
        .send({ players: [{ name: 'a' }, { name: 'b' }] })
        .expect(429);

      const players = await h.db.pool.query('SELECT count(*)::int AS n FROM "Player" WHERE "name" = $1', [
        `never-${run}`,
      ]);
      expect(players.rows[0].n).toBe(0);
      const entrants = await h.db.pool.query('SELECT count(*)::int AS n FROM "TournamentEntrant" WHERE "name" = $1', [
        `never-a-${run}`,
      ]);
      expect(entrants.rows[0].n).toBe(0);
      // Reads stay within the general budget.
      await http.get(`/tournaments/${tournament.body.id}`).expect(200);
    } finally {
      await app.close();
    }
  });

  it('M7: the schedule is listed once, at creation: no read or later round lists it again', async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const before = listings.roundRobin;
    const entrants = ['random', 'greedy', 'random', 'greedy'].map((bot, i) => ({ name: `m7-${i}-${run}`, bot }));
    const created = await h.client.http
      .post('/tournaments')
      .send({ game: 'reversi', format: 'round-robin', rounds: 2, entrants })
      .expect(201);
    expect(created.body.plannedRounds).toBe(6);
    expect(listings.roundRobin - before).toBe(1);
    for (let i = 0; i < 5; i++)
      expect((await h.client.http.get(`/tournaments/${created.body.id}`).expect(200)).body.plannedRounds).toBe(6);
    const t = await waitForTournament(h.app, created.body.id); // the director creates rounds 2 to 6 meanwhile
    expect(t.rounds).toHaveLength(6);
    expect(t.rounds.flatMap((r: { matches: unknown[] }) => r.matches)).toHaveLength(12);
    expect(listings.roundRobin - before).toBe(1);

    // A row from before the plan was stored gets it listed once, on its first read, and never again.
    await h.db.pool.query('UPDATE "Tournament" SET "plannedRounds" = NULL, "schedule" = NULL WHERE "id" = $1', [
      created.body.id,
    ]);
    for (let i = 0; i < 3; i++)
      expect((await h.client.http.get(`/tournaments/${created.body.id}`).expect(200)).body.plannedRounds).toBe(6);
    expect(listings.roundRobin - before).toBe(2);
  }, 120_000);

  it('M7: tournament streams hold live places of their client address: past LIVE_STREAMS_PER_TOKEN, 429; a closed one frees its place', async () => {
    const limited = await startAppWith({ LIVE_STREAMS_PER_TOKEN: '2' });
    const open: SseClient[] = [];
    try {
      const base = await baseUrl(limited);
      const http = request(limited.getHttpServer());
      const run = Math.random().toString(36).slice(2, 8);
      // A player who never moves, on a long clock: the tournament runs for the whole test.
      const player = await http
        .post('/players')
        .send({ name: `m7-p-${run}` })
        .expect(201);
      const created = await http
        .post('/tournaments')
        .set('Authorization', `Bearer ${player.body.key}`)
        .send({
          game: 'reversi',
          format: 'round-robin',
          timeControl: { perMoveSeconds: 3600 },
          entrants: [{ player: player.body.id }, { name: `m7-b-${run}`, bot: 'greedy' }],
        })
        .expect(201);
      const url = `${base}/tournaments/${created.body.id}/events`;
      for (let i = 0; i < 2; i++) {
        const s = await SseClient.open(url);
        open.push(s);
        expect(s.status).toBe(200);
      }
      await untilOpen(limited, 2);
      const refused = await http.get(`/tournaments/${created.body.id}/events`).expect(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', reason: 'live/per-token' });
      open.shift()?.close();
      await untilOpen(limited, 1);
      const again = await SseClient.open(url);
      open.push(again);
      expect(again.status).toBe(200);
      await untilOpen(limited, 2);

      // While nothing happens, the open streams poll the tournament's progress only, never the whole tournament;
      // a step (the player resigns, the tournament ends) makes every stream read it, and reaches every stream.
      const wholeReads = jest.spyOn(limited.get(TournamentService), 'state');
      await new Promise((r) => setTimeout(r, 1500)); // three polls of each stream
      expect(wholeReads).not.toHaveBeenCalled();
      await http
        .post(`/games/reversi/matches/${created.body.rounds[0].matches[0].id}/resign`)
        .set('Authorization', `Bearer ${player.body.key}`)
        .expect(200);
      await limited.get(TournamentDirector).sweep();
      await Promise.all(
        open.map((s) => s.until((c) => c.events.some((e) => e.event === 'tournament.finished'), 20_000)),
      );
      expect(wholeReads).toHaveBeenCalled();
    } finally {
      for (const s of open) s.close();
      await limited.close();
    }
  }, 60_000);

  it("M9: a player is entered only by itself, with its key: no key, another player's key or a seat token is 403; an unknown key 401", async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const victim = await h.client.http
      .post('/players')
      .send({ name: `victim-${run}` })
      .expect(201);
    const other = await h.client.http
      .post('/players')
      .send({ name: `other-${run}` })
      .expect(201);
    const { seats } = await h.client.create('reversi', ['a', 'b']);
    const body = {
      game: 'reversi',
      format: 'round-robin',
      timeControl: { perMoveSeconds: 3600 },
      entrants: [{ player: victim.body.id }, { name: `m9-${run}`, bot: 'greedy' }],
    };
    const refusals: [string | undefined, number, string][] = [
      [undefined, 403, 'FORBIDDEN'],
      [other.body.key, 403, 'FORBIDDEN'],
      [seats[0]?.token, 403, 'FORBIDDEN'],
      ['tbp_not-a-key-of-anyone', 401, 'UNAUTHENTICATED'],
    ];
    for (const [key, status, code] of refusals) {
      const req = h.client.http.post('/tournaments');
      if (key !== undefined) req.set('Authorization', `Bearer ${key}`);
      const res = await req.send(body).expect(status);
      expect(res.body.code).toBe(code);
      if (status === 403) expect(res.body.reason).toBe('entrants/not-yourself');
    }
    // Nothing was written for the victim: it holds no match.
    const mine = await h.client.http
      .get('/players/me/matches')
      .set('Authorization', `Bearer ${victim.body.key}`)
      .expect(200);
    expect(mine.body.matches).toEqual([]);
    // With its own key, the player enters.
    const created = await h.client.http
      .post('/tournaments')
      .set('Authorization', `Bearer ${victim.body.key}`)
      .send(body)
      .expect(201);
    expect(created.body.entrants[0]).toEqual({ name: `victim-${run}`, kind: 'player', player: victim.body.id });
    await h.client.http
      .post(`/games/reversi/matches/${created.body.rounds[0].matches[0].id}/resign`)
      .set('Authorization', `Bearer ${victim.body.key}`)
      .expect(200);
  });

  it("audit: a tournament stream's after / Last-Event-ID is bounded as every other cursor is", async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const bad of ['-1', '1.5', 'x', '2000000001', '1e300']) {
      const res = await h.client.http.get(`/tournaments/${id}/events?after=${bad}`).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'after/invalid' });
    }
    await h.client.http.get(`/tournaments/${id}/events`).set('Last-Event-ID', '99999999999').expect(400);
    await h.client.http.get(`/tournaments/${id}/events?after=2000000000`).expect(404);
  });
});
