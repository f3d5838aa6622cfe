/**
 * The match tables as rows (Match, Seat, MatchEvent): their columns, the mapping to the port's records, and the
 * plain-SQL reads that run on any `SqlRunner` (a pool, or one session's connection inside a transaction the
 * caller opened). The event store's, the listings' and verify's Postgres code read the tables through this file:
 * a change to Match/Seat/MatchEvent's columns is made here. Prisma types stay in the Postgres adapters.
 */
import { Prisma } from '../../generated/prisma/client';
import type { SeatHolder } from '../decider';
import type { MatchRecord, MatchStatus, StoredEvent } from '../event-store.port';
import type { SqlRunner } from '../../store/database';

export interface SeatRow {
  seat: number;
  name: string | null;
  player: string | null;
  joinedSeq: number | null;
  bot: string | null;
}

export interface MatchRow {
  id: string;
  game: string;
  rulesVersion: number;
  seed: string;
  salt: string | null;
  seedCommitment: string | null;
  options: unknown;
  status: MatchStatus;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  unlisted: boolean;
  expiresAt: Date | string | null;
  clock: unknown;
  rematchOf: string | null;
  rematch: string | null;
  toMove: number[] | null;
  seats: SeatRow[] | string | null;
  /** Null in a listing's rows. */
  webhooks: boolean | null;
}

export const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
export const seatsOf = (row: Pick<MatchRow, 'seats'>): SeatRow[] => (asJson(row.seats) as SeatRow[] | null) ?? [];

/** A seat filled by a join was open at creation: the log, not the row, says who holds it now. */
const withBot = (holder: SeatHolder, bot: string | null): SeatHolder => (bot === null ? holder : { ...holder, bot });
export const createdHolder = (s: SeatRow): SeatHolder =>
  s.joinedSeq !== null || s.name === null
    ? { name: null, player: null, open: true }
    : withBot({ name: s.name, player: s.player, open: false }, s.bot);
export const currentHolder = (s: SeatRow): SeatHolder =>
  withBot({ name: s.name, player: s.player, open: s.name === null }, s.bot);

export function toMatch(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    game: row.game,
    rulesVersion: Number(row.rulesVersion),
    seed: row.seed,
    salt: row.salt,
    seedCommitment: row.seedCommitment,
    options: asJson(row.options),
    status: row.status,
    version: Number(row.version),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    unlisted: row.unlisted,
    expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
    clock: (asJson(row.clock) as MatchRecord['clock']) ?? null,
    rematchOf: row.rematchOf,
    rematch: row.rematch,
    createdSeats: seatsOf(row).map(createdHolder),
    webhooks: row.webhooks === true,
  };
}

/**
 * A match row's columns, its seats and its rematch's id (if it exists). `matchId` names the match: on the move
 * path the id parameter itself, so every table is filtered by it and the statement stays on one shard
 * (docs/scaling.md); in listings `m."id"`, and no rematch.
 */
/** The columns of a MatchRecord; a listing (no append follows it) leaves out whether the match has webhooks. */
export function matchColumns(matchId: Prisma.Sql, rematchId: Prisma.Sql | null, withWebhooks = true): Prisma.Sql {
  const rematch =
    rematchId === null
      ? Prisma.sql`NULL::text`
      : Prisma.sql`(SELECT r."id"::text FROM "Match" r WHERE r."id" = ${rematchId})`;
  return Prisma.sql`
    m."id"::text AS "id", m."game", m."rulesVersion", m."seed", m."salt", m."seedCommitment", m."options", m."status", m."version",
    m."createdAt", m."updatedAt", m."unlisted", m."expiresAt", m."clock", m."rematchOf"::text AS "rematchOf", m."toMove", ${rematch} AS "rematch",
    (SELECT json_agg(json_build_object('seat', s."seat", 'name', s."name", 'player', s."playerId", 'joinedSeq', s."joinedSeq", 'bot', s."bot") ORDER BY s."seat")
       FROM "Seat" s WHERE s."matchId" = ${matchId}) AS "seats",
    ${withWebhooks ? Prisma.sql`EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w."matchId" = ${matchId})` : Prisma.sql`NULL::boolean`} AS "webhooks"`;
}

/** Runs one statement and answers its rows: `$queryRaw`, or the pool under it (`Database.run`). */
export type RunStatement = <T>(statement: Prisma.Sql) => Promise<T[]>;

/**
 * An array parameter of a group-commit statement, read through `(SELECT $n)`: the planner cannot see its
 * length then, so a custom plan estimates the same rows as the generic one and Postgres keeps the cached
 * generic plan instead of planning each small batch again (bench/README.md, "Group commit"). `type` is a
 * constant of this file.
 */
export const column = (values: readonly unknown[], type: string): Prisma.Sql =>
  Prisma.sql`(SELECT ${values}::${Prisma.raw(type)}[])`;

/** A MatchEvent row (its idempotency columns left out: only the append reads them). */
export interface EventRow {
  seq: number;
  type: StoredEvent['type'];
  seat: number | null;
  payload: unknown;
  createdAt: Date | string;
}

/** An event row as the fold reads it (numbers as numbers, the payload parsed). */
export function storedEventOf(row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq),
    type: row.type,
    seat: row.seat === null ? null : Number(row.seat),
    payload: asJson(row.payload),
    createdAt: new Date(row.createdAt),
    idempotencyKey: null,
    requestHash: null,
  };
}

/** The current version of each of these matches (the ones that exist). */
export function matchVersions(db: SqlRunner, ids: readonly string[]): Promise<{ id: string; version: number }[]> {
  return db.query<{ id: string; version: number }>(
    'SELECT "id"::text AS "id", "version" FROM "Match" WHERE "id" = ANY($1::uuid[])',
    [ids],
  );
}

/** A page of match ids (and games), by id, after `after`. */
export function matchIdsAfter(db: SqlRunner, after: string, limit: number): Promise<{ id: string; game: string }[]> {
  return db.query<{ id: string; game: string }>(
    'SELECT "id"::text AS "id", "game" FROM "Match" WHERE "id" > $1::uuid ORDER BY "id" LIMIT $2',
    [after, limit],
  );
}

/** The columns verify reads of a match. */
export type VerifiedMatchRow = Pick<
  MatchRow,
  | 'id'
  | 'game'
  | 'rulesVersion'
  | 'seed'
  | 'options'
  | 'status'
  | 'version'
  | 'createdAt'
  | 'expiresAt'
  | 'clock'
  | 'seats'
>;

/** A match's row with its seats, or null when there is none. */
export async function matchRowOf(db: SqlRunner, id: string): Promise<VerifiedMatchRow | null> {
  const [row] = await db.query<VerifiedMatchRow>(
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
export function inSnapshot<T>(
  db: { session<U>(fn: (runner: SqlRunner) => Promise<U>): Promise<U> },
  fn: (runner: SqlRunner) => Promise<T>,
): Promise<T> {
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
