import { ClockScheduler } from '../src/clocks/clock.scheduler';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import { GAMES } from '../src/games/games';
import { type Database, openDatabase, type SqlRunner } from '../src/store/database';
import { runVerify } from '../src/verify/run-verify';
import { type VerifyFailure, verifyLogs } from '../src/verify/verify-logs';
import { Client } from './support/client';
import { useApp } from './support/harness';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';
import { qwirkleExchanges } from './support/long-log';

const engines = GAMES.map((g) => g.engine);

describe('npm run verify on the test database', () => {
  const h = useApp();
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 2 });
  });
  afterAll(async () => {
    await db?.close();
  });

  async function playSome(game: string, names: string[], moves: number): Promise<string> {
    const { id, seats } = await h.client.create(game, names);
    for (let version = 0; version < moves; version++) {
      const match = (await h.client.get(game, id).expect(200)).body as { toMove: number[] };
      const seat = match.toMove[0] as number;
      const legal = (await h.client.legal(game, id, seats[seat]?.token as string).expect(200)).body as {
        moves: unknown[];
      };
      await h.client.move(game, id, seats[seat]?.token, legal.moves[0], version).expect(200);
    }
    return id;
  }

  it('passes good logs and reports a tampered one, with the event, and exits non-zero', async () => {
    const good = [
      await playSome('reversi', ['a', 'b'], 6),
      await playSome('qwirkle', ['a', 'b', 'c'], 4),
      await playSome('split', ['a', 'b'], 3),
    ];
    const misfiled = await playSome('reversi', ['a', 'b'], 1);
    const tampered = await playSome('reversi', ['a', 'b'], 4);
    // Behind the server's back: event 3 becomes a move onto an occupied square.
    await h.db.pool.query(`UPDATE "MatchEvent" SET "payload" = '{"square":"d4"}' WHERE "matchId" = $1 AND "seq" = 3`, [
      tampered,
    ]);
    // And a match whose stored status no longer matches its log.
    await h.db.pool.query(`UPDATE "Match" SET "status" = 'finished' WHERE "id" = $1`, [misfiled]);

    const failures: VerifyFailure[] = [];
    const summary = await verifyLogs(db, engines, { onFailure: (f) => failures.push(f), pageSize: 3 });
    const mine = new Map(failures.map((f) => [f.id, f]));
    for (const id of good) expect(mine.get(id)).toBeUndefined();
    expect(mine.get(tampered)).toMatchObject({
      game: 'reversi',
      seq: 3,
      problem: expect.stringContaining('ILLEGAL_MOVE'),
    });
    expect(mine.get(misfiled)).toMatchObject({ seq: null, problem: expect.stringContaining('stored as finished') });
    expect(summary.matches).toBeGreaterThanOrEqual(good.length + 2);
    expect(summary.failed).toBe(failures.length);

    const lines: string[] = [];
    const code = await runVerify(
      db,
      engines,
      (line) => lines.push(line),
      () => undefined,
    );
    expect(code).toBe(1);
    expect(lines).toContain(`FAIL reversi ${tampered} at event 3: ${mine.get(tampered)?.problem}`);
    expect(lines[lines.length - 1]).toMatch(
      /^verified \d+ matches \(\d+ events\) under rules versions reversi 1, .*: \d+ no longer replay$/,
    );
    // Read-only: the tampered log is reported, not patched.
    const stored = await h.db.pool.query('SELECT "payload" FROM "MatchEvent" WHERE "matchId" = $1 AND "seq" = 3', [
      tampered,
    ]);
    expect(stored.rows[0].payload).toEqual({ square: 'd4' });
  });

  it('passes the logs of every event type and status: joins, waiting, aborted, timed out, a seat that left, resigned, bot seats', async () => {
    const HOUR = 3_600_000;
    const { app, clock } = await startTimedApp({ botSweepMs: 0 });
    try {
      const client = new Client(app);
      const create = async (
        game: string,
        body: Record<string, unknown>,
      ): Promise<{ id: string; seats: { token: string }[] }> => {
        const res = await client.http.post(`/games/${game}/matches`).send(body);
        if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      };
      const joined = await create('reversi', { players: [{ name: 'a' }, { open: true }] });
      await client.http.post(`/games/reversi/matches/${joined.id}/join`).send({ name: 'b' }).expect(200);
      const waiting = await create('qwirkle', { players: [{ name: 'a' }, { open: true }, { open: true }] });
      await client.http.post(`/games/qwirkle/matches/${waiting.id}/join`).send({ name: 'b' }).expect(200);
      const aborted = await create('split', { players: [{ name: 'a' }, { open: true }] });
      const timedOut = await create('reversi', {
        players: [{ name: 'a' }, { name: 'b' }],
        timeControl: { perMoveSeconds: 3600 },
      });
      const left = await create('qwirkle', {
        players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
        timeControl: { perMoveSeconds: 3600 },
        onTimeout: 'forfeit',
      });
      const resigned = await create('deblockle', { players: [{ name: 'a' }, { name: 'b' }] });
      await client.http
        .post(`/games/deblockle/matches/${resigned.id}/resign`)
        .set('Authorization', `Bearer ${resigned.seats[1]?.token}`)
        .send({})
        .expect(200);
      const bots = await create('reversi', { players: [{ name: 'a' }, { bot: 'random' }] });
      // Only these two matches' deadlines are applied (a sweep would take other test files' matches too).
      clock.advance(HOUR + 1000);
      const engine = (game: string) => engines.find((e) => e.id === game) as (typeof engines)[number];
      await app.get(ClockScheduler).applyDue(engine('reversi'), timedOut.id);
      await app.get(ClockScheduler).applyDue(engine('qwirkle'), left.id);
      // Past the wait: a join finds the match expired and aborts it (MatchAborted).
      clock.advance(2 * 86_400_000);
      await client.http.post(`/games/split/matches/${aborted.id}/join`).send({ name: 'b' }).expect(409);

      const statuses = await h.db.pool.query(
        'SELECT "id"::text AS "id", "status" FROM "Match" WHERE "id" = ANY($1::uuid[])',
        [[joined.id, waiting.id, aborted.id, timedOut.id, left.id, resigned.id, bots.id]],
      );
      const status = new Map(statuses.rows.map((r: { id: string; status: string }) => [r.id, r.status]));
      expect([joined, waiting, aborted, timedOut, left, resigned, bots].map((m) => status.get(m.id))).toEqual([
        'active',
        'waiting',
        'aborted',
        'finished',
        'active',
        'finished',
        'active',
      ]);
      const types = await h.db.pool.query(
        'SELECT DISTINCT "type" FROM "MatchEvent" WHERE "matchId" = ANY($1::uuid[]) ORDER BY "type"',
        [[joined.id, aborted.id, timedOut.id, left.id, resigned.id]],
      );
      expect(types.rows.map((r: { type: string }) => r.type)).toEqual([
        'MatchAborted',
        'PlayerResigned',
        'SeatJoined',
        'TimedOut',
      ]);

      const failures: VerifyFailure[] = [];
      await verifyLogs(db, engines, { onFailure: (f) => failures.push(f), pageSize: 3 });
      const ids = new Set([joined, waiting, aborted, timedOut, left, resigned, bots].map((m) => m.id));
      expect(failures.filter((f) => ids.has(f.id))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('stops, rather than blaming the matches, when the database fails mid-way', async () => {
    const lose = async <T>(
      query: <U>(sql: string, params?: unknown[]) => Promise<U[]>,
      sql: string,
      params?: unknown[],
    ): Promise<T[]> => {
      if (sql.includes('"MatchEvent"')) throw new Error('connection lost');
      return query<T>(sql, params);
    };
    const failing = {
      exec: (sql: string) => db.exec(sql),
      query: <T>(sql: string, params?: unknown[]) => lose<T>(db.query.bind(db), sql, params),
      session: <T>(fn: (r: SqlRunner) => Promise<T>) =>
        db.session((r) =>
          fn({
            exec: (sql) => r.exec(sql),
            query: <U>(sql: string, params?: unknown[]) => lose<U>(r.query.bind(r), sql, params),
          }),
        ),
    };
    const failures: VerifyFailure[] = [];
    await expect(verifyLogs(failing, engines, { onFailure: (f) => failures.push(f) })).rejects.toThrow(
      'connection lost',
    );
    expect(failures).toEqual([]);
  });

  it('reads each match from one snapshot: moves appended while it runs cause no false failure', async () => {
    const matches = await Promise.all(
      Array.from({ length: 6 }, () => h.client.create('qwirkle', ['a', 'b'], { maxTurns: 100_000 })),
    );
    const logs = new Map(
      await Promise.all(matches.map(async (m) => [m.id, await qwirkleExchanges(h.db.pool, m.id, 400)] as const)),
    );
    // Appends as the server does: the event and the match's new version in one transaction, one match after another.
    let stop = false;
    let appended = 0;
    const appender = (async () => {
      const client = await h.db.pool.connect();
      try {
        for (let seq = 1; !stop && seq <= 400; seq++) {
          for (const [id, events] of logs) {
            const e = events[seq - 1]!;
            await client.query('BEGIN');
            await client.query(
              `INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload") VALUES ($1, $2, 'MoveMade', $3, $4)`,
              [id, e.seq, e.seat, JSON.stringify(e.payload)],
            );
            await client.query('UPDATE "Match" SET "version" = $2 WHERE "id" = $1', [id, e.seq]);
            await client.query('COMMIT');
            appended++;
          }
        }
      } finally {
        client.release();
      }
    })();
    const ids = new Set(logs.keys());
    const failures: VerifyFailure[] = [];
    let runs = 0;
    try {
      for (; runs < 20 && appended < 6 * 400; runs++) {
        await verifyLogs(db, engines, { onFailure: (f) => ids.has(f.id) && failures.push(f), pageSize: 50 });
      }
    } finally {
      stop = true;
      await appender;
    }
    expect(runs).toBeGreaterThan(0);
    expect(appended).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('exits 0 when every log replays', async () => {
    const scratch = await scratchDatabase('turnbase_verify_clean');
    try {
      const app = await createApp({ ...configFromEnv(), databaseUrl: scratch.url, rateLimitPerMinute: 0 }, false);
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      const client = new Client(app);
      const { id, seats } = await client.create('reversi', ['a', 'b']);
      await client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
      await client.create('deblockle', ['a', 'b']);
      await app.close();
      const clean = await openDatabase({ databaseUrl: scratch.url, dataDir: '', poolSize: 1 });
      const lines: string[] = [];
      const code = await runVerify(
        clean,
        engines,
        (line) => lines.push(line),
        () => undefined,
      );
      await clean.close();
      expect(lines).toEqual([
        expect.stringMatching(/^verified 2 matches \(1 events\) under rules versions .*: every log replays$/),
      ]);
      expect(code).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});
