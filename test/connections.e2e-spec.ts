/**
 * MAX_CONNECTIONS_PER_ADDRESS (API.md "Operations", "Connections"; issue 35, item 5, audit N3: 30 idle
 * keep-alive connections from one address locked `/health` out for 72 s). "Another address" is another
 * loopback source address (`localAddress: 127.0.0.2`): Linux routes all of 127/8 to lo, so the server sees
 * two clients.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request } from 'node:http';
import { type Socket, connect } from 'node:net';
import { startApp } from './support/app';
import { type AppConfig, configFromEnv } from '../src/common/config';

const A = '127.0.0.1';
const B = '127.0.0.2';

async function listening(overrides: Partial<AppConfig>): Promise<{ app: NestFastifyApplication; port: number }> {
  const app = await startApp(overrides);
  await app.listen(0, '127.0.0.1');
  return { app, port: (app.getHttpServer().address() as { port: number }).port };
}

/** A keep-alive connection from `from` that has had one answer and now sits idle. */
function idle(port: number, from: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (/^HTTP\/1\.1 200 [\s\S]*\r\n\r\n/.test(text)) resolve(socket);
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed before its answer: ${JSON.stringify(text)}`)));
    socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

/** A connection from `from` with a request written: what it got, whether it was closed, and how fast. */
function attempt(port: number, from: string): Promise<{ text: string; closed: boolean; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: Date.now() - t0 });
    }, 3000);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('error', () => undefined); // a reset is a close here
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: Date.now() - t0 });
    });
    socket.once('connect', () => socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n'));
  });
}

/** A request from `from` on a connection of its own: its status, or the error that ended it. */
function get(port: number, from: string, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', localAddress: from, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(5000, () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('connections per address', () => {
  it("idle keep-alives from one address up to and past its limit: the excess is closed at once, another address's /health and requests are served", async () => {
    const { app, port } = await listening({ maxConnections: 12, maxConnectionsPerAddress: 4 });
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 4; i++) held.push(await idle(port, A));
      // Past the limit, up to MAX_CONNECTIONS: without the limit these would fill the server.
      const excess = await Promise.all(Array.from({ length: 8 }, () => attempt(port, A)));
      for (const e of excess) {
        expect(e).toMatchObject({ text: '', closed: true });
        expect(e.ms).toBeLessThan(2000); // at once, not at CONNECTION_TIMEOUT_SECONDS (90 s)
      }
      for (const path of ['/health', '/health/ready', '/health/live', '/games'])
        expect(await get(port, B, path)).toBe(200);
      // B may hold as many as A, apart from A's.
      for (let i = 0; i < 4; i++) held.push(await idle(port, B));
      expect((await attempt(port, B)).closed).toBe(true);
      // A's own connections are untouched, and a closed one frees its place.
      const again = new Promise<string>((resolve) => held[0]?.once('data', (c: Buffer) => resolve(c.toString())));
      held[0]?.write('GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(await again).toMatch(/^HTTP\/1\.1 200 /);
      const closed = new Promise((resolve) => held[1]?.once('close', resolve));
      held[1]?.destroy();
      await closed;
      await new Promise((r) => setTimeout(r, 100)); // the server's side of the close
      held[1] = await idle(port, A);
    } finally {
      held.forEach((s) => s.destroy());
      await app.close();
    }
  });

  it('the lock-out of the audit, with the limit as high as MAX_CONNECTIONS (what the limit prevents)', async () => {
    const { app, port } = await listening({ maxConnections: 6, maxConnectionsPerAddress: 6 });
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 6; i++) held.push(await idle(port, A));
      expect(await get(port, B, '/health')).not.toBe(200);
    } finally {
      held.forEach((s) => s.destroy());
      await app.close();
    }
  });

  it("does not count a trusted proxy's connections (every client arrives on them)", async () => {
    const { app, port } = await listening({ maxConnections: 20, maxConnectionsPerAddress: 2, trustProxy: A });
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) held.push(await idle(port, A));
      for (let i = 0; i < 2; i++) held.push(await idle(port, B));
      expect((await attempt(port, B)).closed).toBe(true);
      expect(await get(port, A, '/health')).toBe(200);
    } finally {
      held.forEach((s) => s.destroy());
      await app.close();
    }
  });

  it('defaults to a quarter of MAX_CONNECTIONS', () => {
    expect(configFromEnv({}).maxConnectionsPerAddress).toBe(500);
    expect(configFromEnv({ MAX_CONNECTIONS: '100' }).maxConnectionsPerAddress).toBe(25);
    expect(configFromEnv({ MAX_CONNECTIONS: '3' }).maxConnectionsPerAddress).toBe(1);
    expect(configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '7' }).maxConnectionsPerAddress).toBe(7);
    expect(() => configFromEnv({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});
