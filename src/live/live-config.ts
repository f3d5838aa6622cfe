/** Limits and timings of the live routes (streams and long-polls), from the environment. See README "Waiting for your turn". */
export interface LiveConfig {
  /** A comment line on every open stream this often (API: at least every 15 s). */
  readonly heartbeatMs: number;
  /** How often every watched match's version is re-read, in case a notification was lost. */
  readonly recheckMs: number;
  /** How often an instance tells the others on the hint bus that it listens (notifier.ts, "Presence"). */
  readonly presenceMs: number;
  /** Open streams and waiting long-polls per token (or per client address without one). */
  readonly perToken: number;
  /** Open streams and waiting long-polls on this instance. */
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

export function liveConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LiveConfig {
  return {
    heartbeatMs: Math.min(positiveInt(env, 'LIVE_HEARTBEAT_MS', 10_000), 15_000),
    recheckMs: positiveInt(env, 'LIVE_RECHECK_MS', 5_000),
    presenceMs: positiveInt(env, 'LIVE_PRESENCE_MS', 5_000),
    perToken: positiveInt(env, 'LIVE_STREAMS_PER_TOKEN', 16),
    total: positiveInt(env, 'LIVE_STREAMS_MAX', 10_000),
    maxBufferedBytes: positiveInt(env, 'LIVE_STREAM_BUFFER_BYTES', 256 * 1024),
    slowReaderMs: positiveInt(env, 'LIVE_SLOW_READER_MS', 30_000),
    pageSize: 100,
  };
}
