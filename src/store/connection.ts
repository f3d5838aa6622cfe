/**
 * The options and checks every connection to Postgres gets, pooled (database.ts) or the listener's
 * (pg-listener.ts). Issue 28: without them a frozen primary stalled every instance until it came back, and
 * writes went to a demoted primary for seconds after a switchover.
 */
import type { Client, PoolConfig } from 'pg';
import { ReadOnlyServerError } from './db-unavailable';

/**
 * Every place a database socket can hang gets a bound (issue 28: a frozen primary without a session cut stalled
 * the instances until it came back, as a VIP or DNS switch does).
 */
export interface DatabaseTimeouts {
  /** Opening a connection (TCP + startup + the recovery check). */
  readonly connectMs: number;
  /** A statement's answer, measured by the client (pg's query_timeout): a server that stopped answering. 0 = none. */
  readonly queryMs: number;
  /** The server's own statement_timeout, set on each connection. 0 = none (the server's default). */
  readonly statementMs: number;
  /** TCP keepalive's first probe after this much silence. */
  readonly keepAliveMs: number;
  /** An idle pooled connection is closed after this. */
  readonly idleMs: number;
  /** How long a statement that certainly did not run is retried on new connections (refused, a standby). */
  readonly retryMs: number;
  /** The LISTEN connection's probe period (its LISTEN again, which must answer within connectMs). */
  readonly listenProbeMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000, queryMs: 30_000, statementMs: 0, keepAliveMs: 10_000, idleMs: 30_000, retryMs: 1000, listenProbeMs: 5000,
};

/** The options every connection to the database gets, pooled or the listener's. */
export function connectionOptions(url: string, t: DatabaseTimeouts): PoolConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: t.connectMs,
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
