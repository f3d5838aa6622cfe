/**
 * The one read model of the match tables (Match, Seat, MatchEvent) for the features that only read them: the
 * ratings, the tournaments, the player feed (verify reads the same rows through postgres/match-rows.ts, on its
 * own REPEATABLE READ connection). Implemented once, in postgres/prisma-match-read-model.ts, so a change to the
 * match tables touches that adapter, not every feature's store.
 */

/** A finished match, in the ratings' order: by finish time (its last event's), then id. */
export interface FinishedMatchRef {
  readonly id: string;
  readonly game: string;
  readonly finishedAt: Date;
}

/** Where a reader of a player's events resumes: the appending transaction, the seq, the match. */
export interface PlayerEventCursor {
  readonly txid: string;
  readonly seq: number;
  readonly matchId: string;
}

/** An event of a match a player sits in, with the match as it is now (read by the same statement). */
export interface PlayerEvent extends PlayerEventCursor {
  readonly game: string;
  /** The player's seat in the match. */
  readonly seat: number;
  readonly version: number;
  readonly status: string;
  /** Whether the player's seat is to move. */
  readonly toMove: boolean;
  /** The match clock's next deadline; null when the match has no clock or it is over. */
  readonly deadlineAt: Date | null;
}

/** A table of the caller's and its column that holds match ids (plain identifiers: letters only). */
export interface ListedIn {
  readonly table: string;
  readonly column: string;
}

export interface MatchReadModel {
  /**
   * Finished matches with seats, every seat held by a player or a bot, after `after` (from the first when
   * null) in (finish time, id) order. `unlisted`: leaves out the matches whose id is in the caller's own table
   * (the ratings: the ones already folded), filtered by the database in the same statement, not afterwards.
   */
  finishedHeld(after: FinishedMatchRef | null, limit: number, unlisted?: ListedIn): Promise<FinishedMatchRef[]>;
  /** Of these matches, the ones that ended (finished or aborted), with their game. */
  ended(matchIds: readonly string[]): Promise<{ matchId: string; game: string }[]>;
  /**
   * Up to `limit` events of the player's matches after `cursor`, in commit order, only of transactions older
   * than every one still running; without a cursor, only of matches still being played. A match still at
   * version 0 counts as an event of its own, seq 0, in the order of the transaction that created it.
   */
  playerEvents(playerId: string, cursor: PlayerEventCursor | null, limit: number): Promise<PlayerEvent[]>;
  /** The ids of the matches still being played (waiting or active) where the player holds a seat. */
  playingMatchesOf(playerId: string): Promise<string[]>;
}
