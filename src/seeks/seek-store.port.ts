/** The seeks module's port to the store: its own table, plus the creation of the matches it seats. */
import type { ClockSettings } from '../matches/match-clock';
import type { NewMatch } from '../matches/event-store.port';

export type SeekStatus = 'waiting' | 'matched' | 'cancelled' | 'expired';

export interface SeekRecord {
  readonly id: string;
  readonly game: string;
  readonly playerId: string;
  readonly name: string;
  readonly pool: string;
  readonly options: unknown;
  readonly clock: ClockSettings | null;
  readonly seats: number;
  readonly ratingRange: number;
  readonly botAfterSeconds: number | null;
  readonly rating: number;
  readonly tokenHash: string;
  readonly status: SeekStatus;
  readonly matchId: string | null;
  readonly seat: number | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly settledAt: Date | null;
}

export type NewSeek = Omit<SeekRecord, 'status' | 'matchId' | 'seat' | 'settledAt'>;

/** What the pairing reads of every waiting seek (the rest is read only for the seeks it seats). */
export type SeekCandidate = Pick<
  SeekRecord,
  'id' | 'playerId' | 'pool' | 'seats' | 'rating' | 'ratingRange' | 'botAfterSeconds' | 'createdAt' | 'expiresAt'
>;

/**
 * Locks the given waiting seeks (until the pass's transaction ends) and answers their records; a seek that is no
 * longer waiting (cancelled, or expired, since the pass read it) is missing from the answer.
 */
export type LoadSeeks = (ids: readonly string[]) => Promise<ReadonlyMap<string, SeekRecord>>;

/** A match the matcher made, and the seat each of its seeks got. */
export interface Seating {
  readonly match: NewMatch;
  readonly seeks: readonly { readonly id: string; readonly seat: number }[];
}

export interface SeekStore {
  /**
   * Stores a waiting seek unless its player holds `limit` waiting (unexpired) seeks already: then answers false
   * and stores nothing. Two creations for one player at once are serialized, so they never both pass the limit.
   */
  create(seek: NewSeek, limit: number): Promise<boolean>;
  find(id: string): Promise<SeekRecord | null>;
  /** Waiting → cancelled; answers the seek as it is after (unchanged when it was not waiting). Null: no such seek. */
  cancel(id: string, now: Date): Promise<SeekRecord | null>;
  /** Waiting seeks past their expiry → expired. */
  expire(now: Date): Promise<number>;
  /** The games with waiting seeks. */
  gamesWaiting(): Promise<string[]>;
  /**
   * One pairing pass over a game, in one transaction: unless another instance is pairing that game now (then
   * nothing happens and this answers null), the game's waiting seeks are handed to `seat` (as candidates; it
   * locks and reads the ones it seats with `load`), and the matches it answers are created with their seeks
   * marked matched, all or nothing. `changed`, given a digest of the game's waiting seeks (the same digest for the
   * same set of seeks), may answer false to skip the pass (then this answers 0).
   */
  pair(
    game: string,
    seat: (waiting: readonly SeekCandidate[], load: LoadSeeks) => Promise<readonly Seating[]>,
    changed?: (digest: string) => boolean,
  ): Promise<number | null>;
  /** A player's seeks matched since `since`, oldest first (the player feed's `matched` events). */
  matchedSince(playerId: string, since: Date): Promise<SeekRecord[]>;
}

export const SEEK_STORE = Symbol('SEEK_STORE');
