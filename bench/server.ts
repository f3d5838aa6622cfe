/**
 * The real server (`node dist/main.js`, built by `nest build` in the npm script) as a child process, so the
 * load generator does not share its event loop. Only ever addressed at 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, sleep } from './util';

export interface BenchServer {
  readonly base: string;
  readonly pid: number | null;
  /** The child's last lines of output, for error reports. */
  tail(): string;
  stop(): Promise<void>;
  /** Synchronous last resort (process 'exit' handler). */
  kill(): void;
}

/** `track` is told about the child as soon as it is spawned, so an interrupt during start-up stops it too. */
export async function startServer(
  root: string,
  databaseUrl: string,
  log: (line: string) => void,
  track: (server: BenchServer) => void,
  extraEnv: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const main = join(root, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`nest build\` first (npm run bench does)`);
  const port = await freePort();
  // Request lines off (LOG_LEVEL=warn), as the bench ran before they were on by default (LOG_REQUESTS then).
  // Metrics on, as a deployment has them, on a port of their own; BENCH_METRICS=0 turns them off
  // (METRICS_PORT=0: nothing counted), for the on/off pair of bench/README.md "Metrics".
  const metricsPort = process.env.BENCH_METRICS === '0' ? 0 : await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    METRICS_PORT: String(metricsPort),
  };
  env.WEBHOOK_ALLOW_PRIVATE = '1'; // the webhook bench's receiver listens on 127.0.0.1
  // The rate limits stay on, as a deployment has them, with budgets the bench never reaches: all its traffic
  // comes from one address, and a per-client limit would only measure 429s. Until 2026-12-01 they were off
  // (RATE_LIMIT_PER_MINUTE=0), which hid their cost (bench/README.md, "Rate limits").
  for (const name of ['RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_CREATE_PER_MINUTE', 'RATE_LIMIT_STREAMS_PER_MINUTE'])
    env[name] = '1000000000';
  // Likewise the live limit per address: the live bench holds 1,000 streams from 127.0.0.1 (MAX_CONNECTIONS,
  // 2,000 by default, still caps it at half).
  env.LIVE_STREAMS_PER_ADDRESS = '1000000000';
  Object.assign(env, extraEnv);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, main], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const base = `http://127.0.0.1:${port}`;
  const server: BenchServer = {
    base,
    pid: child.pid ?? null,
    tail: () => output.trim().split('\n').slice(-15).join('\n'),
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM'); // Nest's shutdown hooks close the database pool
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
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up:\n${server.tail()}`);
    if (Date.now() - started > 60_000) {
      await server.stop();
      throw new Error(`the server did not answer GET /games within 60 s:\n${server.tail()}`);
    }
    try {
      const res = await fetch(`${base}/games`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  log(`server: node dist/main.js, pid ${child.pid}, ${base}, up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return server;
}
