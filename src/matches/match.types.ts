import type { Outcome, Seat } from '../engine/core';
import type { MatchStatus } from './event-store.port';
import type { FairnessFields } from './fairness';

/** The match as one caller may see it (API.md "Match response"; "Fairness" for the seed fields). */
export interface MatchResponse extends FairnessFields {
  id: string;
  game: string;
  rulesVersion: number;
  status: MatchStatus;
  version: number;
  players: { seat: Seat; name: string }[];
  toMove: Seat[];
  you: Seat | null;
  view: unknown;
  outcome: Outcome | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreatedMatchResponse extends MatchResponse {
  seats: { seat: Seat; name: string; token: string }[];
}

export interface LogEntry {
  seq: number;
  seat: Seat;
  type: 'MoveMade' | 'PlayerResigned';
  /** The move in the form POST …/moves takes, as this caller may see it (hidden: `{ type, hidden: true }`); absent for a resignation. */
  move?: unknown;
  /** What the move caused (tiles or cards drawn, points, a round's end); present with `move`. */
  effects?: Readonly<Record<string, unknown>>;
  at: string;
}

export interface LogResponse {
  id: string;
  version: number;
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

export interface CreateMatchInput {
  players: { name: string }[];
  options?: unknown;
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
