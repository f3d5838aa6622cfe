/**
 * Issue 35, N5: with the database frozen (connections open, nothing answered: a SIGSTOPped server, a host gone
 * without a reset), every route answers within DATABASE_QUERY_TIMEOUT_MS + 1 s: those that need the database
 * with 503 SERVICE_UNAVAILABLE and Retry-After, the others as usual. The audit saw the match, log, legal-move
 * and move routes answer 503 only after 30-35 s. The app reaches its own scratch database through a TCP proxy
 * that the test freezes (test/support/freezing-proxy.ts), and every operation of the server's own
 * /openapi.json is sent, with plausible parameters.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import { FreezingProxy } from './support/freezing-proxy';
import { scratchDatabase } from './support/scratch-db';
import type { Body } from './support/body';

const QUERY_TIMEOUT_MS = 1000;

interface Sent {
  readonly what: string;
  readonly status: number;
  readonly ms: number;
  readonly code?: string;
  readonly reason?: string;
  readonly retryAfter: string | null;
}

describe('a frozen database', () => {
  let proxy: FreezingProxy;
  let app: NestFastifyApplication;
  let base: string;
  let scratch: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_frozen');
    const through = await FreezingProxy.forUrl(scratch.url);
    proxy = through.proxy;
    app = await createApp(
      {
        ...configFromEnv(),
        databaseUrl: through.url,
        poolSize: 4,
        rateLimitPerMinute: 0,
        fixedSeed: 'turnbase-e2e',
        databaseTimeouts: { queryMs: QUERY_TIMEOUT_MS },
      },
      ['error'],
    );
    await app.init();
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  }, 120_000);

  afterAll(async () => {
    proxy?.thaw();
    await app?.close();
    await proxy?.stop();
    await scratch?.drop();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Sent> => {
    const started = Date.now();
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 15_000);
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        signal: stop.signal,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const ms = Date.now() - started; // the answer's head: a stream that opens has answered
      const type = res.headers.get('content-type') ?? '';
      let parsed: Body = {};
      if (type.includes('application/json')) parsed = (await res.json()) as Body;
      stop.abort(); // a stream stays open otherwise
      return {
        what: `${method} ${path}`,
        status: res.status,
        ms,
        code: parsed.code,
        reason: parsed.reason,
        retryAfter: res.headers.get('retry-after'),
      };
    } catch (error) {
      return { what: `${method} ${path}`, status: -1, ms: Date.now() - started, retryAfter: String(error) };
    } finally {
      clearTimeout(timer);
    }
  };

  it('answers every route of /openapi.json within DATABASE_QUERY_TIMEOUT_MS + 1 s, with 503 and Retry-After where it needs the database; then recovers', async () => {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Body }));
    const player = await post('/players', { name: 'pat' });
    expect(player.status).toBe(201);
    const match = await post('/games/reversi/matches', { players: [{ name: 'a' }, { name: 'b' }] });
    expect(match.status).toBe(201);
    const seat = match.body.seats[0].token as string;
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as Body;

    const values: Record<string, string> = {
      game: 'reversi',
      id: match.body.id,
      matchId: match.body.id,
      seat: '0',
      version: '0',
    };
    const fill = (path: string): string =>
      path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(values[name] ?? '00000000-0000-4000-8000-000000000000'),
      );
    const bodies: Array<[RegExp, unknown]> = [
      [/\/moves$/, { move: { square: 'd3' }, expectedVersion: 0 }],
      [/^\/games\/\{game\}\/matches$/, { players: [{ name: 'x' }, { name: 'y' }] }],
      [/^\/players$/, { name: 'quin' }],
      [/\/seeks$/, {}],
      [/^\/tournaments$/, {}],
    ];
    const requests: Array<() => Promise<Sent>> = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>))
      for (const method of Object.keys(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const body =
          method === 'get' || method === 'delete' ? undefined : (bodies.find(([re]) => re.test(path))?.[1] ?? {});
        const token = path.startsWith('/games/') ? seat : player.body.key;
        requests.push(() => call(method.toUpperCase(), fill(path), token, body));
      }
    expect(requests.length).toBeGreaterThan(20);

    proxy.freeze();
    const answers: Sent[] = [];
    try {
      for (const send of requests) answers.push(await send());
    } finally {
      proxy.thaw();
    }
    expect(answers.filter((a) => a.ms > QUERY_TIMEOUT_MS + 1000)).toEqual([]);
    expect(answers.filter((a) => a.status < 0 || (a.status >= 500 && a.status !== 503))).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503))
      expect({ what: a.what, code: a.code, reason: a.reason, retryAfter: a.retryAfter }).toEqual({
        what: a.what,
        code: 'SERVICE_UNAVAILABLE',
        reason: 'database/unavailable',
        retryAfter: expect.stringMatching(/^\d+$/),
      });
    // The audit's routes need the database: they answer 503, not a stale or a made-up answer.
    const id = match.body.id as string;
    for (const what of [
      `GET /games/reversi/matches/${id}`,
      `GET /games/reversi/matches/${id}/moves`,
      `GET /games/reversi/matches/${id}/legal-moves`,
      `POST /games/reversi/matches/${id}/moves`,
    ])
      expect({ what, status: answers.find((a) => a.what === what)?.status }).toEqual({ what, status: 503 });

    // Thawed: the same process answers again, and the move lands.
    const deadline = Date.now() + 10_000;
    let moved = await post(`/games/reversi/matches/${id}/moves`, { move: { square: 'd3' }, expectedVersion: 0 }, seat);
    while (moved.status === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      moved = await post(`/games/reversi/matches/${id}/moves`, { move: { square: 'd3' }, expectedVersion: 0 }, seat);
    }
    expect(moved.status).toBe(200);
    expect((await call('GET', `/games/reversi/matches/${id}`)).status).toBe(200);
    expect((await call('GET', '/health/ready')).status).toBe(200);
  }, 300_000);
});
