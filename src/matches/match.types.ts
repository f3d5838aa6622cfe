import type { Outcome, Seat } from '../engine/core';
import type { MatchStatus } from './event-store.port';
import type { EventType } from './event-types';
import type { FairnessFields } from './fairness';

/** A seat in a match response: its holder's name, and `player` for a player's seat, `open` while open. */
export interface PlayerEntry {
  seat: Seat;
  name: string | null;
  player?: string;
  open?: true;
  /** The seat forfeited on time in a match of 3+ seats: it is skipped from then on. */
  left?: true;
  /** A server-side bot plays the seat: a built-in bot's id, or "http" (a tournament's HTTP bot). */
  bot?: string;
}

/** The match as one caller may see it (docs/api.md "Match response"; "Fairness" for the seed fields). */
export interface MatchResponse extends FairnessFields {
  id: string;
  game: string;
  rulesVersion: number;
  status: MatchStatus;
  version: number;
  players: PlayerEntry[];
  toMove: Seat[];
  you: Seat | null;
  view: unknown;
  outcome: Outcome | null;
  /** The id of this match's rematch, once there is one. */
  rematch: string | null;
  /** Null without a time control. */
  clock: { deadlineAt: string | null; remainingMs: number[] } | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreatedMatchResponse extends MatchResponse {
  /** One entry per named seat (open seats get theirs when joined). */
  seats: { seat: Seat; name: string; token: string }[];
  /** With webhooks: the secret that signs their deliveries, shown this once. */
  webhookSecret?: string;
}

/** A join's or a rematch's answer: the match as the caller's seat sees it, and that seat's token (none for a bot's seat). */
export interface SeatedResponse extends MatchResponse {
  seat: Seat;
  token?: string;
}

export interface LogEntry {
  seq: number;
  /** The seat the event is about; null for an event of the whole match (MatchAborted). */
  seat: Seat | null;
  type: EventType;
  /** The move in the form POST …/moves takes, as this caller may see it (hidden: `{ type, hidden: true }`); only for MoveMade. */
  move?: unknown;
  /** What the move caused (tiles or cards drawn, points, a round's end); present with `move`. */
  effects?: Readonly<Record<string, unknown>>;
  at: string;
}

export interface LogResponse {
  id: string;
  version: number;
  /** The match's status and the seats to move as of the page's last entry (the match now when the page is empty). */
  status: MatchStatus;
  toMove: Seat[];
  entries: LogEntry[];
  /** Pass as `after` to read on; null at the end of the log. */
  nextAfter: number | null;
}

export interface LegalMovesResponse {
  version: number;
  seat: Seat;
  moves: unknown[];
  /** Pass as `cursor` for the next page; null when this page is the last. */
  nextCursor: string | null;
  [extra: string]: unknown;
}

/** An entry of `players` at creation: `{ name }`, a seat with its own token, or `{ open: true }`, an open seat. */
export interface CreatePlayerInput {
  name?: string;
  open?: true;
  /** A server-side bot's id: the server plays the seat. */
  bot?: string;
}

export interface CreateMatchInput {
  players: CreatePlayerInput[];
  options?: unknown;
  unlisted?: boolean;
  timeControl?: { perMoveSeconds?: number; initialSeconds?: number; incrementSeconds?: number };
  onTimeout?: 'forfeit' | 'random';
  webhooks?: { url: string }[];
}

export interface JoinInput {
  name?: string;
  /** A server-side bot takes the seat (no token is issued). */
  bot?: string;
  seat?: Seat;
}

export interface MoveInput {
  move: unknown;
  expectedVersion?: number;
  idempotencyKey?: string;
}

export interface MoveResult {
  response: MatchResponse;
  /** True when an Idempotency-Key matched an earlier move and its response is returned again. */
  replayed: boolean;
}

/** A lobby entry: the match without a view, and its open seats. */
export interface MatchSummary {
  id: string;
  game: string;
  status: MatchStatus;
  version: number;
  players: PlayerEntry[];
  openSeats: Seat[];
  toMove: Seat[];
  createdAt: string;
  updatedAt: string;
}

export interface MatchListResponse {
  matches: MatchSummary[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}

export interface PlayerMatch {
  game: string;
  id: string;
  seat: Seat;
  version: number;
  status: MatchStatus;
  toMove: boolean;
}

export interface PlayerMatchesResponse {
  matches: PlayerMatch[];
  nextCursor: string | null;
}
