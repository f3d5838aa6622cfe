import type { PrismaClient } from '../generated/prisma/client';
import type { AppendedEvents } from '../matches/appended';
import type {
  AppendResult, EventStore, MatchRecord, MatchStatus, NewEvent, NewMatch, StoredEvent,
} from '../matches/event-store.port';

interface MatchRow {
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
  players: { seat: number; name: string }[] | string | null;
  callerSeat: number | null;
}

interface EventRow {
  seq: number;
  type: StoredEvent['type'];
  seat: number;
  payload: unknown;
  createdAt: Date | string;
  idempotencyKey: string | null;
  requestHash: string | null;
}

const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

function toMatch(row: MatchRow): MatchRecord {
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
    players: (asJson(row.players) as MatchRecord['players'] | null) ?? [],
  };
}

function toEvent(row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq),
    type: row.type,
    seat: Number(row.seat),
    payload: asJson(row.payload),
    createdAt: new Date(row.createdAt),
    idempotencyKey: row.idempotencyKey,
    requestHash: row.requestHash,
  };
}

/** The Postgres unique-violation constraint name, if `error` is one (Prisma wraps it differently by path). */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; message?: string; meta?: Record<string, unknown> } | null;
  if (!e || typeof e !== 'object') return null;
  const cause = (e.meta?.driverAdapterError as { cause?: { kind?: string; constraint?: unknown; originalCode?: string } } | undefined)?.cause;
  const isUnique = e.code === 'P2002' || cause?.kind === 'UniqueConstraintViolation' || cause?.originalCode === '23505'
    || (e.code === 'P2010' && /23505|unique constraint/i.test(e.message ?? ''));
  if (!isUnique) return null;
  const c = cause?.constraint;
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object' && 'index' in c) return String((c as { index: unknown }).index);
  const m = /constraint "([^"]+)"/.exec(e.message ?? '');
  return m?.[1] ?? 'unknown';
}

export class PrismaEventStore implements EventStore {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly appended?: AppendedEvents,
  ) {}

  async createMatch(m: NewMatch): Promise<MatchRecord> {
    const created = await this.prisma.match.create({
      data: {
        id: m.id,
        game: m.game,
        rulesVersion: m.rulesVersion,
        seed: m.seed,
        salt: m.salt,
        seedCommitment: m.seedCommitment,
        options: m.options as object,
        status: m.status,
        seats: { create: m.seats.map((s) => ({ seat: s.seat, name: s.name, tokenHash: s.tokenHash })) },
      },
    });
    return {
      id: created.id,
      game: created.game,
      rulesVersion: created.rulesVersion,
      seed: created.seed,
      salt: created.salt,
      seedCommitment: created.seedCommitment,
      options: created.options,
      status: created.status as MatchStatus,
      version: created.version,
      createdAt: created.createdAt,
      updatedAt: created.updatedAt,
      players: m.seats.map((s) => ({ seat: s.seat, name: s.name })),
    };
  }

  async loadMatch(id: string, tokenHash?: string): Promise<{ match: MatchRecord; seat: number | null } | null> {
    const rows = await this.prisma.$queryRaw<MatchRow[]>`
      SELECT m."id"::text AS "id", m."game", m."rulesVersion", m."seed", m."salt", m."seedCommitment", m."options", m."status", m."version",
             m."createdAt", m."updatedAt",
             (SELECT json_agg(json_build_object('seat', s."seat", 'name', s."name") ORDER BY s."seat")
                FROM "Seat" s WHERE s."matchId" = ${id}::uuid) AS "players",
             (SELECT s."seat" FROM "Seat" s WHERE s."matchId" = ${id}::uuid AND s."tokenHash" = ${tokenHash ?? ''}) AS "callerSeat"
        FROM "Match" m WHERE m."id" = ${id}::uuid`;
    const row = rows[0];
    if (!row) return null;
    return { match: toMatch(row), seat: row.callerSeat === null ? null : Number(row.callerSeat) };
  }

  async tokenExists(tokenHash: string): Promise<boolean> {
    return (await this.prisma.seat.findFirst({ where: { tokenHash }, select: { seat: true } })) !== null;
  }

  async events(matchId: string, afterSeq = 0, upToSeq = 2_147_483_647): Promise<StoredEvent[]> {
    const rows = await this.prisma.$queryRaw<EventRow[]>`
      SELECT "seq", "type", "seat", "payload", "createdAt", "idempotencyKey", "requestHash"
        FROM "MatchEvent" WHERE "matchId" = ${matchId}::uuid AND "seq" > ${afterSeq} AND "seq" <= ${upToSeq}::int ORDER BY "seq"`;
    return rows.map(toEvent);
  }

  async append(matchId: string, expectedVersion: number, status: MatchStatus, e: NewEvent): Promise<AppendResult> {
    try {
      // One statement, one round trip: the UPDATE takes the match row's lock and re-checks the version, so of
      // concurrent writers on one version exactly one bumps it; the others see no row and insert nothing.
      // The (matchId, seq) primary key guards the same invariant a second time. Every table is filtered by the
      // match id itself and the clock is now(), not clock_timestamp(): so the statement stays one shard's
      // on a sharded Postgres (docs/scaling.md), where a VOLATILE function in an UPDATE is refused.
      const rows = await this.prisma.$queryRaw<EventRow[]>`
        WITH bumped AS (
          UPDATE "Match" SET "version" = "version" + 1, "status" = ${status}, "updatedAt" = now()
           WHERE "id" = ${matchId}::uuid AND "version" = ${expectedVersion}::int
          RETURNING "id", "version", "updatedAt"
        )
        INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload", "idempotencyKey", "requestHash", "createdAt")
        SELECT ${matchId}::uuid, "version", ${e.type}, ${e.seat}::int, ${JSON.stringify(e.payload)}::jsonb,
               ${e.idempotencyKey ?? null}, ${e.requestHash ?? null}, "updatedAt"
          FROM bumped
        RETURNING "seq", "type", "seat", "payload", "createdAt", "idempotencyKey", "requestHash"`;
      const row = rows[0];
      if (!row) return { ok: false, conflict: 'version-conflict' };
      this.appended?.emit(matchId, Number(row.seq));
      return { ok: true, event: toEvent(row) };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      return { ok: false, conflict: /idempotency/i.test(constraint) ? 'duplicate-key' : 'version-conflict' };
    }
  }

  async findByIdempotencyKey(matchId: string, seat: number, key: string): Promise<StoredEvent | null> {
    const rows = await this.prisma.$queryRaw<EventRow[]>`
      SELECT "seq", "type", "seat", "payload", "createdAt", "idempotencyKey", "requestHash"
        FROM "MatchEvent" WHERE "matchId" = ${matchId}::uuid AND "seat" = ${seat}::int AND "idempotencyKey" = ${key}`;
    return rows[0] ? toEvent(rows[0]) : null;
  }
}
