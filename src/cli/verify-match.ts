/**
 * `npm run verify-match -- <game> <id> [responses.json]`: verifies a finished match with chance from the
 * database the server uses (DATABASE_URL, or the embedded PGlite in TURNBASE_DATA_DIR; stop the server
 * first in that case, PGlite opens its files for one process only). See `verifyMatch` in
 * src/matches/fairness.ts for what is checked. The optional file is a JSON array of match responses a
 * player kept; each view in it is checked against the seed too.
 *
 * Exit status: 0 verified, 1 verification failed, 2 bad usage or no such finished match.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configFromEnv } from '../common/config';
import { engines, isGameId } from '../engine';
import { type SeenResponse, verifyStoredMatch } from '../matches/fairness';
import { type Database, openDatabase } from '../store/database';
import { readMigrations } from '../store/migrations';
import { PrismaEventStore } from '../matches/postgres/prisma-event-store';

const MIGRATIONS_DIR = join(__dirname, '..', '..', 'prisma', 'migrations');

/**
 * The migrations this build knows that the database has not applied. A verifier only reads: it leaves
 * migrating to the server, which applies them at start-up.
 */
async function pendingMigrations(db: Database): Promise<string[]> {
  const [table] = await db.query<{ t: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS t`);
  const applied = new Set(
    table?.t
      ? (
          await db.query<{ migration_name: string }>(
            `SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
          )
        ).map((r) => r.migration_name)
      : [],
  );
  return readMigrations(MIGRATIONS_DIR)
    .map((m) => m.name)
    .filter((name) => !applied.has(name));
}

const USAGE_PROBLEMS = new Set(['not-found', 'not-over', 'no-commitment']);

async function main(args: string[]): Promise<number> {
  const [game, id, seenFile] = args;
  if (!game || !id || !isGameId(game)) {
    console.error(`usage: npm run verify-match -- <${Object.keys(engines).join('|')}> <match id> [responses.json]`);
    return 2;
  }
  const seen = seenFile ? (JSON.parse(readFileSync(seenFile, 'utf8')) as SeenResponse[]) : [];
  const db = await openDatabase(configFromEnv());
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) {
      console.error(
        `The database lacks migration(s) ${pending.join(', ')}: start the server on it once (it migrates at start-up), then verify.`,
      );
      return 2;
    }
    const result = await verifyStoredMatch(new PrismaEventStore(db.prisma), engines[game], id, seen);
    if (result.ok) {
      console.log(
        `verified: ${game} match ${id}: the commitment matches SHA-256(salt + seed), all ${result.events} events replay from the seed` +
          (seen.length ? `, and all ${result.viewsChecked} kept views are what the seed gives.` : '.'),
      );
      return 0;
    }
    console.error(`${USAGE_PROBLEMS.has(result.problem) ? '' : 'NOT VERIFIED: '}${result.message}`);
    return USAGE_PROBLEMS.has(result.problem) ? 2 : 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
