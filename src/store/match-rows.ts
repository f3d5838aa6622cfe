/**
 * The match row as the Postgres adapters read it (the event store's and the listings'): its columns, its
 * seats, and their mapping to the port's records. Prisma types stay in src/store.
 */
import { Prisma } from '../generated/prisma/client';
import type { SeatHolder } from '../matches/decider';
import type { MatchRecord, MatchStatus } from '../matches/event-store.port';

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
export const seatsOf = (row: MatchRow): SeatRow[] => (asJson(row.seats) as SeatRow[] | null) ?? [];

/** A seat filled by a join was open at creation: the log, not the row, says who holds it now. */
const withBot = (holder: SeatHolder, bot: string | null): SeatHolder => (bot === null ? holder : { ...holder, bot });
export const createdHolder = (s: SeatRow): SeatHolder => (s.joinedSeq !== null || s.name === null
  ? { name: null, player: null, open: true }
  : withBot({ name: s.name, player: s.player, open: false }, s.bot));
export const currentHolder = (s: SeatRow): SeatHolder => withBot({ name: s.name, player: s.player, open: s.name === null }, s.bot);

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
  const rematch = rematchId === null ? Prisma.sql`NULL::text` : Prisma.sql`(SELECT r."id"::text FROM "Match" r WHERE r."id" = ${rematchId})`;
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
export const column = (values: readonly unknown[], type: string): Prisma.Sql => Prisma.sql`(SELECT ${values}::${Prisma.raw(type)}[])`;
