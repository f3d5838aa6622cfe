/**
 * The expiry sweep's work queue (expiry.service.ts): the matches it may have to abort. Postgres:
 * src/matches/postgres/prisma-work-queues.ts.
 */
export interface ExpiryQueue {
  /** Waiting matches whose wait ended at or before `now`. */
  dueToExpire(now: Date, limit: number): Promise<{ id: string; game: string }[]>;
  /** Active matches whose last event was at or before `idleSince` (abandoned ones, if the decider agrees). */
  idleActive(idleSince: Date, limit: number): Promise<{ id: string; game: string }[]>;
}

export const EXPIRY_QUEUE = Symbol('EXPIRY_QUEUE');
