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

/** A match the matcher made, and the seat each of its seeks got. */
export interface Seating {
  readonly match: NewMatch;
  readonly seeks: readonly { readonly id: string; readonly seat: number }[];
}

export interface SeekStore {
  create(seek: NewSeek): Promise<void>;
  find(id: string): Promise<SeekRecord | null>;
  /** Waiting → cancelled; answers the seek as it is after (unchanged when it was not waiting). Null: no such seek. */
  cancel(id: string, now: Date): Promise<SeekRecord | null>;
  /** Waiting seeks past their expiry → expired. */
  expire(now: Date): Promise<number>;
  /** The games with waiting seeks. */
  gamesWaiting(): Promise<string[]>;
  /**
   * One pairing pass over a game, in one transaction: unless another instance is pairing that game now (then
   * nothing happens and this answers null), the game's waiting seeks are locked and handed to `seat`, and the
   * matches it answers are created with their seeks marked matched, all or nothing.
   */
  pair(game: string, seat: (waiting: readonly SeekRecord[]) => readonly Seating[]): Promise<number | null>;
  /** A player's seeks matched since `since`, oldest first (the player feed's `matched` events). */
  matchedSince(playerId: string, since: Date): Promise<SeekRecord[]>;
}

export const SEEK_STORE = Symbol('SEEK_STORE');
