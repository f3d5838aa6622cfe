/**
 * Replays every stored match log under this server's engines and reports each match that no longer replays
 * (`npm run verify`, the step before deploying a new rules version). Matches are read in pages by id and each
 * log in pages by seq, so memory stays bounded however many matches and events the database holds; each
 * failure is handed to `onFailure` as it is found, never collected here. Read-only: a log is reported, never
 * patched.
 */
import { type AnyEngine, play } from '../engine/core';
import type { SqlRunner } from '../store/database';

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

interface MatchRow {
  id: string;
  game: string;
  rulesVersion: number;
  seed: string;
  options: unknown;
  status: string;
  version: number;
  seats: number;
}

interface EventRow {
  seq: number;
  type: string;
  seat: number;
  payload: unknown;
}

const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

class Failed extends Error {
  constructor(readonly seq: number | null, problem: string) {
    super(problem);
  }
}

export async function verifyLogs(db: SqlRunner, engines: readonly AnyEngine[], options: VerifyOptions): Promise<VerifySummary> {
  const byId = new Map(engines.map((e) => [e.id, e]));
  const pageSize = options.pageSize ?? 200;
  let after = '00000000-0000-0000-0000-000000000000';
  let matches = 0;
  let events = 0;
  let failed = 0;
  for (;;) {
    const page = await db.query<MatchRow>(
      `SELECT m."id", m."game", m."rulesVersion", m."seed", m."options", m."status", m."version",
              (SELECT count(*) FROM "Seat" s WHERE s."matchId" = m."id")::int AS "seats"
         FROM "Match" m WHERE m."id" > $1::uuid ORDER BY m."id" LIMIT $2`,
      [after, pageSize],
    );
    for (const row of page) {
      matches++;
      try {
        events += await verifyMatch(db, byId.get(row.game), row, pageSize);
      } catch (error) {
        if (!(error instanceof Failed)) throw error; // the database failed, not the match: the check cannot go on
        failed++;
        options.onFailure({ id: row.id, game: row.game, seq: error.seq, problem: error.message });
      }
    }
    options.onProgress?.({ matches, events, failed });
    if (page.length < pageSize) return { matches, events, failed };
    after = (page[page.length - 1] as MatchRow).id;
  }
}

/** Runs engine code; an engine that throws on a stored log is a failed match, not a failed check. */
function engineStep<T>(seq: number | null, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw new Failed(seq, `the engine threw: ${(error as Error).message}`);
  }
}

/** Replays one match; returns its event count, or throws Failed. */
async function verifyMatch(db: SqlRunner, engine: AnyEngine | undefined, row: MatchRow, pageSize: number): Promise<number> {
  if (!engine) throw new Failed(null, `no engine for game "${row.game}" on this server`);
  if (Number(row.rulesVersion) !== engine.rulesVersion) {
    throw new Failed(null, `played under ${row.game} rules version ${row.rulesVersion}; this server runs version ${engine.rulesVersion} only`);
  }
  const parsed = engineStep(null, () => engine.parseOptions(asJson(row.options), row.seats));
  if (!parsed.ok) throw new Failed(null, `its options no longer parse: ${parsed.error.message}`);
  let state: unknown = engineStep(null, () => engine.setup({ seed: row.seed, seats: row.seats, options: parsed.value }));
  let version = 0;
  let resigned = false;
  for (;;) {
    const page = await db.query<EventRow>(
      `SELECT "seq", "type", "seat", "payload" FROM "MatchEvent" WHERE "matchId" = $1::uuid AND "seq" > $2 ORDER BY "seq" LIMIT $3`,
      [row.id, version, pageSize],
    );
    for (const event of page) {
      const seq = Number(event.seq);
      if (seq !== version + 1) throw new Failed(seq, `the log has a gap before event ${seq}`);
      if (resigned) throw new Failed(seq, 'an event follows a resignation');
      if (event.type === 'PlayerResigned') resigned = true;
      else if (event.type === 'MoveMade') {
        const before = state;
        const r = engineStep(seq, () => play(engine, before, Number(event.seat), asJson(event.payload)));
        if (!r.ok) throw new Failed(seq, `${r.error.code}${r.error.reason ? ` ${r.error.reason}` : ''}: ${r.error.message}`);
        state = r.value.state;
      } else throw new Failed(seq, `unknown event type "${event.type}"`);
      version = seq;
    }
    if (page.length < pageSize) break;
  }
  if (version !== Number(row.version)) throw new Failed(null, `the log ends at event ${version}, but the match is at version ${row.version}`);
  const last = state;
  const over = resigned || engineStep(null, () => engine.outcome(last)) !== null;
  if (row.status !== 'aborted' && row.status !== (over ? 'finished' : 'active')) {
    throw new Failed(null, `stored as ${row.status}, but its log replays to a match that is ${over ? 'finished' : 'active'}`);
  }
  return version;
}
