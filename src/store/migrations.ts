/**
 * Applies the standard Prisma migration folders (prisma/migrations/<stamp>_<name>/migration.sql) in order,
 * recording each in Prisma's own `_prisma_migrations` table with the same checksum the Prisma CLI uses, so
 * `prisma migrate deploy` agrees wherever it can run. Offline: plain SQL, no schema engine.
 * An applied migration whose file changed since is refused rather than silently skipped, and so is a database
 * holding a migration this server does not know (a newer server migrated it): this one would misread it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlRunner } from './database';

const LOCK_KEY = 727_001; // pg_advisory_lock key: one instance migrates at a time

export interface MigrationFile {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export function readMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

export async function applyMigrations(db: SqlRunner, dir: string): Promise<string[]> {
  const files = readMigrations(dir);
  await db.exec(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    await db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const done = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT "migration_name", "checksum" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
    );
    const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
    const known = new Set(files.map((f) => f.name));
    const unknown = [...applied.keys()].filter((name) => !known.has(name)).sort();
    if (unknown.length > 0) {
      throw new Error(
        `The database holds ${unknown.length === 1 ? 'a migration' : 'migrations'} this server does not know (${unknown.join(', ')}): ` +
          'a newer version of turnbase migrated it. Run that version (or a newer one) against this database, or restore a backup taken before; this server refuses to start rather than misread the data.',
      );
    }
    const ran: string[] = [];
    for (const file of files) {
      const previous = applied.get(file.name);
      if (previous !== undefined) {
        if (previous !== file.checksum) {
          throw new Error(
            `Migration ${file.name} was changed after it was applied (checksum differs); restore it and add a new migration instead.`,
          );
        }
        continue;
      }
      const id = randomUUID();
      await db.exec('BEGIN');
      try {
        await db.exec(file.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "finished_at", "applied_steps_count") VALUES ($1, $2, $3, now(), 1)`,
          [id, file.checksum, file.name],
        );
        await db.exec('COMMIT');
      } catch (error) {
        await db.exec('ROLLBACK');
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`);
      }
      ran.push(file.name);
    }
    return ran;
  } finally {
    await db.exec(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
  }
}
