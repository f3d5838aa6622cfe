/**
 * When a failed delivery is tried again: exponential backoff from the base (doubling, at most an hour apart),
 * with ±25% jitter so that the deliveries of one outage do not all return at once, never sooner than the
 * receiver's `Retry-After`, and never after the retry window (counted from the event). A wait that would end
 * after the window (a long backoff step, or a `Retry-After` longer than what is left) is cut to the window's
 * end, where one last attempt is made; a delivery that fails at or after the window's end is given up.
 */
const MAX_STEP_MS = 3_600_000;

export interface RetryInput {
  /** The attempt that just failed, from 1. */
  readonly attempt: number;
  readonly now: number;
  /** When the delivery was written (the event's time). */
  readonly createdAt: number;
  readonly baseMs: number;
  readonly windowMs: number;
  /** In [0, 1). */
  readonly random: number;
  /** The answer's Retry-After: seconds, or an HTTP date. */
  readonly retryAfter: string | null;
}

/** The time of the next attempt (epoch ms), or null to give up. */
export function nextAttemptAt(r: RetryInput): number | null {
  const step = Math.min(MAX_STEP_MS, r.baseMs * 2 ** Math.min(r.attempt - 1, 40));
  const delay = Math.max(step * (0.75 + r.random * 0.5), retryAfterMs(r.retryAfter, r.now));
  const end = r.createdAt + r.windowMs;
  if (r.now >= end) return null;
  return Math.round(Math.min(r.now + delay, end));
}

function retryAfterMs(header: string | null, now: number): number {
  if (header === null) return 0;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}
