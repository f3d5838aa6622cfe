/**
 * The tests run on a real Postgres: the one in DATABASE_URL when it is set, else an embedded one started
 * here and stopped in global-teardown.ts. Never PGlite: it runs one transaction at a time and would hide races.
 */
import { startEmbeddedPostgres } from './embedded-postgres';

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const pg = await startEmbeddedPostgres('turnbase_test');
  process.env.DATABASE_URL = pg.url;
  (globalThis as { __turnbasePg?: { stop(): Promise<void> } }).__turnbasePg = pg;
}
