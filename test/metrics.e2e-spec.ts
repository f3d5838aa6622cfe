import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { METHODS, request as httpRequest } from 'node:http';
import request from 'supertest';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import { Metrics } from '../src/metrics/metrics';
import { MetricsServer } from '../src/metrics/metrics-server';
import type { CreatedSeat, Client } from './support/client';
import { useApp } from './support/harness';
import { parseSamples, scrape, valueOf } from './support/prom-text';
import { SseClient, baseUrl } from './support/sse';

const MOVES = 'turnbase_events_total';
const MOVE = { game: 'reversi', type: 'MoveMade' };
const MOVES_ROUTE = { method: 'POST', route: '/games/{game}/matches/{id}/moves', status: '200' };

/** Plays `n` moves of a Reversi match (the first legal move of the seat to move); answers the version after. */
async function play(client: Client, id: string, seats: CreatedSeat[], n: number): Promise<number> {
  let version = 0;
  for (let i = 0; i < n; i++) {
    const match = await client.get('reversi', id).expect(200);
    version = match.body.version as number;
    const token = (seats[(match.body.toMove as number[])[0] as number] as CreatedSeat).token;
    const legal = await client.legal('reversi', id, token).expect(200);
    await client.move('reversi', id, token, (legal.body.moves as unknown[])[0], version).expect(200);
  }
  return version + 1;
}

/** One request by raw node:http, any method; answers its status, or the error code when the server cut it. */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, { method, headers: { connection: 'close', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** Every series of the request family in a scrape, as one string each (name and labels). */
function requestSeries(text: string): Set<string> {
  return new Set(
    parseSamples(text)
      .filter((s) => s.name.startsWith('turnbase_http_request_duration_seconds'))
      .map((s) => `${s.name}${JSON.stringify(s.labels)}`),
  );
}

describe('metrics (GET /metrics on METRICS_PORT)', () => {
  // No bot runner and no tournament director: they work on the whole shared test database, and a bot match of
  // another file played by this app's runner was counted here (108 moves where this test made 10).
  const h = useApp({ botSweepMs: 0, tournamentSweepMs: 0 });
  let port: number;

  beforeAll(async () => {
    port = await h.app.get(MetricsServer).listen(0, '127.0.0.1');
  });

  it('counts exactly: N appended moves are N increments, and refusals, conflicts and replays none', async () => {
    const before = await scrape(port);
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    const N = 9;
    const version = await play(h.client, id, seats, N);

    // Refused, stale and replayed: nothing appended, nothing counted.
    const toMove = (await h.client.get('reversi', id).expect(200)).body.toMove as number[];
    const mover = seats[toMove[0] as number] as CreatedSeat;
    const other = seats[1 - (toMove[0] as number)] as CreatedSeat;
    await h.client.move('reversi', id, other.token, { square: 'a1' }, version).expect(409); // not this seat's turn
    await h.client.move('reversi', id, mover.token, { square: 'a1' }, version).expect(422); // no flips
    await h.client.move('reversi', id, mover.token, { square: 'a1' }, version - 1).expect(409); // stale
    const legal = (await h.client.legal('reversi', id, mover.token).expect(200)).body.moves as unknown[];
    const keyed = () =>
      h.client.move('reversi', id, mover.token, legal[0], version).set('Idempotency-Key', 'metrics-once');
    await keyed().expect(200);
    const replay = await keyed().expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const after = await scrape(port);
    expect(await h.db.eventCount(id)).toBe(N + 1);
    expect(valueOf(after, MOVES, MOVE) - valueOf(before, MOVES, MOVE)).toBe(N + 1);
    expect(
      valueOf(after, 'turnbase_matches_created_total', { game: 'reversi' }) -
        valueOf(before, 'turnbase_matches_created_total', { game: 'reversi' }),
    ).toBe(1);
    // Every event went through an append statement, each counted once (this app appends nothing else meanwhile).
    expect(valueOf(after, 'turnbase_append_batch_size_sum') - valueOf(before, 'turnbase_append_batch_size_sum')).toBe(
      N + 1,
    );
    // The moves route by its template: N + 1 moves and the replay answered 200.
    const count = 'turnbase_http_request_duration_seconds_count';
    expect(valueOf(after, count, MOVES_ROUTE) - valueOf(before, count, MOVES_ROUTE)).toBe(N + 2);
    expect(
      valueOf(after, count, { ...MOVES_ROUTE, status: '409' }) -
        valueOf(before, count, { ...MOVES_ROUTE, status: '409' }),
    ).toBe(2);
    expect(
      valueOf(after, count, { ...MOVES_ROUTE, status: '422' }) -
        valueOf(before, count, { ...MOVES_ROUTE, status: '422' }),
    ).toBe(1);
  });

  it('labels routes by template: never a match id or a token', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    await play(h.client, id, seats, 2);
    await h.client.get('reversi', id, (seats[0] as CreatedSeat).token).expect(200);
    const stream = await SseClient.open(
      `${await baseUrl(h.app)}/games/reversi/matches/${id}/events?token=${(seats[1] as CreatedSeat).token}`,
    );
    expect(stream.status).toBe(200);
    stream.close();
    await h.client.http.get(`/no/such/${id}`).expect(404);
    const text = await scrape(port);
    expect(text).not.toContain(id);
    for (const s of seats) expect(text).not.toContain(s.token);
    const routes = new Set(
      parseSamples(text)
        .filter((s) => s.name.startsWith('turnbase_http_request_duration_seconds'))
        .map((s) => s.labels.route),
    );
    expect(routes).toContain('/games/{game}/matches/{id}/moves');
    expect(routes).toContain('/games/{game}/matches/{id}');
    expect(routes).toContain('/games/{game}/matches');
    expect(routes).toContain('unmatched');
    for (const route of routes) expect(route).toMatch(/^(unmatched|(\/([a-z0-9.-]+|\{[a-zA-Z*]+\}))+|\/)$/);
  });

  it('reads the gauges when scraped: pool, listener, streams, outbox', async () => {
    const { id } = await h.client.create('reversi', ['ann', 'bob']);
    const stream = await SseClient.open(`${await baseUrl(h.app)}/games/reversi/matches/${id}/events`);
    try {
      expect(stream.status).toBe(200);
      const open = await scrape(port);
      expect(valueOf(open, 'turnbase_streams_open', { kind: 'sse' })).toBe(1);
      expect(valueOf(open, 'turnbase_streams_open', { kind: 'longpoll' })).toBe(0);
      expect(valueOf(open, 'turnbase_streams_open', { kind: 'feed' })).toBe(0);
      expect(valueOf(open, 'turnbase_listener_up')).toBe(1);
      expect(
        valueOf(open, 'turnbase_db_pool_connections', { state: 'idle' }) +
          valueOf(open, 'turnbase_db_pool_connections', { state: 'busy' }),
      ).toBeGreaterThan(0);
      expect(parseSamples(open).some((s) => s.name === 'turnbase_db_pool_waiting')).toBe(true);
      expect(parseSamples(open).some((s) => s.name === 'turnbase_webhook_outbox_pending')).toBe(true);
      // The process defaults of prom-client, event-loop lag among them (an alert reads it).
      expect(parseSamples(open).some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    } finally {
      stream.close();
    }
    const until = Date.now() + 5000;
    while (valueOf(await scrape(port), 'turnbase_streams_open', { kind: 'sse' }) !== 0) {
      if (Date.now() > until) throw new Error('the closed stream is still counted');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('labels a method the API serves by its name, and any other as `other`: junk methods add no series beyond it', async () => {
    const base = await baseUrl(h.app);
    const { id } = await h.client.create('reversi', ['ann', 'bob']);
    // The methods served, each labelled as itself: GET, HEAD (every GET route), POST, DELETE, OPTIONS (CORS).
    expect(await raw(base, 'GET', '/games')).toBe(200);
    expect(await raw(base, 'HEAD', '/games')).toBe(200);
    expect(await raw(base, 'DELETE', '/seeks/not-a-seek')).toBeGreaterThanOrEqual(400);
    expect(
      await raw(base, 'OPTIONS', '/games', { origin: 'https://a.example', 'access-control-request-method': 'GET' }),
    ).toBe(204);
    const served = new Set(
      parseSamples(await scrape(port))
        .filter((s) => s.name === 'turnbase_http_request_duration_seconds_count')
        .map((s) => s.labels.method),
    );
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS']) expect(served).toContain(method);

    const before = requestSeries(await scrape(port));
    // Every method Node's parser lets through (PROPFIND, PURGE, MKCALENDAR, …; CONNECT is a tunnel, not a
    // request), the ones the API does not serve (PUT, PATCH), and made-up ones, which the parser refuses with a
    // 400 of its own before any route, on a path with a route, one without, and a match's.
    const junk = [
      ...METHODS.filter((m) => !['CONNECT', 'GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'].includes(m)),
      'FOO',
      'PROPFIND',
      'XQZVW',
      `R${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    ];
    const paths = ['/games', '/no/such/path', `/games/reversi/matches/${id}`];
    let answered = 0;
    for (const method of junk) {
      for (const path of paths) {
        const status = await raw(base, method, path);
        if (typeof status === 'number') {
          expect(status).toBeLessThan(500);
          answered++;
        }
      }
    }
    expect(answered).toBeGreaterThan(junk.length); // most of them reached the router
    const after = requestSeries(await scrape(port));
    const added = [...after].filter((series) => !before.has(series));
    expect(added.length).toBeGreaterThan(0); // the junk was counted, as `other`
    for (const series of added) expect(series).toContain('"method":"other"');
    // Of the family's whole label set, `method` takes only served methods and `other`.
    const methods = new Set(
      parseSamples(await scrape(port))
        .filter((s) => s.name.startsWith('turnbase_http_request_duration_seconds'))
        .map((s) => s.labels.method),
    );
    for (const method of methods) expect(['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'other']).toContain(method);
    // One series per route and status at most, however many junk methods: 3 paths (2 route labels) × few statuses.
    expect(
      added.filter((s) => s.startsWith('turnbase_http_request_duration_seconds_count')).length,
    ).toBeLessThanOrEqual(6);
  });

  it('serves nothing but GET /metrics on its port', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('returns the request id in a header and in every error body', async () => {
    const missing = await h.client.http.get('/games/reversi/matches/not-a-match').expect(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(missing.body).toMatchObject({
      code: 'MATCH_NOT_FOUND',
      details: { requestId: missing.headers['x-request-id'] },
    });
    const invalid = await h.client.http.post('/games/reversi/matches').send({ players: 'two' }).expect(400);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    expect(invalid.body.details.requestId).toBe(invalid.headers['x-request-id']);
    expect(invalid.body.details.errors).toEqual(expect.arrayContaining([expect.stringContaining('players')]));
    // A proxy's tame id is kept (to follow a request across); anything else is replaced.
    const given = await h.client.http
      .get('/games/reversi/matches/not-a-match')
      .set('X-Request-Id', 'edge-42.a')
      .expect(404);
    expect(given.headers['x-request-id']).toBe('edge-42.a');
    expect(given.body.details.requestId).toBe('edge-42.a');
    const wild = await h.client.http.get('/games').set('X-Request-Id', 'a b"<script>').expect(200);
    expect(wild.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics settings', () => {
  async function appWith(overrides: Record<string, unknown>): Promise<NestFastifyApplication> {
    const app = await createApp(
      { ...configFromEnv(), databaseUrl: process.env.DATABASE_URL, clockSweepMs: 0, webhookPollMs: 0, ...overrides },
      ['error'],
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  it('counts refusals with 429 by their limit', async () => {
    const app = await appWith({ rateLimitPerMinute: 2 });
    try {
      const port = await app.get(MetricsServer).listen(0, '127.0.0.1');
      const http = request(app.getHttpServer());
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await http.get('/games')).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
      expect(valueOf(await scrape(port), 'turnbase_rate_limited_total', { bucket: 'rate-limit/default' })).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('METRICS_PORT=0 turns metrics off, counting included', async () => {
    expect(configFromEnv({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(configFromEnv({}).metricsPort).toBe(9464);
    expect(() => configFromEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    const app = await appWith({ metricsPort: 0 });
    try {
      expect(app.get(Metrics).enabled).toBe(false);
      await expect(app.get(MetricsServer).listen(0)).rejects.toThrow(/off/);
      await request(app.getHttpServer()).get('/games').expect(200);
    } finally {
      await app.close();
    }
  });
});
