/**
 * Limits and timings of the live routes (streams and long-polls), from the environment. See docs/api.md
 * "Waiting for your turn".
 */
export interface LiveConfig {
  /** A comment line on every open stream this often (API: at least every 15 s). */
  readonly heartbeatMs: number;
  /** How often every watched match's version is re-read, in case a notification was lost. */
  readonly recheckMs: number;
  /** How often an instance tells the others on the hint bus that it listens (notifier.ts, "Presence"). */
  readonly presenceMs: number;
  /** Open streams and waiting long-polls per token (or per client address without one). */
  readonly perToken: number;
  /**
   * Open streams and waiting long-polls per client address, whatever tokens it holds: at most half of
   * `MAX_CONNECTIONS`, so one address never holds the connections another needs (for /health, say).
   */
  readonly perAddress: number;
  /** Open streams and waiting long-polls on this instance: at most `MAX_CONNECTIONS` less a tenth, kept for other requests. */
  readonly total: number;
  /** Bytes a stream may have queued for a client that does not read before it is dropped. */
  readonly maxBufferedBytes: number;
  /** How long a catching-up stream waits for its client to read before dropping it. */
  readonly slowReaderMs: number;
  /** Log entries read and sent per step when a stream catches up. */
  readonly pageSize: number;
}

export const LIVE_CONFIG = Symbol('LIVE_CONFIG');

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1, not ${raw}`);
  return n;
}

/**
 * `maxConnections` is the server's MAX_CONNECTIONS (app.ts hands it to Node, which drops every connection past
 * it, /health's too). A stream or a waiting long-poll holds its connection, so the live limits are sized under
 * it: with the defaults (2,000 connections) nothing changes but the total, 1,800 instead of 10,000 (Node never
 * let more than 2,000 in anyway); with MAX_CONNECTIONS=30, one address holds at most 15 and all at most 27.
 */
export function liveConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  maxConnections = Number.MAX_SAFE_INTEGER,
): LiveConfig {
  const reserved = Math.ceil(maxConnections / 10);
  return {
    heartbeatMs: Math.min(positiveInt(env, 'LIVE_HEARTBEAT_MS', 10_000), 15_000),
    recheckMs: positiveInt(env, 'LIVE_RECHECK_MS', 5_000),
    presenceMs: positiveInt(env, 'LIVE_PRESENCE_MS', 5_000),
    perToken: positiveInt(env, 'LIVE_STREAMS_PER_TOKEN', 16),
    perAddress: Math.min(positiveInt(env, 'LIVE_STREAMS_PER_ADDRESS', 64), Math.max(1, Math.floor(maxConnections / 2))),
    total: Math.min(positiveInt(env, 'LIVE_STREAMS_MAX', 10_000), Math.max(1, maxConnections - reserved)),
    maxBufferedBytes: positiveInt(env, 'LIVE_STREAM_BUFFER_BYTES', 256 * 1024),
    slowReaderMs: positiveInt(env, 'LIVE_SLOW_READER_MS', 30_000),
    pageSize: 100,
  };
}
