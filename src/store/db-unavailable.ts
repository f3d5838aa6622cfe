/**
 * The one classifier of "the database is unavailable", for every spelling the stack has of it. Issue 28 ran
 * turnbase on a Patroni cluster and every failover reached clients as `500 INTERNAL`: behind them were
 * SQLSTATEs 57P01 (backend terminated), 57P03 (cannot connect now), 25006 (read-only standby), and
 * node-postgres's "Connection terminated unexpectedly". The same failure reaches us in several wrappings:
 * - `pg`'s own error, with a SQLSTATE in `code`, or a Node socket error (`ECONNREFUSED`, `ECONNRESET`), or a
 *   plain Error whose message is all there is ("Connection terminated unexpectedly", "Query read timeout",
 *   "timeout exceeded when trying to connect");
 * - `@prisma/adapter-pg`'s DriverAdapterError, whose `cause` is `{ kind }`: `DatabaseNotReachable`
 *   (ECONNREFUSED, ENOTFOUND), `ConnectionClosed` (ECONNRESET), `SocketTimeout` (ETIMEDOUT),
 *   `TooManyConnections` (53300), or `postgres` with the SQLSTATE in `code` (and `originalCode`); other errors
 *   it rethrows unwrapped;
 * - Prisma's client errors: P1001 (cannot reach), P1002 (timed out), P1017 (server closed the connection),
 *   P2024 (no pool connection in time), and known request errors carrying `meta.driverAdapterError`.
 * So this walks the error, its `cause` chain and `meta.driverAdapterError`, and answers what it found.
 *
 * `committed` says whether the statement may have taken effect: `no` when it certainly did not (the connection
 * was never made, or the server refused the statement before running it: a read-only standby, a server
 * starting up or shutting down at connect), `maybe` when the connection ended or timed out while the statement
 * was out (a commit may have landed and only its answer been lost; 57P01 can arrive after a local commit under
 * synchronous replication). A `no` may be retried blindly; a `maybe` only when the request is idempotent.
 */

export type UnavailableReason = 'database/unavailable' | 'database/read-only';

export interface Unavailable {
  readonly reason: UnavailableReason;
  readonly committed: 'no' | 'maybe';
}

/** What a client is told to wait before retrying (seconds): a Patroni switchover takes 2-7 s, a failover ~10 s. */
export const RETRY_AFTER_SECONDS = 1;

/** The error a pooled connection is refused with when its server is a standby (database.ts). */
export class ReadOnlyServerError extends Error {
  readonly code = '25006'; // read_only_sql_transaction: what a write to it would have answered
  constructor() {
    super('the database server is in recovery (a read-only standby); refused the connection');
    this.name = 'ReadOnlyServerError';
  }
}

const NO: Unavailable = { reason: 'database/unavailable', committed: 'no' };
const MAYBE: Unavailable = { reason: 'database/unavailable', committed: 'maybe' };
const READ_ONLY: Unavailable = { reason: 'database/read-only', committed: 'no' };

/** Node's socket error codes: refused or unroutable before anything was sent, or cut/timed out after. */
const SOCKET_NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
]);
const SOCKET_CUT = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
]);

function bySqlState(code: string): Unavailable | null {
  if (code === '25006') return READ_ONLY;
  if (code === '57P03' || code === '53300' || code === '08001' || code === '08004') return NO; // refused at connect
  if (code === '57P01' || code === '57P02' || code.startsWith('08')) return MAYBE; // ended mid-session
  return null;
}

/** Prisma's adapter's error kinds (`cause.kind` of a DriverAdapterError). */
function byAdapterKind(kind: string): Unavailable | null {
  switch (kind) {
    case 'DatabaseNotReachable':
    case 'TooManyConnections':
      return NO;
    case 'ConnectionClosed':
    case 'SocketTimeout':
      return MAYBE;
    default:
      return null;
  }
}

/** Prisma's client error codes. */
function byPrismaCode(code: string): Unavailable | null {
  if (code === 'P1001' || code === 'P2024') return NO; // cannot reach the server; no pool connection in time
  if (code === 'P1002' || code === 'P1017') return MAYBE; // timed out; the server closed the connection
  return null;
}

/** node-postgres and pg-pool say these only in the message. */
function byMessage(message: string): Unavailable | null {
  if (
    /not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout|Cannot use a pool after calling end/i.test(
      message,
    )
  )
    return NO;
  if (
    /Connection terminated|Query read timeout|server closed the connection unexpectedly|Connection ended unexpectedly/i.test(
      message,
    )
  )
    return MAYBE;
  return null;
}

function merge(a: Unavailable | null, b: Unavailable | null): Unavailable | null {
  if (!a) return b;
  if (!b) return a;
  // Read-only wins the reason (it tells the operator more). The outer error (found first) knows the phase: pg-pool's
  // "Connection terminated due to connection timeout" wraps pg's "Connection terminated unexpectedly" at connect.
  return {
    reason:
      a.reason === 'database/read-only' || b.reason === 'database/read-only'
        ? 'database/read-only'
        : 'database/unavailable',
    committed: a.committed,
  };
}

/** Null when the error is not about the database being unavailable (a bug, a constraint, bad input). */
export function classifyDatabaseError(error: unknown): Unavailable | null {
  let found: Unavailable | null = null;
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift();
    if (e === null || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const o = e as {
      code?: unknown;
      errorCode?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown; code?: unknown };
    };
    if (typeof o.code === 'string') {
      const code = o.code;
      if (/^P\d{4}$/.test(code)) found = merge(found, byPrismaCode(code));
      else if (/^[0-9A-Z]{5}$/.test(code)) found = merge(found, bySqlState(code));
      if (SOCKET_NOT_SENT.has(code)) found = merge(found, NO);
      if (SOCKET_CUT.has(code)) found = merge(found, MAYBE);
    }
    if (typeof o.errorCode === 'string') found = merge(found, byPrismaCode(o.errorCode)); // PrismaClientInitializationError
    if (typeof o.originalCode === 'string') found = merge(found, bySqlState(o.originalCode));
    if (typeof o.kind === 'string') found = merge(found, byAdapterKind(o.kind));
    if (typeof o.message === 'string') found = merge(found, byMessage(o.message));
    if (o.meta && typeof o.meta === 'object') {
      if (typeof o.meta.code === 'string') found = merge(found, bySqlState(o.meta.code)); // P2010: raw query failed, with the SQLSTATE
      queue.push(o.meta.driverAdapterError);
    }
    queue.push(o.cause);
  }
  return found;
}
