import type { FunctionComponent } from 'preact';
import type { LogEntry, Match } from '../types';

/** What the match page hands a game's board. */
export interface BoardProps {
  /** The match at the version shown (a past one while replaying). */
  match: Match;
  /** The seat whose view this is (from the token), or null for a spectator. */
  seat: number | null;
  /** This seat's legal moves when it may move now (live, its turn); null otherwise. */
  legal: unknown[] | null;
  /** The legal-moves response's extra fields (Qwirkle's canPlace, canExchange, …). */
  info: Record<string, unknown>;
  /** Sends a move; the page shows the answer. */
  send(move: unknown): void;
}

/** One game's part of the pages: its board and how its scores, seats and log entries read. */
export interface GameUi {
  title: string;
  Board: FunctionComponent<BoardProps>;
  /** Points (or discs, or blocks removed) by seat, as the view has them. */
  scores(match: Match): number[] | null;
  /** A seat's colour or role, if the game gives seats one. */
  seatLabel?(seat: number): string;
  /** A seat's swatch colour in the players list. */
  seatColor?(seat: number): string;
  /** One log entry in words. */
  describe(entry: LogEntry): string;
}
