/**
 * The wire types, shared with the server: the same TypeScript interfaces its controllers answer with
 * (type-only imports, so nothing of the server is bundled). A game's view type is imported by its board
 * (web/src/games/<game>.tsx) from its engine folder. Fields that later issues add to the API
 * (docs/api.md: clocks, open seats) are optional here until the server's own types carry them.
 */
import type { CatalogueEntry } from '../../src/games/catalogue.controller';
import type {
  LegalMovesResponse,
  LogEntry as ServerLogEntry,
  LogResponse,
  MatchResponse,
} from '../../src/matches/match.types';

export type { CatalogueEntry, LegalMovesResponse, LogResponse };

/** docs/api.md "Clocks": null without a time control. */
export interface Clock {
  deadlineAt: string | null;
  remainingMs: number[];
}

export interface Player {
  seat: number;
  name: string;
  open?: boolean;
  bot?: string;
  player?: string;
  left?: boolean;
}

export interface Match extends Omit<MatchResponse, 'players' | 'status'> {
  status: MatchResponse['status'] | 'waiting';
  players: Player[];
  clock: Clock | null;
}

/** A log entry; `type` grows with the API (SeatJoined, TimedOut, …). */
export interface LogEntry extends Omit<ServerLogEntry, 'type'> {
  type: ServerLogEntry['type'] | (string & {});
}

export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  reason?: string;
}
