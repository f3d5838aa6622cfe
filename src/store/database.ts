/**
 * Opens the store: a real Postgres when DATABASE_URL is set, else an embedded PGlite kept on disk (for a
 * zero-setup `npm start`). PGlite runs one transaction at a time, which is fine for a laptop but hides
 * races: the tests always use a real Postgres.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import type { Prisma } from '../generated/prisma/client';
import { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS, connectionOptions, refuseStandby } from './connection';
import { classifyDatabaseError } from './db-unavailable';
import type { PoolStats } from '../metrics/metrics';
import { type Listening, listenPostgres } from './pg-listener';

export { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS } from './connection';

export interface SqlRunner {
  /** Runs a script of one or more statements, without parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends SqlRunner {
  readonly kind: 'postgres' | 'pglite';
  readonly prisma: PrismaClient;
  /**
   * Runs one statement built with `Prisma.sql` and answers its rows. On Postgres it goes straight to the pool
   * Prisma's adapter uses (a named statement, as the adapter sends it), without Prisma's query interpreter in
   * between: the move's append and the match creation take this path (bench/README.md, "Where a move's CPU
   * goes"). On PGlite it is `$queryRaw`: Prisma's adapter owns PGlite's one connection, transactions included.
   * Rows come as `pg` parses them (timestamps as Date, jsonb parsed, int8 as string); unique violations as
   * `pg`'s own errors (code 23505, with the constraint).
   */
  run<T>(statement: Prisma.Sql): Promise<T[]>;
  /** Runs `fn` on one connection (session-level locks and BEGIN/COMMIT need that). */
  session<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Postgres only (PGlite is one process): calls `onPayload` for each NOTIFY on `channel`, on a dedicated
   * connection, reopened when it drops, after which `onGap` is called (notifications may have been missed).
   */
  listen?(channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<Listening>;
  /** Postgres only: the pool's connections now (read by the metrics at scrape time). */
  poolStats?(): PoolStats;
  /** Postgres only: whether every listening connection is up (false while one reconnects, or before any listens). */
  listenersUp?(): boolean;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** A postgresql:// URL; when absent, PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly poolSize?: number;
  /** Named (prepared) statements; default on. Off for a pooler that cannot keep them (PgBouncer in transaction mode before 1.21). */
  readonly preparedStatements?: boolean;
  /** Where a socket can hang (docs/deploying.md, "Timeouts"); defaults in DEFAULT_DB_TIMEOUTS. */
  readonly databaseTimeouts?: Partial<DatabaseTimeouts>;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, config.poolSize ?? 10, config.preparedStatements ?? true, {
      ...DEFAULT_DB_TIMEOUTS,
      ...config.databaseTimeouts,
    });
  }
  return openPglite(config.dataDir);
}

/** How many distinct statement texts get a name; later ones go unnamed (each connection keeps what it prepared). */
const MAX_NAMED_STATEMENTS = 500;

/**
 * Names for Prisma's statements, one per distinct SQL text, so that `pg` prepares each once per connection
 * and then sends only bind and execute (what `pgbench -M prepared` sends). The move's append is one long
 * statement of several CTEs: parsing and planning it afresh is most of its cost in Postgres (bench/README.md).
 * Texts past the cap (statements whose text varies, such as lists of values) stay unnamed.
 */
export function statementNames(max = MAX_NAMED_STATEMENTS): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined) {
      if (names.size >= max) return undefined as unknown as string; // pg: no name, an unnamed statement
      name = `tb_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return name;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ConnectCallback = (
  err: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;
const NO_RELEASE = (): void => undefined;

/**
 * A pool whose `connect` (which its `query` and Prisma's adapter go through) retries, for `retryMs`, a
 * connection that certainly ran nothing: refused, a server starting or shutting down, a standby. A planned
 * switchover then shows up as a slower answer, not an error.
 *
 * Every statement of `pool.query` checks a client out through here, so the way through adds nothing when the
 * checkout succeeds: pg-pool's own callback and `done` go to the caller as they are, and the retry's state
 * exists only once a checkout has failed. It was an async function and a promise around every checkout.
 */
export class FailoverPool extends Pool {
  constructor(
    options: PoolConfig,
    private readonly retryMs: number,
  ) {
    super(options);
  }

  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const until = Date.now() + this.retryMs;
    if (callback) return this.checkout(until, 50, callback);
    return new Promise((resolve, reject) =>
      this.checkout(until, 50, (err, client) => (err ? reject(err) : resolve(client as PoolClient))),
    );
  }

  /** One checkout; on a failure that ran nothing, another after `delay` ms (doubling to 400) until `until`. */
  private checkout(until: number, delay: number, callback: ConnectCallback): void {
    super.connect((err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => {
      if (!err) {
        callback(undefined, client, done);
        return;
      }
      if (this.ending || classifyDatabaseError(err)?.committed !== 'no' || Date.now() + delay > until) {
        callback(err, undefined, NO_RELEASE);
        return;
      }
      setTimeout(() => this.checkout(until, Math.min(delay * 2, 400), callback), delay);
    });
  }
}

/**
 * `work()`'s rows, retried while it fails with nothing run (a statement refused by a standby after connecting)
 * for `retryMs`. The retry is on the rejection only: a statement that succeeds costs the one `then` that takes
 * its rows, as it did before the retry existed.
 */
export function retryNotRun<T>(work: () => Promise<{ rows: unknown[] }>, retryMs: number): Promise<T[]> {
  const until = Date.now() + retryMs;
  let first: Promise<{ rows: unknown[] }>;
  try {
    first = work();
  } catch (error) {
    return retrying<T>(work, error, until);
  }
  return first.then(rowsOf<T>, (error: unknown) => retrying<T>(work, error, until));
}

function rowsOf<T>(result: { rows: unknown[] }): T[] {
  return result.rows as T[];
}

/** The slow path of `retryNotRun`: after its first failure. */
async function retrying<T>(work: () => Promise<{ rows: unknown[] }>, error: unknown, until: number): Promise<T[]> {
  for (let delay = 50; ; delay = Math.min(delay * 2, 400)) {
    if (classifyDatabaseError(error)?.committed !== 'no' || Date.now() + delay > until) throw error;
    await sleep(delay);
    try {
      return (await work()).rows as T[];
    } catch (again) {
      error = again;
    }
  }
}

function openPostgres(url: string, max: number, prepared: boolean, timeouts: DatabaseTimeouts): Database {
  // pg-pool awaits onConnect and refuses the connection when it throws (its types say the hook returns void).
  const onConnect = refuseStandby as (client: unknown) => void;
  const pool = new FailoverPool(
    { ...connectionOptions(url, timeouts), max, idleTimeoutMillis: timeouts.idleMs, onConnect },
    timeouts.retryMs,
  );
  pool.on('error', () => undefined); // an idle client's error must not crash the process; queries still report theirs
  const names = prepared ? statementNames() : undefined;
  const listeners = new Set<Listening>();
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, names ? { statementNameGenerator: names } : undefined),
    errorFormat: 'minimal', // no stack captured on every query to point a pretty error at its caller (bench/README.md)
  });
  return {
    kind: 'postgres',
    prisma,
    exec: async (sql) => {
      await retryNotRun(() => pool.query(sql), timeouts.retryMs);
    },
    query: <T>(sql: string, params?: unknown[]) => retryNotRun<T>(() => pool.query(sql, params), timeouts.retryMs),
    run: <T>(statement: Prisma.Sql) => {
      const config = { text: statement.text, values: statement.values, name: names?.({ sql: statement.text }) };
      return retryNotRun<T>(() => pool.query(config), timeouts.retryMs);
    },
    session: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload, onGap) => {
      const listening = await listenPostgres(url, channel, onPayload, onGap, timeouts);
      listeners.add(listening);
      return {
        connected: () => listening.connected(),
        close: () => {
          listeners.delete(listening);
          return listening.close();
        },
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listenersUp: () => listeners.size > 0 && [...listeners].every((l) => l.connected()),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db), errorFormat: 'minimal' });
  const runner: SqlRunner = {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
  };
  return {
    kind: 'pglite',
    prisma,
    ...runner,
    run: <T>(statement: Prisma.Sql) => prisma.$queryRaw<T[]>(statement),
    session: (fn) => fn(runner), // PGlite has a single connection
    close: async () => {
      await prisma.$disconnect();
      await db.close();
    },
  };
}
