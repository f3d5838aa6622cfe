/**
 * The bot runner's work queue: matches where a bot seat is to move, claimed with a lease. Postgres:
 * src/matches/postgres/prisma-work-queues.ts.
 */
export interface BotTurnQueue {
  /**
   * Claims up to `limit` matches where a bot seat is to move since `now` or before and that no other instance
   * holds: `FOR UPDATE SKIP LOCKED`, then a lease until `leaseUntil` (the next append of the match clears it,
   * unless the bot runner's own, which renews it).
   */
  claim(now: Date, leaseUntil: Date, limit: number): Promise<{ id: string; game: string }[]>;
  /**
   * Gives back a claim that still holds the lease `leaseUntil`, so that work an instance stopped or failed on
   * is claimed again at the next sweep of any instance, not after the lease (a claim taken over since is left alone).
   */
  release(matchId: string, leaseUntil: Date): Promise<void>;
}

export const BOT_TURNS = Symbol('BOT_TURNS');
