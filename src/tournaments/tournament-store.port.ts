/** The tournaments module's port to the store: its own tables, plus the creation of its matches. */
import type { ClockSettings } from '../matches/match-clock';
import type { NewMatch } from '../matches/event-store.port';
import type { Round } from './pairing';

export type TournamentFormat = 'round-robin' | 'swiss' | 'arena';
export type EntrantKind = 'bot' | 'http' | 'player';

export interface EntrantRecord {
  readonly idx: number;
  readonly name: string;
  readonly kind: EntrantKind;
  readonly bot: string | null;
  readonly url: string | null;
  readonly secret: string | null;
  readonly playerId: string | null;
  readonly requests: number;
  readonly failures: number;
  readonly latencyMs: number;
}

/** A match of a round: the entrants by seat, and its points by seat once it ended. */
export interface TournamentMatchRecord {
  readonly matchId: string;
  readonly round: number;
  readonly table: number;
  readonly entrants: readonly number[];
  readonly result: { readonly points: readonly number[] } | null;
}

export interface TournamentRecord {
  readonly id: string;
  readonly game: string;
  readonly format: TournamentFormat;
  readonly rounds: number;
  readonly seatsPerMatch: number;
  readonly options: unknown;
  readonly clock: ClockSettings | null;
  readonly status: 'running' | 'finished';
  readonly roundsCreated: number;
  /** The rounds it plays in all; null only on a row older than the column, until its plan is listed once. */
  readonly plannedRounds: number | null;
  /** How long its HTTP bots may take for a turn (ms); null: the server's BOT_HTTP_TIMEOUT_MS. */
  readonly botTimeoutMs: number | null;
  readonly createdAt: Date;
  /** Arenas: when pairing stops; null in the other formats. */
  readonly endsAt: Date | null;
  /** When its first round is created (the director does it then); null: it was created with the tournament. */
  readonly startsAt: Date | null;
  readonly entrants: readonly EntrantRecord[];
  readonly matches: readonly TournamentMatchRecord[];
}

export interface NewTournament extends Pick<
  TournamentRecord,
  'id' | 'game' | 'format' | 'rounds' | 'seatsPerMatch' | 'options' | 'clock' | 'endsAt' | 'botTimeoutMs' | 'startsAt'
> {
  readonly entrants: readonly Omit<EntrantRecord, 'requests' | 'failures' | 'latencyMs'>[];
  readonly plannedRounds: number;
  /** Round robin: every round's tables, listed once here; Swiss: null. */
  readonly schedule: readonly Round[] | null;
}

/** How far a tournament has come, read from its own row alone (what a tournament stream polls). */
export interface TournamentProgress {
  readonly roundsCreated: number;
  readonly matchesScored: number;
  readonly status: TournamentRecord['status'];
}

/** A round's matches, each with its table's entrants by seat. */
export type NewRound = readonly { readonly match: NewMatch; readonly entrants: readonly number[] }[];

export interface TournamentStore {
  /**
   * The tournament, its entrants and its first round, in one transaction; `firstRound` null: none yet (it starts
   * later, and the director creates round 1 at `startsAt`).
   */
  create(tournament: NewTournament, firstRound: NewRound | null): Promise<void>;
  /** Round `round` whole, in one transaction, unless it exists already (another director made it): then false. */
  createRound(tournamentId: string, round: number, matches: NewRound): Promise<boolean>;
  /** The tournament with its entrants and matches; not its schedule (scheduledRound reads one round of it). */
  load(id: string): Promise<TournamentRecord | null>;
  progress(id: string): Promise<TournamentProgress | null>;
  /** Round `round` (from 1) of the stored schedule: its tables, or [] past the last round or without a schedule. */
  scheduledRound(id: string, round: number): Promise<Round>;
  /** Stores the plan of a row older than the plan columns, unless one is stored already. */
  savePlan(id: string, plannedRounds: number, schedule: readonly Round[] | null): Promise<void>;
  /** Matches of the tournament that have no result yet but whose match is over (finished or aborted). */
  endedWithoutResult(tournamentId: string): Promise<{ matchId: string; game: string }[]>;
  /** Writes a match's points once (a second call changes nothing), counting it in the tournament's progress. */
  setResult(matchId: string, result: { points: readonly number[] }): Promise<void>;
  finish(id: string): Promise<void>;
  /**
   * Running tournaments no other director holds (and not one whose `startsAt` is still ahead with no round yet):
   * FOR UPDATE SKIP LOCKED, then a lease until `leaseUntil`.
   */
  claim(now: Date, leaseUntil: Date, limit: number): Promise<string[]>;
  /** Gives back a claim that still holds the lease `leaseUntil` (a claim another instance took over since is left alone). */
  release(id: string, leaseUntil: Date): Promise<void>;
}

export const TOURNAMENT_STORE = Symbol('TOURNAMENT_STORE');
