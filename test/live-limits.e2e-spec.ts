import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { LiveLimits } from '../src/live/limits';
import { useApp } from './support/harness';
import { appendQwirkleExchanges } from './support/long-log';
import { startAppWith, untilOpen } from './support/live-app';
import { baseUrl } from './support/sse';

type Attempt =
  | { kind: 'held'; req: ClientRequest }
  | { kind: 'answered'; status: number; headers: IncomingMessage['headers']; body: string }
  | { kind: 'dropped' };

/**
 * One request on a connection of its own (as an attacker opens them), from `client` (X-Forwarded-For, believed
 * from loopback). It is `held` once the server counts one more stream or waiting long-poll, `answered` when an
 * answer comes first, `dropped` when the server closes the connection unanswered (past MAX_CONNECTIONS).
 */
function attempt(app: NestFastifyApplication, url: string, token: string, client: string): Promise<Attempt> {
  const limits = app.get(LiveLimits);
  const before = limits.openCount;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (a: Attempt): void => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      resolve(a);
    };
    const req = request(
      url,
      { agent: false, headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': client } },
      (res) => {
        if (res.statusCode === 200 && res.headers['content-type']?.startsWith('text/event-stream')) {
          res.resume();
          settle({ kind: 'held', req });
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => settle({ kind: 'answered', status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', () => settle({ kind: 'dropped' }));
    req.end();
    const watch = setInterval(() => {
      if (limits.openCount > before) settle({ kind: 'held', req });
    }, 5);
  });
}

function get(url: string, client: string): Promise<number | 'dropped'> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers: { 'x-forwarded-for': client } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve('dropped'));
    req.end();
  });
}

/** The server's open connections, as Node counts them. */
function connections(app: NestFastifyApplication): Promise<number> {
  return new Promise((resolve, reject) =>
    app.getHttpServer().getConnections((err: Error | null, n: number) => (err ? reject(err) : resolve(n))),
  );
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live limits', () => {
  const h = useApp();

  it('one address with 2 seat tokens cannot hold the connections /health needs from another (MAX_CONNECTIONS=30)', async () => {
    const small = await startAppWith({ MAX_CONNECTIONS: '30', TRUST_PROXY: 'loopback' });
    const held: ClientRequest[] = [];
    try {
      const base = await baseUrl(small);
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const version = await h.db.version(id);
      const outcomes: Attempt[] = [];
      // As many long-polls and streams as it can, alternating seats and kinds, well past MAX_CONNECTIONS.
      for (let i = 0; i < 40; i++) {
        const token = seats[i % 2]?.token as string;
        const path =
          i % 4 < 2
            ? `/games/reversi/matches/${id}/moves?after=${version}&wait=60`
            : `/games/reversi/matches/${id}/events`;
        const a = await attempt(small, `${base}${path}`, token, '10.0.0.1');
        outcomes.push(a);
        if (a.kind === 'held') held.push(a.req);
      }
      expect(await get(`${base}/health`, '10.0.0.2')).toBe(200);
      // It held half the connections (long-polls and streams alike), and was told why and when to retry.
      expect(held.length).toBe(15);
      expect(outcomes.filter((a) => a.kind === 'dropped')).toEqual([]);
      const refused = outcomes.filter((a): a is Extract<Attempt, { kind: 'answered' }> => a.kind === 'answered');
      expect(refused.length).toBe(25);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(JSON.parse(r.body)).toMatchObject({ code: 'RATE_LIMITED', reason: 'live/per-address' });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another address still gets its own streams.
      const other = await attempt(
        small,
        `${base}/games/reversi/matches/${id}/events`,
        seats[0]?.token as string,
        '10.0.0.3',
      );
      expect(other.kind).toBe('held');
      if (other.kind === 'held') held.push(other.req);
    } finally {
      for (const req of held) req.destroy();
      await small.close();
    }
  });

  it('count long-polls and streams of a token together: 429 with Retry-After past the limit', async () => {
    const limited = await startAppWith({ LIVE_STREAMS_PER_TOKEN: '2' });
    const held: ClientRequest[] = [];
    try {
      const base = await baseUrl(limited);
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const version = await h.db.version(id);
      const token = seats[0]?.token as string;
      for (const path of [
        `/games/reversi/matches/${id}/moves?after=${version}&wait=60`,
        `/games/reversi/matches/${id}/events`,
      ]) {
        const a = await attempt(limited, `${base}${path}`, token, '10.0.0.1');
        expect(a.kind).toBe('held');
        if (a.kind === 'held') held.push(a.req);
      }
      await untilOpen(limited, 2);
      for (const path of [
        `/games/reversi/matches/${id}/moves?after=${version}&wait=60`,
        `/games/reversi/matches/${id}/events`,
      ]) {
        const a = await attempt(limited, `${base}${path}`, token, '10.0.0.1');
        expect(a).toMatchObject({ kind: 'answered', status: 429, headers: { 'retry-after': expect.any(String) } });
        if (a.kind === 'answered')
          expect(JSON.parse(a.body)).toMatchObject({ code: 'RATE_LIMITED', reason: 'live/per-token' });
      }
    } finally {
      for (const req of held) req.destroy();
      await limited.close();
    }
  });

  it('a dropped slow reader loses its socket, not only its place (LIVE_STREAM_BUFFER_BYTES, LIVE_SLOW_READER_MS)', async () => {
    const slow = await startAppWith({ LIVE_STREAM_BUFFER_BYTES: '65536', LIVE_SLOW_READER_MS: '300' });
    const sockets: Socket[] = [];
    try {
      await baseUrl(slow); // listening
      const { port } = slow.getHttpServer().address() as AddressInfo;
      const { id } = await h.client.create('qwirkle', ['a', 'b']);
      await appendQwirkleExchanges(h.db.pool, id, 1000); // megabytes of frames to replay (?after=0): more than the kernel's buffers hold
      expect(await connections(slow)).toBe(0);
      const acquire = jest.spyOn(slow.get(LiveLimits), 'acquire');
      // Streams whose clients send the request and never read a byte (a paused socket stops reading once
      // its small buffer is full; the kernel's fill up after that).
      for (let i = 0; i < 4; i++) {
        const socket = connect(port, '127.0.0.1');
        socket.pause();
        socket.on('error', () => undefined);
        socket.write(
          `GET /games/qwirkle/matches/${id}/events?after=0 HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n`,
        );
        sockets.push(socket);
      }
      // All four opened (each may be dropped before the last opens: counting places taken, not places held).
      await until('4 streams opened', () => acquire.mock.calls.length === 4);
      expect(acquire.mock.results.every((r) => r.type === 'return')).toBe(true);
      // Each is dropped (its place is free) and its socket is gone too, long before the 90 s idle timeout.
      await until('the slow readers dropped', () => slow.get(LiveLimits).openCount === 0);
      await until('their sockets closed', async () => (await connections(slow)) === 0);
    } finally {
      for (const s of sockets) s.destroy();
      await slow.close();
    }
  });
});
