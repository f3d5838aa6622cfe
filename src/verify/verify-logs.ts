/**
 * Replays every stored match log under this server's engines and reports each match that no longer replays
 * (`npm run verify`, the step before deploying a new rules version). Each log is folded through the match
 * decider, the server's own fold, so every event type it writes (moves, resignations, joins, aborts, timeouts)
 * and every status (waiting too) is checked as the server reads it. Matches are read in pages by id and each
 * log in pages by seq, so memory stays bounded however many matches and events the database holds; each
 * failure is handed to `onFailure` as it is found, never collected here. Read-only: a log is reported, never
 * patched.
 *
 * Each match is read from one snapshot of the database: its row, its seats and its events inside one
 * `REPEATABLE READ READ ONLY` transaction. Read apart, a move appended between the row and the log made a
 * live database report false failures ("the log ends at event 7, but the match is at version 6"; issue 25,
 * L9: 3 of 52 and 8 of 106). One transaction per match, not one for the whole run: a run over a large
 * database would otherwise hold back vacuum for as long as it lasts.
 */
import type { AnyEngine } from '../engine/core';
import { FoldError, type MatchState, matchDecider } from '../matches/decider';
import { EVENT_TYPES } from '../matches/event-types';
import { fromStored } from '../matches/match-events';
import type { SqlRunner } from '../store/database';
import {
  asJson,
  createdHolder,
  eventRowsAfter,
  inSnapshot,
  matchIdsAfter,
  matchRowOf,
  seatsOf,
  storedEventOf,
} from '../matches/postgres/match-rows';

/** What the check reads through: statements, and a session (one connection) for each match's transaction. */
export interface VerifyDatabase extends SqlRunner {
  session<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
}

export interface VerifyFailure {
  readonly id: string;
  readonly game: string;
  /** The first event that failed, or null when the match fails before or after its events. */
  readonly seq: number | null;
  readonly problem: string;
}

export interface VerifySummary {
  readonly matches: number;
  readonly events: number;
  readonly failed: number;
}

export interface VerifyOptions {
  readonly onFailure: (failure: VerifyFailure) => void;
  readonly onProgress?: (summary: VerifySummary) => void;
  /** Matches per page and events per page. */
  readonly pageSize?: number;
}

class Failed extends Error {
  constructor(
    readonly seq: number | null,
    problem: string,
  ) {
    super(problem);
  }
}

export async function verifyLogs(
  db: VerifyDatabase,
  engines: readonly AnyEngine[],
  options: VerifyOptions,
): Promise<VerifySummary> {
  const byId = new Map(engines.map((e) => [e.id, e]));
  const pageSize = options.pageSize ?? 200;
  let after = '00000000-0000-0000-0000-000000000000';
  let matches = 0;
  let events = 0;
  let failed = 0;
  for (;;) {
    const page = await matchIdsAfter(db, after, pageSize);
    for (const { id, game } of page) {
      try {
        const n = await inSnapshot(db, (runner) => verifyMatch(runner, byId, id, pageSize));
        if (n === null) continue; // deleted since the page was read
        matches++;
        events += n;
      } catch (error) {
        if (!(error instanceof Failed)) throw error; // the database failed, not the match: the check cannot go on
        matches++;
        failed++;
        options.onFailure({ id, game, seq: error.seq, problem: error.message });
      }
    }
    options.onProgress?.({ matches, events, failed });
    if (page.length < pageSize) return { matches, events, failed };
    after = (page[page.length - 1] as { id: string }).id;
  }
}

/** Replays one match through the decider's fold; returns its event count (null when it no longer exists), or throws Failed. */
async function verifyMatch(
  db: SqlRunner,
  byId: ReadonlyMap<string, AnyEngine>,
  id: string,
  pageSize: number,
): Promise<number | null> {
  const row = await matchRowOf(db, id);
  if (!row) return null;
  const engine = byId.get(row.game);
  if (!engine) throw new Failed(null, `no engine for game "${row.game}" on this server`);
  if (Number(row.rulesVersion) !== engine.rulesVersion) {
    throw new Failed(
      null,
      `played under ${row.game} rules version ${row.rulesVersion}; this server runs version ${engine.rulesVersion} only`,
    );
  }
  const decider = matchDecider(engine);
  let state: MatchState<unknown> = fold(null, () =>
    decider.initialState({
      seed: row.seed,
      options: asJson(row.options),
      seats: seatsOf(row).map(createdHolder),
      expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).getTime(),
      clock: (asJson(row.clock) as Parameters<typeof decider.initialState>[0]['clock']) ?? null,
      createdAt: new Date(row.createdAt).getTime(),
    }),
  );
  let version = 0;
  for (;;) {
    const page = await eventRowsAfter(db, row.id, version, pageSize);
    for (const event of page) {
      const seq = Number(event.seq);
      if (seq !== version + 1) throw new Failed(seq, `the log has a gap before event ${seq}`);
      if (state.status === 'finished' || state.status === 'aborted')
        throw new Failed(seq, `an event follows the end of the match (${state.status})`);
      if (!KNOWN_EVENTS.has(event.type)) throw new Failed(seq, `unknown event type "${event.type}"`);
      const before = state;
      state = fold(seq, () => decider.evolve(before, fromStored(storedEventOf(event))));
      version = seq;
    }
    if (page.length < pageSize) break;
  }
  if (version !== Number(row.version))
    throw new Failed(null, `the log ends at event ${version}, but the match is at version ${row.version}`);
  if (row.status !== state.status)
    throw new Failed(null, `stored as ${row.status}, but its log replays to a match that is ${state.status}`);
  return version;
}

/** Every event type the server writes (the decider's MatchEvent). */
const KNOWN_EVENTS: ReadonlySet<string> = new Set<string>(EVENT_TYPES);

/** A step of the fold: an event the rules refuse, or an engine that throws, fails the match (not the check). */
function fold<T>(seq: number | null, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof FoldError)
      throw new Failed(
        seq ?? error.seq,
        `${error.engineError.code}${error.engineError.reason ? ` ${error.engineError.reason}` : ''}: ${error.engineError.message}`,
      );
    throw new Failed(seq, `the engine threw: ${(error as Error).message}`);
  }
}
