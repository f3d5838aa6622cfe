/** The ratings module's port to the store: its projection tables, and the finished matches to fold. */
export interface RatingRecord {
  readonly game: string;
  /** player:<player id> | bot:<bot id> (a bot seat outside tournaments) | bot:<entrant name> (a tournament's bot) */
  readonly key: string;
  readonly name: string;
  readonly kind: 'player' | 'bot';
  readonly mu: number;
  readonly sigma: number;
  readonly matches: number;
}

import type { RatedPair } from './rating-rules';

/** A finished match, where the ratings' order puts it: by finish time, then id. */
export interface FinishedMatch {
  readonly id: string;
  readonly game: string;
  readonly finishedAt: Date;
}

export interface RatingsStore {
  /** The last match folded in, or null when none is. */
  lastRated(): Promise<FinishedMatch | null>;
  /** Finished matches not folded in yet, in the ratings' order. */
  unrated(limit: number): Promise<FinishedMatch[]>;
  /** Every finished match after `after` (all when null), in the ratings' order: the rebuild's input. */
  finished(after: FinishedMatch | null, limit: number): Promise<FinishedMatch[]>;
  ratings(game: string, keys: readonly string[]): Promise<RatingRecord[]>;
  /** The rated matches of these pairs (rating-rules.ts) in `game` that finished after `since`. */
  recentPairs(game: string, pairs: readonly string[], since: Date): Promise<RatedPair[]>;
  /** Whether the match is a tournament's (its bots are rated under their entrant names). */
  inTournament(matchId: string): Promise<boolean>;
  /**
   * Writes the ratings after `folded` (in order) in one transaction, only if no other instance folded anything
   * since `expectedLast`: answers false (and writes nothing) when it did. `pairs`: the rated pairs the fold
   * added to the same-opponent window; rows older than 24 hours before the last folded match are dropped.
   */
  commit(
    expectedLast: FinishedMatch | null,
    ratings: readonly RatingRecord[],
    folded: readonly FinishedMatch[],
    pairs: readonly RatedPair[],
  ): Promise<boolean>;
  /** Replaces the whole projection in one transaction (the rebuild), the same-opponent window included. */
  replaceAll(
    ratings: readonly RatingRecord[],
    folded: readonly FinishedMatch[],
    pairs: readonly RatedPair[],
  ): Promise<void>;
  /** A game's ratings, highest first (by the displayed rating, mu - 3 sigma). */
  leaderboard(game: string, limit: number): Promise<RatingRecord[]>;
  all(): Promise<RatingRecord[]>;
  /** One identity's ratings, every game. */
  forKey(key: string): Promise<RatingRecord[]>;
}

export const RATINGS_STORE = Symbol('RATINGS_STORE');
