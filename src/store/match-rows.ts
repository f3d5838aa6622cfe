/**
 * The match tables as rows (Match, Seat, MatchEvent), their conversion to the records the rest of the code
 * reads, and the plain-SQL reads of them that run on any `SqlRunner` (a pool or one session's connection,
 * inside a transaction the caller opened). A change to Match/Seat/MatchEvent's columns is made here.
 *
 * Follow-up (issue 27): prisma-event-store.ts still declares its own copy of these row types; it is being split
 * at the same time, and should import them from here once that lands.
 */
import type { SeatHolder } from '../matches/decider';
import type { StoredEvent } from '../matches/event-store.port';
import type { SqlRunner } from './database';

/** A seat as the match reads aggregate it (json_agg of json_build_object, by seat). */
export interface SeatRow {
  seat: number;
  name: string | null;
  player: string | null;
  bot: string | null;
  /** The seq of the SeatJoined event that filled the seat; null for a seat held from creation. */
  joinedSeq: number | null;
}

/** A Match row with its seats (`seats`: the SeatRow aggregate, parsed or as JSON text). */
export interface MatchRow {
  id: string;
  game: string;
  rulesVersion: number;
  seed: string;
  options: unknown;
  status: string;
  version: number;
  createdAt: Date | string;
  expiresAt: Date | string | null;
  clock: unknown;
  seats: SeatRow[] | string | null;
}

/** A MatchEvent row (its idempotency columns left out: only the append reads them). */
export interface EventRow {
  seq: number;
  type: StoredEvent['type'];
  seat: number | null;
  payload: unknown;
  createdAt: Date | string;
}

/** A json/jsonb column as the driver hands it: parsed already, or text. */
export const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

export const seatsOf = (row: Pick<MatchRow, 'seats'>): SeatRow[] => (asJson(row.seats) as SeatRow[] | null) ?? [];

/** A seat as the match was created: a seat filled by a join was open then (its SeatJoined says who took it). */
export function createdHolder(s: SeatRow): SeatHolder {
  if (s.joinedSeq !== null || s.name === null) return { name: null, player: null, open: true };
  const holder: SeatHolder = { name: s.name, player: s.player, open: false };
  return s.bot === null ? holder : { ...holder, bot: s.bot };
}

/** An event row as the fold reads it (numbers as numbers, the payload parsed). */
export function storedEventOf(row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq), type: row.type, seat: row.seat === null ? null : Number(row.seat), payload: asJson(row.payload),
    createdAt: new Date(row.createdAt), idempotencyKey: null, requestHash: null,
  };
}

/** A page of match ids (and games), by id, after `after`. */
export function matchIdsAfter(db: SqlRunner, after: string, limit: number): Promise<{ id: string; game: string }[]> {
  return db.query<{ id: string; game: string }>('SELECT "id"::text AS "id", "game" FROM "Match" WHERE "id" > $1::uuid ORDER BY "id" LIMIT $2', [after, limit]);
}

/** A match's row with its seats, or null when there is none. */
export async function matchRowOf(db: SqlRunner, id: string): Promise<MatchRow | null> {
  const [row] = await db.query<MatchRow>(
    `SELECT m."id", m."game", m."rulesVersion", m."seed", m."options", m."status", m."version", m."createdAt", m."expiresAt", m."clock",
            (SELECT json_agg(json_build_object('seat', s."seat", 'name', s."name", 'player', s."playerId", 'bot', s."bot", 'joinedSeq', s."joinedSeq") ORDER BY s."seat")
               FROM "Seat" s WHERE s."matchId" = m."id") AS "seats"
       FROM "Match" m WHERE m."id" = $1::uuid`,
    [id],
  );
  return row ?? null;
}

/** A page of a match's events with seq above `afterSeq`, in order. */
export function eventRowsAfter(db: SqlRunner, id: string, afterSeq: number, limit: number): Promise<EventRow[]> {
  return db.query<EventRow>(
    'SELECT "seq", "type", "seat", "payload", "createdAt" FROM "MatchEvent" WHERE "matchId" = $1::uuid AND "seq" > $2 ORDER BY "seq" LIMIT $3',
    [id, afterSeq, limit],
  );
}

/** Runs `fn` in one read-only REPEATABLE READ transaction on one connection: every statement sees one snapshot. */
export function inSnapshot<T>(db: { session<U>(fn: (runner: SqlRunner) => Promise<U>): Promise<U> }, fn: (runner: SqlRunner) => Promise<T>): Promise<T> {
  return db.session(async (runner) => {
    await runner.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const result = await fn(runner);
      await runner.exec('COMMIT');
      return result;
    } catch (error) {
      await runner.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
