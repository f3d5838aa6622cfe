/**
 * The real server in a child process (src/main.ts, compiled on the fly by @swc/core as jest does), so a test
 * can kill it with SIGKILL: nothing of it runs after, no shutdown hook, no finally.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './embedded-postgres';

const ROOT = join(__dirname, '..', '..');
const BOOT = `
const swc = require('@swc/core');
const fs = require('node:fs');
require.extensions['.ts'] = (module, filename) => {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename, sourceMaps: false,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022', keepClassNames: true },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(${JSON.stringify(join(ROOT, 'src', 'main.ts'))});
`;

export interface ServerProcess {
  readonly base: string;
  /** Everything the server wrote to standard output so far (its JSON log lines). */
  output(): string;
  /** SIGKILL, and wait until it is gone. */
  kill9(): Promise<void>;
}

/**
 * Starts the server; tries again on another port when the child is gone right after answering: between
 * freePort() closing its probe and the child binding the port, another test's server can take it, and the
 * answer then came from that server while the child exited on EADDRINUSE.
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env);
    await new Promise((r) => setTimeout(r, 300));
    if (started.alive()) return started;
    if (attempt === 3) throw new Error(`the server exited right after start-up, three times: ${started.stderr()}`);
  }
}

/**
 * The server (src/main.ts) in a child process on the test's database, its output piped; `env` over the test's
 * own, a key set to undefined removed (METRICS_PORT: undefined is the default port). Rate limits off (they are
 * on by default): every request of a test comes from one address. No metrics listener unless asked for:
 * servers of parallel tests would all want METRICS_PORT's default.
 */
export function spawnServer(env: Record<string, string | undefined>): ChildProcess {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    RATE_LIMIT_PER_MINUTE: '0',
    METRICS_PORT: '0',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    ...env,
  };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return spawn(process.execPath, ['-e', BOOT], { cwd: ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function startOnce(
  env: Record<string, string | undefined>,
): Promise<ServerProcess & { alive(): boolean; stderr(): string }> {
  const port = await freePort();
  const child = spawnServer({ ...env, PORT: String(port) }); // DATABASE_URL: '' in env is the embedded PGlite
  // The child says where it listens (src/main.ts logs it once app.listen has bound the port): until it has,
  // an answer on that port may come from another process that took the port first.
  let listening = false;
  let stdout = '';
  const all: string[] = [];
  child.stdout?.on('data', (c: Buffer) => {
    all.push(c.toString());
    stdout = (stdout + c.toString()).slice(-4000);
    if (new RegExp(`listening on http://\\S+:${port} `).test(stdout)) listening = true; // localhost, or HOST
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve())); // exited, and its output read to the end
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start-up: ${stderr}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 60 s: ${stderr}`);
    }
    try {
      if (listening && (await fetch(`${base}/games`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    output: () => all.join(''),
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => stderr,
    kill9: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
