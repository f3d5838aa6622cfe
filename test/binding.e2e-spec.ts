/**
 * Binding (API.md "Operations", "Binding"; issue 35, item 6): two `npm start`s on one host, HOST and
 * METRICS_HOST, and what turnbase_listener_up reads on the embedded database. The servers are the real one in
 * child processes (test/support/server-process.ts: src/main.ts, which `npm start` runs as dist/main.js once
 * built, compiled here on the fly as the other process tests do, so no build of dist/ is needed), on the
 * test's Postgres unless said otherwise.
 *
 * Port 9464, METRICS_PORT's default, belongs to the machine, not to the test: the test cannot make it free, and
 * an env knob that moves the default would test a product that does not ship. So the test first looks whether
 * 9464 is free. If it is, the first instance must take it (no warning, its metrics served there): nothing else
 * binds 9464 by chance, since it lies below Linux's ephemeral range (32768-60999), from which every freePort()
 * of the tests comes, and every other test server runs with METRICS_PORT=0. If something already holds it, the
 * first instance must warn once too. Either way 9464 is taken when the second instance starts, so its one
 * warning, and an explicit METRICS_PORT=9464 that stops the start, hold on any machine. The case of a first
 * instance that takes the port is thus checked wherever 9464 is free, which it is on CI and on a fresh machine.
 */
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { configFromEnv } from '../src/common/config';
import { Metrics } from '../src/metrics/metrics';
import { MetricsServer } from '../src/metrics/metrics-server';
import { freePort } from './support/embedded-postgres';
import { parseSamples } from './support/prom-text';
import { type ServerProcess, spawnServer, startServerProcess } from './support/server-process';

const DEFAULT_METRICS_PORT = 9464;

/** Listens on `port` of every IPv4 interface, as a server would; answers the listener, or null when taken. */
function hold(port: number, host = '0.0.0.0'): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    );
    server.listen(port, host, () => resolve(server));
  });
}

const release = (server: Server | null) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** Whether a TCP connection to host:port opens: 'open', or the error code (ECONNREFUSED). */
function reach(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Runs the server until it exits by itself (or `ms` pass: then it is killed); answers its exit code and output. */
async function runToExit(
  env: Record<string, string | undefined>,
  ms = 60_000,
): Promise<{ code: number | null; output: string }> {
  const child: ChildProcess = spawnServer(env);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

/** The JSON log lines at level warn whose message matches `about`. */
function warnings(output: string, about: RegExp): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number | string; msg?: string })
    .filter((l) => (l.level === 40 || l.level === 'warn') && about.test(l.msg ?? ''))
    .map((l) => l.msg ?? '');
}

const METRICS_WARNING = /METRICS_PORT/;

/** The port a started server listens on. */
const portOf = (s: ServerProcess) => Number(new URL(s.base).port);

describe('two `npm start`s on one host', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of started) await s.kill9();
  });

  it('both serve; the second, its default metrics port taken, warns once and serves without metrics', async () => {
    const probe = await hold(DEFAULT_METRICS_PORT);
    const defaultWasFree = probe !== null;
    await release(probe);

    const first = await startServerProcess({ METRICS_PORT: undefined });
    started.push(first);
    const second = await startServerProcess({ METRICS_PORT: undefined });
    started.push(second);

    for (const s of [first, second]) expect((await fetch(`${s.base}/health/ready`)).status).toBe(200);
    if (defaultWasFree) {
      expect(warnings(first.output(), METRICS_WARNING)).toEqual([]);
      expect(first.output()).toContain(`metrics on localhost:${DEFAULT_METRICS_PORT}/metrics`);
      await fetch(`${first.base}/games`);
      const scraped = await fetch(`http://127.0.0.1:${DEFAULT_METRICS_PORT}/metrics`);
      expect(scraped.status).toBe(200);
      expect(parseSamples(await scraped.text()).some((s) => s.name.startsWith('turnbase_http_request_'))).toBe(true);
    } else {
      expect(warnings(first.output(), METRICS_WARNING)).toHaveLength(1); // someone else's 9464
    }
    const warned = warnings(second.output(), METRICS_WARNING);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain(`${DEFAULT_METRICS_PORT} is taken`);
    expect(second.output()).not.toContain('metrics on ');
    // The second keeps serving: a match made on it is read on the first (one database).
    const made = await fetch(`${second.base}/games/reversi/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ players: [{ name: 'ann' }, { name: 'bob' }] }),
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expect((await fetch(`${first.base}/games/reversi/matches/${id}`)).status).toBe(200);
    // HOST's default is every interface: another loopback address reaches it too (compare HOST=127.0.0.1 below).
    expect((await fetch(`http://127.0.0.2:${portOf(first)}/health/ready`)).status).toBe(200);
  }, 180_000);

  it('stops the start when METRICS_PORT is set explicitly to a port taken, naming it, even the default one', async () => {
    const taken = await freePort();
    const holder = await hold(taken);
    try {
      const refused = await runToExit({ PORT: String(await freePort()), METRICS_PORT: String(taken) });
      expect(refused.code).not.toBe(0);
      expect(refused.code).not.toBeNull(); // it exited by itself, not killed at the time limit
      expect(refused.output).toContain(`METRICS_PORT ${taken} is taken`);
      expect(warnings(refused.output, METRICS_WARNING)).toEqual([]);
    } finally {
      await release(holder);
    }
    // 9464 is taken now (by the first instance above, or by whoever held it before): set explicitly, it stops too.
    const explicitDefault = await runToExit({
      PORT: String(await freePort()),
      METRICS_PORT: String(DEFAULT_METRICS_PORT),
    });
    expect(explicitDefault.code).not.toBe(0);
    expect(explicitDefault.code).not.toBeNull();
    expect(explicitDefault.output).toContain(`METRICS_PORT ${DEFAULT_METRICS_PORT} is taken`);
  }, 180_000);

  it('stops the start when PORT is taken (a second instance needs its own PORT), naming it', async () => {
    const holder = await hold(0);
    const port = (holder?.address() as { port: number }).port;
    try {
      const refused = await runToExit({ PORT: String(port) });
      expect(refused.code).not.toBe(0);
      expect(refused.code).not.toBeNull();
      expect(refused.output).toContain(`PORT ${port} is taken`);
    } finally {
      await release(holder);
    }
  }, 120_000);
});

describe('HOST and METRICS_HOST', () => {
  it('HOST=127.0.0.1 binds loopback only, and METRICS_HOST follows it', async () => {
    const metricsPort = await freePort();
    const server = await startServerProcess({ HOST: '127.0.0.1', METRICS_PORT: String(metricsPort) });
    try {
      const port = portOf(server);
      expect(server.output()).toContain(`listening on http://127.0.0.1:${port} `);
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
      expect(await reach('127.0.0.2', port)).toBe('ECONNREFUSED');
      expect(await reach('127.0.0.1', metricsPort)).toBe('open');
      expect(await reach('127.0.0.2', metricsPort)).toBe('ECONNREFUSED');
      // And on every address of this machine that is not loopback (when it has one).
      const outside = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
        .map((a) => (a as { address: string }).address);
      for (const address of outside) {
        expect(await reach(address, port)).toBe('ECONNREFUSED');
        expect(await reach(address, metricsPort)).toBe('ECONNREFUSED');
      }
    } finally {
      await server.kill9();
    }
  }, 120_000);

  it('METRICS_HOST puts the metrics on an interface of their own; a default port taken is one warning', async () => {
    expect(configFromEnv({}).host).toBe('0.0.0.0');
    expect(configFromEnv({}).metricsHost).toBe('0.0.0.0');
    expect(configFromEnv({ HOST: '127.0.0.1' }).metricsHost).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '::', METRICS_HOST: '127.0.0.3' })).toMatchObject({
      host: '::',
      metricsHost: '127.0.0.3',
    });
    expect(configFromEnv({ METRICS_HOST: '[::1]' }).metricsHost).toBe('::1');
    expect(() => configFromEnv({ HOST: 'a host' })).toThrow(/HOST/);
    expect(() => configFromEnv({ METRICS_HOST: 'http://x/' })).toThrow(/METRICS_HOST/);
    expect(configFromEnv({}).metricsPortIsDefault).toBe(true);
    expect(configFromEnv({ METRICS_PORT: '9464' }).metricsPortIsDefault).toBe(false);

    const warned: string[] = [];
    const logger = { warn: (m: string) => warned.push(m) } as unknown as Logger;
    const port = await freePort();
    const own = new MetricsServer(new Metrics(true));
    try {
      expect(
        await own.start({ metricsPort: port, metricsPortIsDefault: false, metricsHost: '127.0.0.3' }, logger),
      ).toBe(port);
      expect(await reach('127.0.0.3', port)).toBe('open');
      expect(await reach('127.0.0.1', port)).toBe('ECONNREFUSED');
      // The same port and host again, as a second instance would find it.
      const second = new MetricsServer(new Metrics(true));
      expect(
        await second.start({ metricsPort: port, metricsPortIsDefault: true, metricsHost: '127.0.0.3' }, logger),
      ).toBe(null);
      expect(warned).toHaveLength(1);
      await expect(
        second.start({ metricsPort: port, metricsPortIsDefault: false, metricsHost: '127.0.0.3' }, logger),
      ).rejects.toThrow(`METRICS_PORT ${port} is taken on 127.0.0.3`);
      expect(warned).toHaveLength(1);
      await second.onApplicationShutdown();
    } finally {
      await own.onApplicationShutdown();
    }
  });
});

describe('turnbase_listener_up on the embedded database', () => {
  it('is absent on PGlite, which has no LISTEN connection, rather than a 0 that fires TurnbaseListenerDown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'turnbase-pglite-binding-'));
    const metricsPort = await freePort();
    const server = await startServerProcess({
      DATABASE_URL: '',
      TURNBASE_DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
    });
    try {
      expect(server.output()).toContain('embedded PGlite');
      expect((await fetch(`${server.base}/games`)).status).toBe(200);
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const names = new Set(parseSamples(text).map((s) => s.name));
      expect(names).toContain('turnbase_http_request_duration_seconds_count'); // metrics are served
      expect(names).not.toContain('turnbase_listener_up');
    } finally {
      await server.kill9();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
