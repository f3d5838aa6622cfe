/**
 * Issue 28: while the database is stopped every route that needs it answers 503 SERVICE_UNAVAILABLE with
 * reason database/unavailable and Retry-After (never 500), and once it is back the same app answers 200
 * again, with no restart. The API runs on its own embedded Postgres here (the shared test database is not
 * stopped under the other suites), kept on disk across the stop.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import type { Database } from '../src/store/database';
import { ReadOnlyServerError } from '../src/store/db-unavailable';
import { DATABASE } from '../src/store/store.module';
import { EVENT_STORE, type EventStore } from '../src/matches/event-store.port';
import { Pool } from 'pg';
import { Client } from './support/client';
import { type StoppablePostgres, startStoppablePostgres } from './support/stoppable-postgres';

describe('an unavailable database', () => {
  let pg: StoppablePostgres;
  let app: NestFastifyApplication;
  let client: Client;

  beforeAll(async () => {
    pg = await startStoppablePostgres('turnbase_stoppable');
    app = await createApp(
      {
        ...configFromEnv(),
        databaseUrl: pg.url,
        poolSize: 4,
        rateLimitPerMinute: 0,
        fixedSeed: 'turnbase-e2e',
        clockSweepMs: 0,
        webhookPollMs: 0,
        databaseTimeouts: { connectMs: 1000, retryMs: 300 },
      },
      ['error'],
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    client = new Client(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pg?.stop();
  });

  it('answers 503 with Retry-After on every kind of request while it is stopped, and 200 again once it is back', async () => {
    const { id, seats } = await client.create('reversi', ['a', 'b']);
    const player = await client.http.post('/players').send({ name: 'pat' }).expect(201);
    const requests = (): Array<[string, () => request.Test]> => [
      [
        'create a match',
        () => client.http.post('/games/reversi/matches').send({ players: [{ name: 'x' }, { name: 'y' }] }),
      ],
      ['read a match', () => client.get('reversi', id, seats[0]?.token)],
      ['read as a spectator', () => client.get('reversi', id)],
      ['move', () => client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0)],
      [
        'move with an Idempotency-Key',
        () => client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).set('Idempotency-Key', 'k-1'),
      ],
      ['read the log', () => client.log('reversi', id)],
      ['legal moves', () => client.legal('reversi', id, seats[0]?.token as string)],
      ['the lobby', () => client.http.get('/games/reversi/matches')],
      ['create a player', () => client.http.post('/players').send({ name: 'quin' })],
      ["a player's own page", () => client.http.get('/players/me').set('Authorization', `Bearer ${player.body.key}`)],
      ['health', () => client.http.get('/health')],
      ['readiness', () => client.http.get('/health/ready')],
    ];

    await pg.halt();
    try {
      for (const [what, send] of requests()) {
        const res = await send();
        expect({ what, status: res.status, code: res.body.code }).toEqual({
          what,
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
        });
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect({ what, reason: res.body.reason }).toEqual({ what, reason: 'database/unavailable' });
      }
      await client.http.get('/health/live').expect(200, { status: 'ok' }); // the process serves: no restart wanted
    } finally {
      await pg.restart();
    }

    // Back, in the same process: the pool opens new connections, and the move lands once.
    await client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).set('Idempotency-Key', 'k-1').expect(200);
    for (const [what, send] of requests()) {
      const res = await send();
      const expected =
        what === 'move' ? 409 : what === 'move with an Idempotency-Key' ? 200 : res.status < 300 ? res.status : 200;
      expect({ what, status: res.status }).toEqual({ what, status: expected });
    }
    const log = await client.log('reversi', id).expect(200);
    expect(log.body.entries).toHaveLength(1);
  });

  it('answers database/read-only when the server refuses writes, and /health/ready is 503 on a standby', async () => {
    const { id, seats } = await client.create('reversi', ['a', 'b']);
    const admin = new Pool({ connectionString: pg.url, max: 1 });
    admin.on('error', () => undefined);
    const dropSessions = async () => {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await new Promise((r) => setTimeout(r, 300)); // the pool hears of the ends
    };
    try {
      await admin.query('ALTER DATABASE turnbase_stoppable SET default_transaction_read_only = on');
      await dropSessions(); // the setting applies to new sessions
      const res = await client
        .move('reversi', id, seats[0]?.token, { square: 'd3' }, 0)
        .set('Idempotency-Key', 'ro-1')
        .expect(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'database/read-only' });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await admin.query('ALTER DATABASE turnbase_stoppable RESET default_transaction_read_only');
      await dropSessions();
      await admin.end();
    }
    await client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).set('Idempotency-Key', 'ro-1').expect(200);

    // A standby: the pool refuses its connections (pg_is_in_recovery), and readiness says why.
    const db = app.get<Database>(DATABASE);
    const spy = jest.spyOn(db, 'query').mockRejectedValue(new ReadOnlyServerError());
    try {
      const ready = await client.http.get('/health/ready').expect(503);
      expect(ready.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', reason: 'database/read-only' });
      expect(ready.headers['retry-after']).toMatch(/^\d+$/);
      await client.http.get('/health').expect(503);
      await client.http.get('/health/live').expect(200);
    } finally {
      spy.mockRestore();
    }
    await client.http.get('/health/ready').expect(200);
    await client.http.get('/health').expect(200);
  });

  it('re-runs a keyed move whose connection was lost after it committed: it finds its first answer, written once', async () => {
    const store = app.get<EventStore>(EVENT_STORE);
    const real = store.append.bind(store);
    const lostAnswer = () =>
      jest.spyOn(store, 'append').mockImplementationOnce(async (...args) => {
        await real(...args); // committed...
        throw new Error('Connection terminated unexpectedly'); // ...and the answer lost (what pg says when the socket ends)
      });

    const { id, seats } = await client.create('reversi', ['a', 'b']);
    let spy = lostAnswer();
    const keyed = await client
      .move('reversi', id, seats[0]?.token, { square: 'd3' }, 0)
      .set('Idempotency-Key', 'lost-1')
      .expect(200);
    expect(keyed.body.version).toBe(1);
    expect(keyed.headers['idempotent-replayed']).toBe('true');
    spy.mockRestore();

    // Without a key the server cannot tell: 503, and the client decides (its retry with the same move is a 409).
    spy = lostAnswer();
    const bare = await client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 1).expect(503);
    expect(bare.body.reason).toBe('database/unavailable');
    spy.mockRestore();

    const log = await client.log('reversi', id).expect(200);
    expect(log.body.entries.map((e: { move: { square: string } }) => e.move.square)).toEqual(['d3', 'c3']);
  });

  it('declares 503 with Retry-After on every operation of the spec', async () => {
    const doc = (await client.http.get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.responses?.['503']?.headers?.['Retry-After']) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
