/**
 * The options and checks every connection to Postgres gets, pooled (database.ts) or the listener's
 * (pg-listener.ts). Issue 28: without them a frozen primary stalled every instance until it came back, and
 * writes went to a demoted primary for seconds after a switchover.
 */
import type { Client, PoolConfig } from 'pg';
import type { DatabaseTimeouts } from '../common/config';
import { ReadOnlyServerError } from './db-unavailable';

/** The bounds live with the rest of the configuration (src/common/config.ts); re-exported for the store's files. */
export { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS } from '../common/config';

/**
 * The options every connection to the database gets, pooled or the listener's. The connect timeout is also the
 * pool's wait for a free connection, and no longer than the query timeout (issue 35, N5): a request's wait for
 * a frozen database is one of the two, so it answers 503 within DATABASE_QUERY_TIMEOUT_MS. With the connect
 * timeout alone (5 s) after a query's (then 30 s), the audit's match, log and move routes took 30-35 s.
 */
export function connectionOptions(url: string, t: DatabaseTimeouts): PoolConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: t.queryMs > 0 ? Math.min(t.connectMs, t.queryMs) : t.connectMs,
    ...(t.queryMs > 0 ? { query_timeout: t.queryMs } : {}),
    ...(t.statementMs > 0 ? { statement_timeout: t.statementMs } : {}),
    keepAlive: true,
    keepAliveInitialDelayMillis: t.keepAliveMs,
  };
}

/**
 * Refuses a connection to a server in recovery: node-postgres has no `target_session_attrs=read-write`, and
 * after a switchover a proxy (HAProxy's checks, a DNS record) still routes to the demoted primary for seconds;
 * issue 28 saw 62-83 writes per run fail there. Checked once per new connection: a demotion restarts the
 * server, which ends every connection to it.
 */
export async function refuseStandby(client: Pick<Client, 'query'>): Promise<void> {
  const { rows } = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
  if (rows[0]?.r) throw new ReadOnlyServerError();
}
