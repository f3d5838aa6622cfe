/**
 * The bench's Postgres: the server in DATABASE_URL when it is set, else an embedded one (real Postgres binaries
 * from npm) started here in a temporary folder. Either way the bench works in a fresh database
 * `turnbase_bench`, dropped and re-created at the start (and dropped at the end on an external server).
 */
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres';

export const BENCH_DB = 'turnbase_bench';

export interface BenchPostgres {
  /** 'embedded' or 'external'. */
  readonly kind: 'embedded' | 'external';
  /** postgresql:// URL of the fresh `turnbase_bench` database. */
  readonly url: string;
  /** Host and port, for the report (never the password). */
  readonly where: string;
  /** Pid of the postmaster we started (embedded only), for a last-resort kill. */
  readonly pid: number | null;
  stop(): Promise<void>;
}

/** `track` is told how to stop it (and its postmaster pid) before it starts, so an interrupt stops it too. */
export type Track = (stop: () => Promise<void>, pid: () => number | null) => void;

export async function startPostgres(log: (line: string) => void, track: Track): Promise<BenchPostgres> {
  const external = process.env.DATABASE_URL?.trim();
  return external ? useExternal(external, log, track) : startEmbedded(log, track);
}

async function useExternal(raw: string, log: (line: string) => void, track: Track): Promise<BenchPostgres> {
  const admin = new URL(raw);
  if (!/^postgres(ql)?:$/.test(admin.protocol)) throw new Error('DATABASE_URL must be a postgresql:// URL');
  if (admin.pathname === `/${BENCH_DB}`) admin.pathname = '/postgres'; // cannot drop the database we are connected to
  const where = `${admin.hostname}:${admin.port || '5432'}`;
  const bench = new URL(raw);
  bench.pathname = `/${BENCH_DB}`;
  const run = async (sql: string): Promise<void> => {
    const c = new Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    if (process.env.BENCH_KEEP_DB === '1') return;
    await run(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
  };
  track(stop, () => null);
  await run(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${BENCH_DB}"`);
  log(`Postgres: DATABASE_URL (${where}), fresh database ${BENCH_DB}`);
  return { kind: 'external', url: bench.toString(), where, pid: null, stop };
}

async function startEmbedded(log: (line: string) => void, track: Track): Promise<BenchPostgres> {
  const pg = await startEmbeddedPostgres(BENCH_DB, track);
  const where = `127.0.0.1:${pg.port}`;
  log(`Postgres: embedded (${where}, data in ${pg.dataDir}), fresh database ${BENCH_DB}`);
  return { kind: 'embedded', url: pg.url, where, pid: pg.pid(), stop: pg.stop };
}

/** Version and durability settings of the server, for the report. */
export async function describePostgres(url: string): Promise<Record<string, string>> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const name of [
      'server_version',
      'fsync',
      'synchronous_commit',
      'wal_sync_method',
      'shared_buffers',
      'max_connections',
    ]) {
      const r = await c.query<Record<string, string>>(`SHOW ${name}`);
      out[name] = String(Object.values(r.rows[0] ?? {})[0] ?? '');
    }
    return out;
  } finally {
    await c.end();
  }
}

/**
 * `ANALYZE` of the whole database, once the bench has made its matches: a database in service has statistics
 * (autovacuum analyzes a table that grew by 10% within its one-minute naptime), and pgbench's `-i` likewise
 * vacuums and analyzes after loading. Without it, the plans each server connection cached while the tables held
 * the warm-up's few rows (a scan of the whole Match table then cost less than an index lookup) stay in use
 * after the creation phase has made 9,000 matches: each append then reads every match row (bench/README.md,
 * "Statistics"). Answers the milliseconds it took.
 */
export async function analyze(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const t0 = Date.now();
    await c.query('ANALYZE');
    return Date.now() - t0;
  } finally {
    await c.end();
  }
}
