/**
 * What the player feed reads: the events of a player's matches in commit order. Each event carries the id
 * of the transaction that appended it (`MatchEvent.txid`, a column default, so every writer sets it); a
 * read returns only events of transactions older than every transaction still running
 * (`pg_snapshot_xmin`), so none can later appear before a cursor already passed: resuming misses nothing.
 * A match at version 0 has no event yet: it is read as one at seq 0 of its creating transaction (`Match.txid`,
 * set the same way), so its first turn comes under the same rule, however the match was made.
 */
import type { PlayerEvent, PlayerEventCursor } from '../matches/match-read-model';

/** Where a feed resumes: the appending transaction, the seq, the match (the match tables' read model's cursor). */
export type FeedCursor = PlayerEventCursor;

/**
 * An event of one of the player's matches, with the player's seat and the match now (its version, status,
 * whether the player's seat is to move, its clock's next deadline), read by the same statement.
 */
export type FeedRow = PlayerEvent;

/** A seek of the player's that was matched (the feed's `matched` event): the seek and its seat in the match. */
export interface MatchedSeek {
  readonly id: string;
  readonly game: string;
  readonly matchId: string;
  readonly seat: number;
}

export interface PlayerFeedStore {
  /** Up to `limit` events of the player's matches after `cursor` (from the start without one), in commit order. */
  after(playerId: string, cursor: FeedCursor | null, limit: number): Promise<FeedRow[]>;
  /** The ids of the matches where the player holds a seat (to wake the feed when one moves). */
  matchesOf(playerId: string): Promise<string[]>;
  /** The player's seeks matched since `since`, oldest first. */
  matchedSeeks(playerId: string, since: Date): Promise<MatchedSeek[]>;
}

export const PLAYER_FEED_STORE = Symbol('PLAYER_FEED_STORE');

export const formatCursor = (c: FeedCursor): string => `${c.txid}.${c.seq}.${c.matchId}`;

export function parseCursor(raw: string): FeedCursor | null {
  const m = /^(\d{1,20})\.(\d{1,10})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(raw.trim());
  return m ? { txid: m[1] as string, seq: Number(m[2]), matchId: m[3] as string } : null;
}
