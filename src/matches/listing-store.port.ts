/**
 * The listings' port: the paged lists of matches (the lobby, "my matches") read from the projections every
 * append writes with its events, and the rewrite of those projections from a log. Owned by the listings
 * (listings.service.ts); implemented on Postgres in src/matches/postgres/prisma-listing-store.ts.
 */
import type { SeatHolder } from './decider';
import type { MatchRecord, MatchStatus, Projection } from './event-store.port';

/** A match in a listing: its record and the seats' holders now (a projection of the log). */
export interface MatchSummaryRecord {
  /** A listing's: never the base of an append (whether it has webhooks is not read). */
  readonly match: Omit<MatchRecord, 'webhooks'>;
  readonly seats: readonly SeatHolder[];
  readonly toMove: readonly number[];
}

/** Listings page newest first; the cursor is the last row's (createdAt, id). */
export interface PageAfter {
  readonly createdAt: Date;
  readonly id: string;
}

export interface PlayerMatchRecord {
  readonly game: string;
  readonly id: string;
  readonly seat: number;
  readonly version: number;
  readonly status: MatchStatus;
  readonly toMove: boolean;
  readonly createdAt: Date;
}

export interface ListingStore {
  /** The lobby: listed matches of one game in one status, newest first. */
  listMatches(game: string, status: MatchStatus, after: PageAfter | null, limit: number): Promise<MatchSummaryRecord[]>;
  /** The matches where a player holds a seat, newest first. */
  playerMatches(
    playerId: string,
    filter: { status?: MatchStatus; toMove?: boolean },
    after: PageAfter | null,
    limit: number,
  ): Promise<PlayerMatchRecord[]>;
  /**
   * Rewrites a match's projections (its status and seats to move, its seats' holders) as folded from its log
   * at `version`; false if the match has moved on since (fold again).
   */
  writeProjection(
    matchId: string,
    version: number,
    projection: Projection,
    seats: readonly SeatHolder[],
  ): Promise<boolean>;
}

export const LISTING_STORE = Symbol('LISTING_STORE');
