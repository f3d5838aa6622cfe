/**
 * The clock scheduler's work queue: matches whose clock deadline has come, claimed with a lease. Postgres:
 * src/matches/postgres/prisma-work-queues.ts.
 */
export interface DeadlineQueue {
  /**
   * Claims up to `limit` matches whose clock deadline is at or before `now` and that no other instance holds:
   * `FOR UPDATE SKIP LOCKED`, then a lease until `leaseUntil` (the next append of the match clears it).
   */
  claim(now: Date, leaseUntil: Date, limit: number): Promise<{ id: string; game: string }[]>;
  /** Gives back a claim that still holds the lease `leaseUntil` (a claim taken over since is left alone). */
  release(matchId: string, leaseUntil: Date): Promise<void>;
}

export const DEADLINES = Symbol('DEADLINES');
