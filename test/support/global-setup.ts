/**
 * The tests run on a real Postgres: the one in DATABASE_URL when it is set, else an embedded one started
 * here and stopped in global-teardown.ts. Never PGlite: it runs one transaction at a time and would hide races.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres';

export default async function globalSetup(): Promise<void> {
  // The engines entry point (dist/engine, `turnbase/engines`), built once here: the package test packs it and
  // the example client imports it, and two suites building it at the same time could read a half-written file.
  const root = join(__dirname, '..', '..');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.engines.json')],
    { cwd: root, stdio: 'inherit' },
  );
  if (process.env.DATABASE_URL) return;
  const pg = await startEmbeddedPostgres('turnbase_test');
  process.env.DATABASE_URL = pg.url;
  (globalThis as { __turnbasePg?: { stop(): Promise<void> } }).__turnbasePg = pg;
}
