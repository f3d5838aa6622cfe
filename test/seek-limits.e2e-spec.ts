import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SeekMatcher } from '../src/seeks/seek.matcher';
import { Db } from './support/client';
import { baseUrl } from './support/sse';
import { type TestClock, startTimedApp } from './support/timed-app';

/**
 * Seeks that cannot be hoarded (issue #35, the audit's N7 and N10): a player holds at most SEEKS_PER_PLAYER (3)
 * waiting seeks, concurrent posts included; `botAfterSeconds` is at most the seek's lifetime; and 3,000 waiting
 * seeks leave `GET /games` as fast as idle, within 2×, with the matcher running on its own loop.
 */
describe('seek limits', () => {
  let app: NestFastifyApplication;
  let clock: TestClock;
  let pool = 70_000;
  const db = new Db();
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, clock } = await startTimedApp());
  });
  afterAll(async () => {
    await app?.close();
    await db.close();
  });

  const player = async (name: string): Promise<{ id: string; key: string }> => {
    const res = await http().post('/players').send({ name }).expect(201);
    return { id: res.body.id, key: res.body.key };
  };
  const seek = (p: { key: string }, body: object) =>
    http().post('/games/reversi/seeks').set('Authorization', `Bearer ${p.key}`).send(body);
  const newPool = () => ({ timeControl: { perMoveSeconds: ++pool } });

  it('a 4th waiting seek is 409 TOO_MANY_SEEKS; once one is cancelled another is taken', async () => {
    const ann = await player('ann');
    const held = [];
    for (let i = 0; i < 3; i++) held.push((await seek(ann, newPool()).expect(201)).body.id);
    const refused = await seek(ann, newPool()).expect(409);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_SEEKS', reason: 'seek/too-many' });
    expect(refused.body.message).toMatch(/at most 3 waiting seeks/);
    await http().delete(`/seeks/${held[0]}`).set('Authorization', `Bearer ${ann.key}`).expect(200);
    await seek(ann, newPool()).expect(201);
    await seek(ann, newPool()).expect(409);
    // An expired seek no longer counts, even before the matcher has marked it.
    clock.advance(600_000);
    await seek(ann, newPool()).expect(201);
  });

  it('12 seeks posted at once by one player: exactly 3 are taken', async () => {
    const bob = await player('bob');
    const answers = await Promise.all(Array.from({ length: 12 }, () => seek(bob, newPool())));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    const rows = await db.pool.query(
      `SELECT count(*)::int AS n FROM "Seek" WHERE "playerId" = $1 AND "status" = 'waiting'`,
      [bob.id],
    );
    expect(rows.rows[0].n).toBe(3);
  });

  it("botAfterSeconds over the seek's lifetime (SEEK_TTL_SECONDS, 600) is 400; equal to it, the bot takes the seek as it would expire", async () => {
    const cat = await player('cat');
    const over = await seek(cat, { ...newPool(), botAfterSeconds: 601 }).expect(400);
    expect(over.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'seek/bot-after-ttl' });
    expect(over.body.message).toMatch(/at most 600/);
    expect((await seek(cat, { ...newPool(), botAfterSeconds: 3600 }).expect(400)).body.reason).toBe(
      'seek/bot-after-ttl',
    );
    const a = await seek(cat, { ...newPool(), botAfterSeconds: 600 }).expect(201);
    clock.advance(600_000);
    const matcher = app.get(SeekMatcher);
    for (let i = 0; i < 100 && !(await matcher.sweep()); i++) await new Promise((r) => setTimeout(r, 50));
    const read = await http().get(`/seeks/${a.body.id}`).set('Authorization', `Bearer ${cat.key}`).expect(200);
    expect(read.body.status).toBe('matched');
  });
});

describe('3,000 waiting seeks and GET /games', () => {
  let app: NestFastifyApplication;
  const db = new Db();
  const tag = `p99-${Date.now().toString(36)}`;

  beforeAll(async () => {
    // The matcher on its own loop, every SEEK_SWEEP_MS (500, the default), as in production.
    ({ app } = await startTimedApp({ seekSweepMs: 500 }));
  });
  afterAll(async () => {
    await db.pool.query(`DELETE FROM "Seek" WHERE "name" = $1`, [tag]);
    await app?.close();
    await db.close();
  });

  /** The 99th percentile of `n` sequential GET /games over one keep-alive client, in ms. */
  const p99 = async (base: string, n: number): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/games`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /games: ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return times[Math.ceil(n * 0.99) - 1] as number;
  };

  it('leave its p99 within 2× of idle, measured in one run', async () => {
    const base = await baseUrl(app);
    await p99(base, 100); // warm-up: JIT, the connection, the catalogue
    const idle = await p99(base, 400);

    // 3,000 seeks of one pool from 3,000 players, each rated apart from the others with a range of 0: none can
    // ever meet, so every pass of the matcher has all of them to walk (the audit's case).
    const pool = JSON.stringify({ tag });
    await db.pool.query(
      `INSERT INTO "Seek" ("id", "game", "playerId", "name", "pool", "options", "clock", "seats", "ratingRange",
                           "botAfterSeconds", "rating", "tokenHash", "status", "createdAt", "expiresAt")
       SELECT gen_random_uuid(), 'reversi', gen_random_uuid(), $1, $2, '{}', NULL, 2, 0, NULL, i, 'x', 'waiting',
              now() - make_interval(secs => i / 100.0), now() + interval '10 minutes'
         FROM generate_series(1, 3000) AS i`,
      [tag, pool],
    );
    // Passes over them have run (a pair of seeks posted now is seated by the loop), then measure.
    const pair = JSON.stringify({ tag, pair: true });
    const [a, b] = ['a', 'b'].map(() => crypto.randomUUID());
    for (const id of [a, b])
      await db.pool.query(
        `INSERT INTO "Seek" ("id", "game", "playerId", "name", "pool", "options", "clock", "seats", "ratingRange",
                             "botAfterSeconds", "rating", "tokenHash", "status", "createdAt", "expiresAt")
         VALUES ($1, 'reversi', gen_random_uuid(), $2, $3, '{}', NULL, 2, 5, NULL, 0, 'x', 'waiting', now(), now() + interval '10 minutes')`,
        [id, tag, pair],
      );
    const status = async (): Promise<string[]> =>
      (await db.pool.query(`SELECT "status" FROM "Seek" WHERE "id" = ANY($1::uuid[])`, [[a, b]])).rows.map(
        (r) => r.status,
      );
    for (let i = 0; i < 100 && (await status()).some((s) => s !== 'matched'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toEqual(['matched', 'matched']);
    const waiting = await db.pool.query(
      `SELECT count(*)::int AS n FROM "Seek" WHERE "name" = $1 AND "status" = 'waiting'`,
      [tag],
    );
    expect(waiting.rows[0].n).toBe(3000);

    const loaded = await p99(base, 400);
    console.log(`GET /games p99: idle ${idle.toFixed(2)} ms, with 3,000 waiting seeks ${loaded.toFixed(2)} ms`);
    expect(loaded).toBeLessThanOrEqual(2 * idle);
  }, 120_000);
});
