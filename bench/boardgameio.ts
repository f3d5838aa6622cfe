/**
 * Part 4: the peer, measured in the same run. boardgame.io 0.50.2 (the tool people pick instead of turnbase)
 * serving a small game in memory (bench/bgio-server.ts) in a child process at 127.0.0.1:
 *  - its REST match creation rate (`POST /games/fill/create`, as many concurrent requests as our own creation);
 *  - its moves over socket.io, nothing durable: 32 matches, one socket.io-client per match playing both seats,
 *    each move acknowledged (the server's broadcast of the new state to that client) before the next is sent.
 *
 * boardgame.io and socket.io-client are installed by the bench into a cache folder (BENCH_CACHE_DIR, default
 * ~/.cache/turnbase-bench/boardgame.io-0.50.2), never into the project's dependencies, with the override
 * `koa-compose` 4.1.0: with today's koa-compose every one of its REST routes answers 404.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { sleep } from './util';

export const BGIO_VERSION = '0.50.2';
const SOCKET_IO_CLIENT_VERSION = '4.8.1';
const CACHE_PACKAGE = {
  name: 'turnbase-bench-peer',
  private: true,
  description: "Installed by turnbase's `npm run bench` to measure boardgame.io beside it. Not a turnbase dependency.",
  dependencies: { 'boardgame.io': BGIO_VERSION, 'socket.io-client': SOCKET_IO_CLIENT_VERSION },
  overrides: { 'koa-compose': '4.1.0' },
};

export function bgioCacheDir(): string {
  return process.env.BENCH_CACHE_DIR ?? join(homedir(), '.cache', 'turnbase-bench', `boardgame.io-${BGIO_VERSION}`);
}

const versionOf = (dir: string, pkg: string): string | null => {
  try {
    return (JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return null;
  }
};

/** Installs boardgame.io and socket.io-client into the cache folder unless the right versions are there. */
export async function ensureBgio(log: (line: string) => void): Promise<string> {
  const dir = bgioCacheDir();
  const wanted = JSON.stringify(CACHE_PACKAGE, null, 2);
  const current = existsSync(join(dir, 'package.json')) ? readFileSync(join(dir, 'package.json'), 'utf8') : '';
  if (
    current === wanted &&
    versionOf(dir, 'boardgame.io') === BGIO_VERSION &&
    versionOf(dir, 'koa-compose') === '4.1.0' &&
    versionOf(dir, 'socket.io-client') === SOCKET_IO_CLIENT_VERSION
  ) {
    return dir;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), wanted);
  log(`boardgame.io ${BGIO_VERSION}: installing into ${dir} (once; not a project dependency)...`);
  const t0 = performance.now();
  await promisify(execFile)('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: dir,
    timeout: 300_000,
  });
  if (versionOf(dir, 'koa-compose') !== '4.1.0')
    throw new Error(`${dir}: the koa-compose 4.1.0 override did not apply`);
  log(`boardgame.io ${BGIO_VERSION}: installed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return dir;
}

export interface BgioServer {
  readonly base: string;
  readonly pid: number | null;
  tail(): string;
  stop(): Promise<void>;
  kill(): void;
}

export async function startBgio(
  dir: string,
  log: (line: string) => void,
  track: (s: BgioServer) => void,
): Promise<BgioServer> {
  const script = join(__dirname, 'bgio-server.js');
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }; // no per-move debug logging
  const child: ChildProcess = spawn(process.execPath, [script, dir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let port: number | null = null;
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-8000);
    const m = /listening (\d+)/.exec(output);
    if (m) port = Number(m[1]);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: BgioServer = {
    get base() {
      return `http://127.0.0.1:${port}`;
    },
    pid: child.pid ?? null,
    tail: () => output.trim().split('\n').slice(-15).join('\n'),
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exitedPromise.then(() => true), sleep(5000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exitedPromise;
      }
    },
    kill: () => {
      if (!exited) child.kill('SIGKILL');
    },
  };
  track(server);
  const started = Date.now();
  while (port === null) {
    if (exited) throw new Error(`boardgame.io exited during start-up:\n${server.tail()}`);
    if (Date.now() - started > 30_000) {
      await server.stop();
      throw new Error(`boardgame.io did not start within 30 s:\n${server.tail()}`);
    }
    await sleep(50);
  }
  log(
    `boardgame.io ${BGIO_VERSION}: pid ${child.pid}, ${server.base}, up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return server;
}

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST ${url}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

const createOne = async (base: string): Promise<string> =>
  ((await post(`${base}/games/fill/create`, { numPlayers: 2 })) as { matchID: string }).matchID;

export interface BgioCreateResult {
  concurrency: number;
  created: number;
  seconds: number;
  createPerSecond: number;
}

/** The creation warm-up: 200 `POST /games/fill/create` one at a time, as ours has (bench/http-load.ts). */
export async function bgioCreateWarmup(base: string): Promise<void> {
  for (let i = 0; i < 200; i++) await createOne(base);
}

/** `POST /games/fill/create` from `concurrency` workers for `seconds`: how many, in how long. */
export async function bgioCreateWindow(
  base: string,
  concurrency: number,
  seconds: number,
): Promise<{ created: number; seconds: number }> {
  let created = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await createOne(base);
        created++;
      }
    }),
  );
  return { created, seconds: (performance.now() - start) / 1000 };
}

export interface BgioMovesResult {
  clients: number;
  seconds: number;
  moves: number;
  movesPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Moves never acknowledged within 10 s: must be 0. */
  lost: number;
}

interface Socket {
  on(event: string, fn: (...args: any[]) => void): void; // eslint-disable-line @typescript-eslint/no-explicit-any
  emit(event: string, ...args: unknown[]): void;
  close(): void;
}

export interface BgioWindow {
  moves: number;
  seconds: number;
}

export interface BgioSession {
  /**
   * Lets every client play for `seconds`, then stops them (each after its move in flight comes back) and
   * answers the moves acknowledged within the window; their latencies go to `sink` when given.
   */
  run(seconds: number, sink?: number[]): Promise<BgioWindow>;
  /** Moves never acknowledged within 10 s: must be 0. */
  readonly lost: number;
  close(): void;
}

/**
 * `clients` matches, each with its own socket.io connection that syncs as seat 0 and sends both seats' moves
 * (the seat and its credentials travel with each move); a move counts when its new state comes back. The
 * clients play only inside `run`'s windows, so that windows of our server's moves can alternate with them.
 */
export async function openBgioSession(dir: string, base: string, clients: number): Promise<BgioSession> {
  const io = createRequire(join(dir, 'package.json'))('socket.io-client') as {
    io: (url: string, opts: object) => Socket;
  };
  const matches = await Promise.all(
    Array.from({ length: clients }, async () => {
      const matchID = await createOne(base);
      const creds: string[] = [];
      for (const playerID of ['0', '1']) {
        creds.push(
          (
            (await post(`${base}/games/fill/${matchID}/join`, { playerID, playerName: `bench-${playerID}` })) as {
              playerCredentials: string;
            }
          ).playerCredentials,
        );
      }
      return { matchID, creds };
    }),
  );

  let sink: number[] | undefined;
  let counted = 0;
  let playing = false;
  let lost = 0;
  let failure: Error | null = null;
  /** Clients waiting for the next window, and the callback that tells `run` one more has stopped. */
  const parked: Array<() => void> = [];
  let onParked: (() => void) | null = null;
  const sockets: Socket[] = [];

  const connect = ({ matchID, creds }: { matchID: string; creds: string[] }): Promise<void> =>
    new Promise((ready, reject) => {
      const socket = io.io(`${base}/fill`, { transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      let stateID = -1;
      let moves = 0; // moves acknowledged in this match: the next cell is moves % 64, the seat moves % 2
      let sentAt = 0;
      let timer: NodeJS.Timeout | undefined;
      const send = (): void => {
        if (!playing || failure) {
          parked.push(send);
          onParked?.();
          return;
        }
        const playerID = String(moves % 2);
        const action = {
          type: 'MAKE_MOVE',
          payload: { type: 'place', args: [moves % 64], playerID, credentials: creds[moves % 2] },
        };
        sentAt = performance.now();
        timer = setTimeout(() => {
          lost++;
          failure = new Error(`boardgame.io: move ${moves} of ${matchID} not acknowledged within 10 s`);
          onParked?.();
        }, 10_000);
        socket.emit('update', action, stateID, matchID, playerID);
      };
      const acked = (newStateID: number): void => {
        if (newStateID <= stateID) return;
        clearTimeout(timer);
        const ms = performance.now() - sentAt;
        stateID = newStateID;
        moves++;
        if (playing) {
          counted++;
          sink?.push(ms);
        }
        send();
      };
      socket.on('sync', (id: string, info: { state: { _stateID: number } }) => {
        if (id !== matchID || stateID !== -1) return;
        stateID = info.state._stateID;
        ready();
        send(); // parks until the first window
      });
      socket.on('patch', (id: string, _prev: number, next: number) => {
        if (id === matchID) acked(next);
      });
      socket.on('update', (id: string, state: { _stateID: number }) => {
        if (id === matchID) acked(state._stateID);
      });
      socket.on('connect_error', (e: Error) => reject(e));
      socket.on('connect', () => socket.emit('sync', matchID, '0', creds[0], 2));
    });
  await Promise.all(matches.map(connect));
  await waitUntil(() => parked.length === clients, 10_000, 'boardgame.io clients to sync');

  return {
    get lost() {
      return lost;
    },
    async run(seconds, into) {
      sink = into;
      counted = 0;
      playing = true;
      const start = performance.now();
      for (const go of parked.splice(0)) go();
      await sleep(seconds * 1000);
      playing = false;
      const elapsed = (performance.now() - start) / 1000;
      const moves = counted;
      // Every client stops after its move in flight comes back (not counted: it ended after the window).
      await new Promise<void>((resolve) => {
        onParked = () => {
          if (parked.length === clients || failure) resolve();
        };
        onParked();
      });
      onParked = null;
      if (failure) throw failure;
      return { moves, seconds: elapsed };
    },
    close() {
      for (const s of sockets) s.close();
    },
  };
}

async function waitUntil(ok: () => boolean, ms: number, what: string): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
