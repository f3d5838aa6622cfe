import { type Socket, connect } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import request from 'supertest';
import { createApp } from '../src/app';
import { type AppConfig, configFromEnv } from '../src/common/config';

async function appWith(overrides: Partial<AppConfig>): Promise<NestFastifyApplication> {
  const app = await createApp(
    { ...configFromEnv({ NODE_ENV: 'test' }), ...overrides, databaseUrl: process.env.DATABASE_URL },
    ['error'],
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Listens on a free port and returns it. */
async function listen(app: NestFastifyApplication): Promise<number> {
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Sends `raw` on a fresh connection and collects everything the server writes until it closes. */
function exchange(port: number, raw: string, keepOpenMs = 0): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    const timer =
      keepOpenMs > 0
        ? setTimeout(() => {
            socket.destroy();
            resolve({ text, closed: false });
          }, keepOpenMs)
        : undefined;
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write(raw);
  });
}

const players = { players: [{ name: 'limit-a' }, { name: 'limit-b' }] };

describe('limits', () => {
  it('are on by default: every answer carries RateLimit-* headers of the tightest limit', async () => {
    const config = configFromEnv({});
    expect(config.rateLimitPerMinute).toBeGreaterThan(0);
    const app = await appWith({});
    try {
      const http = request(app.getHttpServer());
      const read = await http.get('/games').expect(200);
      expect(read.headers['ratelimit-limit']).toBe(String(config.rateLimitPerMinute));
      expect(Number(read.headers['ratelimit-remaining'])).toBe(config.rateLimitPerMinute - 1);
      expect(read.headers['ratelimit-policy']).toBe(`${config.rateLimitPerMinute};w=60`);
      const created = await http.post('/games/reversi/matches').send(players).expect(201);
      expect(created.headers['ratelimit-limit']).toBe(String(config.createLimitPerMinute)); // the tighter one
      expect(Number(created.headers['ratelimit-remaining'])).toBe(config.createLimitPerMinute - 1);
      expect(Number(created.headers['ratelimit-reset'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('limit match creation per client: 429 RATE_LIMITED with Retry-After, and nothing written', async () => {
    const app = await appWith({ createLimitPerMinute: 2 });
    try {
      const http = request(app.getHttpServer());
      await http.post('/games/reversi/matches').send(players).expect(201);
      await http.post('/games/qwirkle/matches').send(players).expect(201); // across games
      const refused = await http
        .post('/games/reversi/matches')
        .send({ players: [{ name: 'never-written' }, { name: 'b' }] })
        .expect(429);
      expect(refused.body).toMatchObject({
        statusCode: 429,
        code: 'RATE_LIMITED',
        reason: 'rate-limit/create',
        details: { limit: 2, windowSeconds: 60 },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
      const written = await pool.query(`SELECT count(*)::int AS n FROM "Seat" WHERE "name" = 'never-written'`);
      await pool.end();
      expect(written.rows[0].n).toBe(0);
      // Reads and moves are still within the general limit.
      await http.get('/games').expect(200);
    } finally {
      await app.close();
    }
  });

  it('are keyed by the client address, which X-Forwarded-For sets only from a trusted proxy', async () => {
    for (const trustProxy of [false, 'loopback'] as const) {
      const app = await appWith({ rateLimitPerMinute: 2, trustProxy });
      try {
        const http = request(app.getHttpServer());
        const statuses: number[] = [];
        for (const client of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
          statuses.push((await http.get('/games').set('X-Forwarded-For', client)).status);
          statuses.push((await http.get('/games').set('X-Forwarded-For', client)).status);
        }
        // Untrusted, all six come from 127.0.0.1; trusted, each forwarded client has its own two.
        expect(statuses).toEqual(trustProxy ? [200, 200, 200, 200, 200, 200] : [200, 200, 429, 429, 429, 429]);
      } finally {
        await app.close();
      }
    }
  });

  it('limit stream openings on their own budget, and never /health', async () => {
    const app = await appWith({ rateLimitPerMinute: 5, streamLimitPerMinute: 2 });
    try {
      const http = request(app.getHttpServer());
      const unknown = '/games/reversi/matches/00000000-0000-4000-8000-000000000000/events';
      // A refused opening counts too: the limit is checked before the route looks at the match.
      const first = await http.get(unknown).expect(404);
      expect(first.headers['ratelimit-limit']).toBe('2');
      expect(first.headers['ratelimit-remaining']).toBe('1');
      await http.get('/players/me/events').expect(401); // the player feed shares the stream budget
      const refused = await http.get(unknown).expect(429);
      expect(refused.body).toMatchObject({
        code: 'RATE_LIMITED',
        reason: 'rate-limit/stream',
        details: { limit: 2, windowSeconds: 60 },
      });
      for (let i = 0; i < 4; i++) {
        const health = await http.get('/health').expect(200);
        expect(health.headers['ratelimit-limit']).toBeUndefined();
      }
      // Three requests so far count against the general budget of 5 (the refused one included); /health did not.
      const read = await http.get('/games').expect(200);
      expect(read.headers['ratelimit-remaining']).toBe('1');
      await http.get('/games').expect(200);
      expect((await http.get('/games').expect(429)).body).toMatchObject({ reason: 'rate-limit/default' });
    } finally {
      await app.close();
    }
  });

  it('are all off with RATE_LIMIT_PER_MINUTE=0 (for load tests)', async () => {
    const app = await appWith(configFromEnv({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_CREATE_PER_MINUTE: '1' }));
    try {
      const http = request(app.getHttpServer());
      for (let i = 0; i < 3; i++) {
        const res = await http.post('/games/reversi/matches').send(players).expect(201);
        expect(res.headers['ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it('cut a request whose body does not arrive in time with 408 REQUEST_TIMEOUT, in the error format', async () => {
    const app = await appWith({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    try {
      const port = await listen(app);
      const res = await exchange(
        port,
        'POST /games/reversi/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"pla',
      );
      expect(res.closed).toBe(true);
      expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(res.text.slice(res.text.indexOf('\r\n\r\n') + 4))).toEqual({
        statusCode: 408,
        code: 'REQUEST_TIMEOUT',
        message: 'The request did not arrive in time.',
      });
    } finally {
      await app.close();
    }
  });

  it('close connections beyond MAX_CONNECTIONS', async () => {
    const app = await appWith({ maxConnections: 2 });
    try {
      const port = await listen(app);
      const held = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
      await Promise.all(held.map((s) => new Promise((resolve) => s.once('connect', resolve))));
      await new Promise((resolve) => setTimeout(resolve, 100)); // let the server accept both
      const third = await exchange(port, 'GET /games HTTP/1.1\r\nHost: x\r\n\r\n', 3000);
      expect(third).toEqual({ text: '', closed: true });
      held.forEach((s) => s.destroy());
    } finally {
      await app.close();
    }
  });

  it('refuse unsafe settings at start-up', () => {
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => configFromEnv({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8, loopback');
    expect(() => configFromEnv({ RATE_LIMIT_CREATE_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_CREATE_PER_MINUTE/);
    expect(() => configFromEnv({ HEADERS_TIMEOUT_SECONDS: '40' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() => configFromEnv({ TURNBASE_FIXED_SEED: 'x', NODE_ENV: 'production' })).toThrow(/NODE_ENV=test/);
    expect(() => configFromEnv({ TURNBASE_FIXED_SEED: 'x' })).toThrow(/NODE_ENV=test/);
    expect(configFromEnv({ TURNBASE_FIXED_SEED: 'x', NODE_ENV: 'test' }).fixedSeed).toBe('x');
  });
});

describe("the HTTP layer's own errors", () => {
  it('use the error format, with a stable code, and never echo the path', async () => {
    const app = await appWith({ rateLimitPerMinute: 0 });
    try {
      const port = await listen(app);
      const longId = 'x'.repeat(1001);
      const long = await request(app.getHttpServer()).get(`/games/reversi/matches/${longId}`).expect(414);
      expect(long.body).toEqual({
        statusCode: 414,
        code: 'URI_TOO_LONG',
        message: 'A path parameter is too long.',
        details: { requestId: long.headers['x-request-id'] },
      });
      expect(long.text).not.toContain('xxxx');

      const badUrl = await request(app.getHttpServer()).get('/games/reversi/matches/%E0%A4%A').expect(400);
      expect(badUrl.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(badUrl.text).not.toContain('%E0');

      const big = await exchange(port, `GET /games HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
      expect(big.text).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(big.text.slice(big.text.indexOf('\r\n\r\n') + 4))).toEqual({
        statusCode: 431,
        code: 'HEADERS_TOO_LARGE',
        message: 'The request headers are too large.',
      });

      const garbage = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage.text).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(garbage.text.slice(garbage.text.indexOf('\r\n\r\n') + 4))).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
      });
    } finally {
      await app.close();
    }
  });
});
