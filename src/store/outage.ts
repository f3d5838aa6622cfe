/**
 * The background loops' view of a database outage (issue 28). During a failover every loop (clocks, bots,
 * expiry, ratings, tournaments, webhooks) failed on each tick and logged each failure: hundreds of lines per
 * failover. And a claim lease that could not be released while the database was away stayed until it expired,
 * so a clock deadline fired 30 s late. Here, process-wide:
 * - a failure that is database unavailability (db-unavailable.ts) is logged once when the database goes, and
 *   once when it comes back, not by each loop;
 * - while it is away, each loop backs off (it tries again after 250 ms, doubling to 5 s), instead of every tick;
 * - a claim release that failed for unavailability is kept and run when the database is back.
 */
import { Logger } from '@nestjs/common';
import { classifyDatabaseError } from './db-unavailable';

const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 5000;
const MAX_DEFERRED = 10_000;

export class DatabaseOutage {
  private readonly logger = new Logger('Database');
  private downSince: number | null = null;
  private readonly backoff = new Map<string, { next: number; delay: number }>();
  private deferred: Array<() => Promise<unknown>> = [];

  constructor(private readonly now: () => number = Date.now) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  /** Whether `loop` should skip this tick (the database is away and its back-off has not run out). */
  skip(loop: string): boolean {
    const b = this.backoff.get(loop);
    return this.downSince !== null && b !== undefined && this.now() < b.next;
  }

  /**
   * Reports a loop's failure. True when it was database unavailability: the caller says nothing more (the
   * outage is logged here, once). False for any other error, which the caller logs as before.
   */
  failed(loop: string, error: unknown): boolean {
    const unavailable = classifyDatabaseError(error);
    if (!unavailable) return false;
    if (this.downSince === null) {
      this.downSince = this.now();
      this.logger.warn(
        `the database is unavailable (${unavailable.reason}); background work backs off until it is back`,
      );
    }
    const b = this.backoff.get(loop);
    const delay = b ? Math.min(b.delay * 2, MAX_BACKOFF_MS) : FIRST_BACKOFF_MS;
    this.backoff.set(loop, { next: this.now() + delay, delay });
    return true;
  }

  /** Reports a loop's success: the database is back if it was away, and the releases kept meanwhile run now. */
  ok(loop: string): void {
    this.backoff.delete(loop);
    if (this.downSince === null) return;
    const ms = this.now() - this.downSince;
    this.downSince = null;
    this.backoff.clear();
    const deferred = this.deferred;
    this.deferred = [];
    this.logger.log(
      `the database is back after ${(ms / 1000).toFixed(1)} s${deferred.length ? `; releasing ${deferred.length} claims left behind` : ''}`,
    );
    for (const release of deferred) release().catch(() => undefined); // a lease it cannot release still expires
  }

  /**
   * A claim release (or any idempotent clean-up) that failed: kept for the database's return when the failure
   * was unavailability, dropped otherwise (the lease expires anyway).
   */
  releaseLater(error: unknown, release: () => Promise<unknown>): void {
    if (!classifyDatabaseError(error) || this.deferred.length >= MAX_DEFERRED) return;
    if (this.downSince === null) {
      this.downSince = this.now();
      this.logger.warn('the database is unavailable; background work backs off until it is back');
    }
    this.deferred.push(release);
  }
}

/** One per process: the loops share what they learn of the database. */
export const outage = new DatabaseOutage();
