/**
 * The event store on Postgres (src/matches/event-store.port.ts): a match's creation, its record, its log and
 * the one guarded append, with the group commit of appends, creations and reads (group-commit.ts). The paged
 * lists are in prisma-listing-store.ts, the background loops' claims in prisma-work-queues.ts.
 */
import { type PrismaClient, Prisma } from '../../generated/prisma/client';
import { rematchIdOf } from '../rematch-id';
import { GroupCommit } from '../../store/group-commit';
import { insertMatch, insertMatches } from './prisma-match-insert';
import type {
  AppendOptions,
  AppendResult,
  Credential,
  EventStore,
  MatchRecord,
  NewEvent,
  NewMatch,
  Projection,
  StoredEvent,
} from '../event-store.port';
import { type MatchRow, type RunStatement, asJson, column, matchColumns, seatsOf, toMatch } from './match-rows';

export type { RunStatement } from './match-rows';

interface EventRow {
  seq: number;
  type: StoredEvent['type'];
  seat: number | null;
  payload: unknown;
  createdAt: Date | string;
  idempotencyKey: string | null;
  requestHash: string | null;
}

/** A match's row as `loadMatch` reads it: its columns, and its seats' token hashes (`openers`). */
type LoadedRow = MatchRow & { openers: [number, string | null][] | string | null };

/** One read of `loadMatch` for the group read, keyed by its match (reads of one match share a row). */
interface ReadEntry {
  readonly matchId: string;
}

/**
 * SQL for each seat of match `matchId` as [seat, token hash], read with the match so that the caller's seat needs
 * no statement of its own (a seat's player id is in the match's `seats` column already).
 */
function openers(matchId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT json_agg(json_build_array(s."seat", s."tokenHash") ORDER BY s."seat") FROM "Seat" s WHERE s."matchId" = ${matchId})`;
}

/** The seat `credential` opens in a match read by `loadMatch` (the lowest, if it opens several), or null. */
function seatOpenedBy(row: LoadedRow, credential: Credential): number | null {
  if ('tokenHash' in credential) {
    const found = ((asJson(row.openers) as [number, string | null][] | null) ?? []).find(
      ([, tokenHash]) => tokenHash === credential.tokenHash,
    );
    return found === undefined ? null : Number(found[0]);
  }
  const player = credential.playerId.toLowerCase();
  const found = seatsOf(row).find((s) => s.player === player);
  return found === undefined ? null : Number(found.seat);
}

/** The record of a match just created, as the store now holds it. */
function recordOf(m: NewMatch, createdAt: Date): MatchRecord {
  return {
    id: m.id,
    game: m.game,
    rulesVersion: m.rulesVersion,
    seed: m.seed,
    salt: m.salt,
    seedCommitment: m.seedCommitment,
    options: m.options,
    status: m.status,
    version: 0,
    createdAt,
    updatedAt: createdAt,
    unlisted: m.unlisted,
    expiresAt: m.expiresAt,
    clock: m.clock,
    rematchOf: m.rematchOf,
    rematch: null,
    createdSeats: m.seats.map((x) => x.holder),
    webhooks: (m.webhooks ?? []).length > 0,
  };
}

/** What an append statement answers of the event it wrote: its number and time (the rest is the caller's). */
interface AppendedRow {
  seq: number;
  createdAt: Date | string;
}

function toEvent(row: EventRow): StoredEvent {
  return {
    seq: Number(row.seq),
    type: row.type,
    seat: row.seat === null ? null : Number(row.seat),
    payload: asJson(row.payload),
    createdAt: new Date(row.createdAt),
    idempotencyKey: row.idempotencyKey,
    requestHash: row.requestHash,
  };
}

/**
 * Whether a failed batch statement may have failed because of one of its rows, or of a lock cycle with
 * another instance: Postgres's data exceptions (class 22), integrity violations (23) and transaction
 * rollbacks such as deadlocks (40). Those roll the statement back, so running its rows again alone is safe.
 */
export function rowCaused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|40)[0-9A-Z]{3}$/.test(code);
}

/** The Postgres unique-violation constraint name, if `error` is one (Prisma wraps it differently by path). */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; message?: string; meta?: Record<string, unknown>; constraint?: unknown } | null;
  if (!e || typeof e !== 'object') return null;
  if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : 'unknown'; // pg's own error (Database.run)
  const cause = (
    e.meta?.driverAdapterError as { cause?: { kind?: string; constraint?: unknown; originalCode?: string } } | undefined
  )?.cause;
  const isUnique =
    e.code === 'P2002' ||
    cause?.kind === 'UniqueConstraintViolation' ||
    cause?.originalCode === '23505' ||
    (e.code === 'P2010' && /23505|unique constraint/i.test(e.message ?? ''));
  if (!isUnique) return null;
  const c = cause?.constraint;
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object' && 'index' in c) return String(c.index);
  if (c && typeof c === 'object' && 'fields' in c) return String(c.fields);
  const m = /constraint "([^"]+)"/.exec(e.message ?? '');
  return m?.[1] ?? 'unknown';
}

/** SQL that is true when `credential` opens seat `seat` (a column or value) of match `matchId`. */
function opensSeat(matchId: Prisma.Sql, credential: Credential, seat?: number): Prisma.Sql {
  const who =
    'tokenHash' in credential
      ? Prisma.sql`s."tokenHash" = ${credential.tokenHash}`
      : Prisma.sql`s."playerId" = ${credential.playerId}::uuid`;
  const which = seat === undefined ? Prisma.empty : Prisma.sql`AND s."seat" = ${seat}::int`;
  return Prisma.sql`s."matchId" = ${matchId} ${which} AND ${who}`;
}

/** Appends per group-commit statement at most. */
const MAX_BATCH = 64;

/**
 * Appends (or creations, or reads) that must wait before a group-commit statement beyond the first in flight is sent.
 * Below that they wait for the one in flight and go with the others in the next: each statement costs
 * Postgres a wake-up, a commit and a protocol round on top of its rows, which on a loaded machine is CPU
 * the rows need (bench/README.md, "Group commit": a second statement sent at once for a lone append made half
 * of all statements). Reads of match rows were measured at 1, 4 and 16 (bench/README.md, "Group read"): 16 too.
 */
const SPILL = 16;

/** One creation, keyed by its match for the group commit. */
interface CreateEntry {
  readonly matchId: string;
  readonly match: NewMatch;
}

/** One append, as `append` takes it. */
interface AppendEntry {
  readonly matchId: string;
  readonly expectedVersion: number;
  readonly projection: Projection;
  readonly events: readonly NewEvent[];
  readonly options: AppendOptions;
}

export interface EventStoreOptions {
  /** The statements of the move path and of creation; `$queryRaw` when absent. */
  readonly run?: RunStatement;
  /** Group commit of one-event appends and of creations (group-commit.ts): batches in flight at once; 0 or absent for none. */
  readonly batchConcurrency?: number;
  /** Told the events each append statement wrote (turnbase_append_batch_size); not called for one that wrote none. */
  readonly onStatement?: (events: number) => void;
}

export class PrismaEventStore implements EventStore {
  /** The statements of the move path and of creation: straight to the pool when the store module gives it, else `$queryRaw` (in a transaction, `tx`'s). */
  private readonly run: RunStatement;
  /** Group commit, when on: one-event appends of different matches share a statement. */
  readonly batcher?: GroupCommit<AppendEntry, AppendedRow>;
  /** Group commit of creations, when on: matches created at once share a statement. */
  readonly creations?: GroupCommit<CreateEntry, { createdAt: Date | string }>;
  /** Group read, when on: `loadMatch` calls that arrive while one is in flight share a statement. */
  readonly reads?: GroupCommit<ReadEntry, LoadedRow>;
  private readonly onStatement?: (events: number) => void;

  constructor(
    private readonly prisma: PrismaClient,
    options: EventStoreOptions = {},
  ) {
    this.run = options.run ?? (<T>(statement: Prisma.Sql) => this.prisma.$queryRaw<T[]>(statement));
    this.onStatement = options.onStatement;
    if ((options.batchConcurrency ?? 0) > 0) {
      this.batcher = new GroupCommit<AppendEntry, AppendedRow>({
        concurrency: options.batchConcurrency as number,
        maxBatch: MAX_BATCH,
        spill: SPILL,
        many: (entries) => this.appendMany(entries),
        one: (entry) => this.appendOne(entry),
        isolate: rowCaused,
      });
      this.creations = new GroupCommit<CreateEntry, { createdAt: Date | string }>({
        concurrency: options.batchConcurrency as number,
        maxBatch: MAX_BATCH,
        spill: SPILL,
        many: (entries) =>
          insertMatches(
            this.run,
            entries.map((e) => e.match),
          ),
        one: (entry) => insertMatch(this.run, entry.match),
        isolate: rowCaused,
      });
      this.reads = new GroupCommit<ReadEntry, LoadedRow>({
        concurrency: options.batchConcurrency as number,
        maxBatch: MAX_BATCH,
        spill: SPILL,
        exclusive: false,
        many: (entries) => this.loadMany(entries),
        one: (entry) => this.loadOne(entry.matchId),
        isolate: rowCaused,
      });
    }
  }

  /** Creates a match: with other creations that arrive meanwhile (group commit), or alone. */
  async createMatch(m: NewMatch): Promise<MatchRecord> {
    const entry: CreateEntry = { matchId: m.id, match: m };
    const row = this.creations === undefined ? await insertMatch(this.run, m) : await this.creations.append(entry);
    if (row === null) throw new Error(`creating match ${m.id} wrote no row`);
    return recordOf(m, new Date(row.createdAt));
  }

  async createRematch(m: NewMatch): Promise<MatchRecord | null> {
    try {
      return await this.createMatch(m);
    } catch (error) {
      if (uniqueViolation(error) !== null) return null; // another caller created it first: its id is derived, one rematch per match
      throw error;
    }
  }

  async loadMatch(id: string, credential?: Credential): Promise<{ match: MatchRecord; seat: number | null } | null> {
    const key = id.toLowerCase(); // the key the batch's rows come back under (Postgres's text of a uuid)
    const row = this.reads === undefined ? await this.loadOne(key) : await this.reads.append({ matchId: key });
    if (row === null) return null;
    return { match: toMatch(row), seat: credential === undefined ? null : seatOpenedBy(row, credential) };
  }

  /**
   * One match's row, with what its seats are opened by (`seatOpenedBy`), in a statement of its own: every table
   * filtered by the id parameter itself, so it stays on the match's shard (docs/scaling.md).
   */
  private async loadOne(id: string): Promise<LoadedRow | null> {
    const rows = await this.run<LoadedRow>(Prisma.sql`
      SELECT ${matchColumns(Prisma.sql`${id}::uuid`, Prisma.sql`${rematchIdOf(id)}::uuid`)}, ${openers(Prisma.sql`${id}::uuid`)} AS "openers"
        FROM "Match" m WHERE m."id" = ${id}::uuid`);
    return rows[0] ?? null;
  }

  /**
   * The rows of several matches read at once (group read): the same columns as `loadOne`, one statement for
   * the reads that waited while another was in flight. Each was queued after its request arrived and the
   * statement is sent after that, so a read still sees every write committed before it was asked for.
   */
  private async loadMany(entries: readonly ReadEntry[]): Promise<Map<string, LoadedRow>> {
    const ids = [...new Set(entries.map((e) => e.matchId))];
    const rows = await this.run<LoadedRow>(Prisma.sql`
      SELECT ${matchColumns(Prisma.sql`x."id"`, Prisma.sql`x."rematch"`)}, ${openers(Prisma.sql`x."id"`)} AS "openers"
        FROM unnest(${column(ids, 'uuid')}, ${column(ids.map(rematchIdOf), 'uuid')}) AS x("id", "rematch")
        JOIN "Match" m ON m."id" = x."id"`);
    return new Map(rows.map((r) => [r.id, r]));
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

  async append(
    matchId: string,
    expectedVersion: number,
    projection: Projection,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const entry: AppendEntry = { matchId, expectedVersion, projection, events, options };
    try {
      // One event and no seat to fill (a move, a resignation, a timeout, a bot's move): it may share a statement
      // with other matches' appends (group commit). A join, or several events at once, goes alone.
      const row =
        this.batcher !== undefined && events.length === 1 && options.seatTaken === undefined
          ? await this.batcher.append(entry)
          : await this.appendOne(entry);
      if (row === null) return { ok: false, conflict: 'version-conflict' };
      // The statement answers only the event's number and time: the rest is what was sent (no jsonb to print and parse back).
      const last = events[events.length - 1] as NewEvent;
      const event: StoredEvent = {
        seq: Number(row.seq),
        type: last.type,
        seat: last.seat,
        payload: last.payload,
        createdAt: new Date(row.createdAt),
        idempotencyKey: last.idempotencyKey ?? null,
        requestHash: last.requestHash ?? null,
      };
      return { ok: true, event };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      return { ok: false, conflict: /idempotency/i.test(constraint) ? 'duplicate-key' : 'version-conflict' };
    }
  }

  /** One append in a statement of its own; the row of its last event, or null when the guard refused it. */
  private async appendOne({
    matchId,
    expectedVersion,
    projection,
    events,
    options,
  }: AppendEntry): Promise<AppendedRow | null> {
    const n = events.length;
    const last = events[n - 1] as NewEvent;
    const actor = options.actor
      ? Prisma.sql`AND EXISTS (SELECT 1 FROM "Seat" s WHERE ${opensSeat(Prisma.sql`${matchId}::uuid`, options.actor.credential, options.actor.seat)})`
      : Prisma.empty;
    const taken = options.seatTaken;
    // The seat row of a join changes in the same statement as the event, only if the version guard let it through.
    const seated = taken
      ? Prisma.sql`, seated AS (
          UPDATE "Seat" SET "name" = ${taken.name}, "playerId" = ${taken.playerId}::uuid, "tokenHash" = ${taken.tokenHash}, "bot" = ${taken.bot ?? null},
                 "joinedSeq" = (SELECT "version" FROM bumped)
           WHERE "matchId" = ${matchId}::uuid AND "seat" = ${taken.seat}::int AND "name" IS NULL AND EXISTS (SELECT 1 FROM bumped)
          RETURNING "seat")`
      : Prisma.empty;
    const out = options.outbox;
    // The outbox rows of the events' webhook message, one per enabled endpoint, only if the events were written.
    const outbox = out
      ? Prisma.sql`, outbox AS (
          INSERT INTO "WebhookDelivery" ("id", "endpointId", "matchId", "seq", "messageId", "type", "body", "nextAttemptAt", "createdAt")
          SELECT gen_random_uuid(), w."id", b."id", b."version", ${out.messageId}, ${out.type}, ${out.body}, b."updatedAt", b."updatedAt"
            FROM bumped b JOIN "WebhookEndpoint" w ON w."matchId" = ${matchId}::uuid AND w."disabledAt" IS NULL
          RETURNING 1)`
      : Prisma.empty;
    // The events' time as the server clock saw it (the match clock is folded from it); the statement's own if none.
    const at = last.at === undefined ? Prisma.sql`now()` : Prisma.sql`${last.at}::timestamptz`;
    const rows = events.map((e) => ({ type: e.type, seat: e.seat, payload: e.payload }));
    // One statement, one round trip: the UPDATE takes the match row's lock and re-checks the version, so of
    // concurrent writers on one version exactly one bumps it; the others see no row and insert nothing.
    // The (matchId, seq) primary key guards the same invariant a second time. Every table is filtered by the
    // match id itself and the time is the server clock's (a parameter) or now(), not clock_timestamp(): so the statement stays one shard's on a
    // sharded Postgres (docs/scaling.md), where a VOLATILE function in an UPDATE is refused. A match that
    // stops waiting drops its expiry deadline.
    const inserted = await this.run<AppendedRow>(Prisma.sql`
      WITH bumped AS (
        UPDATE "Match" SET "version" = "version" + ${n}::int, "status" = ${projection.status}, "toMove" = ${[...projection.toMove]}::int[],
               "updatedAt" = ${at},
               "expiresAt" = CASE WHEN ${projection.status} = 'waiting' THEN "expiresAt" ELSE NULL END,
               "deadlineAt" = ${projection.deadlineAt}::timestamptz, "deadlineLease" = NULL,
               "botDueAt" = ${projection.botDueAt ?? null}::timestamptz,
               "botLease" = ${options.renewBotLease ?? null}::timestamptz
         WHERE "id" = ${matchId}::uuid AND "version" = ${expectedVersion}::int ${actor}
        RETURNING "id", "version", "updatedAt"
      )${seated}${outbox}
      INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload", "idempotencyKey", "requestHash", "createdAt")
      SELECT ${matchId}::uuid, b."version" - ${n}::int + e.ord::int, e.ev->>'type', (e.ev->>'seat')::int, e.ev->'payload',
             CASE WHEN e.ord = ${n}::int THEN ${last.idempotencyKey ?? null} END, CASE WHEN e.ord = ${n}::int THEN ${last.requestHash ?? null} END,
             b."updatedAt"
        FROM bumped b, jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS e(ev, ord)
      RETURNING "seq", "createdAt"`);
    if (inserted.length > 0) this.onStatement?.(inserted.length);
    let lastRow: AppendedRow | null = null;
    for (const row of inserted) if (lastRow === null || Number(row.seq) > Number(lastRow.seq)) lastRow = row;
    return lastRow;
  }

  /**
   * Several matches' one-event appends in one statement: the single append's statement over a table of rows,
   * each with its own guard (version, and seat when an actor is named), its own projection and its own outbox
   * message. A row whose guard refuses it writes nothing; the others go on. Answers the rows written, by match.
   * Spans several matches, so it is not one shard's: APPEND_BATCH=0 turns it off for a sharded Postgres.
   */
  private async appendMany(entries: readonly AppendEntry[]): Promise<Map<string, AppendedRow>> {
    const col = <T>(f: (e: AppendEntry, event: NewEvent) => T): T[] =>
      entries.map((e) => f(e, e.events[0] as NewEvent));
    const credential = (e: AppendEntry): Credential | undefined => e.options.actor?.credential;
    const rows = await this.run<AppendedRow & { matchId: string }>(Prisma.sql`
      WITH x AS (
        SELECT * FROM unnest(
          ${column(
            col((e) => e.matchId),
            'uuid',
          )}, ${column(
            col((e) => e.expectedVersion),
            'int',
          )}, ${column(
            col((e) => e.projection.status),
            'text',
          )},
          ${column(
            col((e) => `{${e.projection.toMove.join(',')}}`),
            'text',
          )}, ${column(
            col((_, ev) => ev.at ?? null),
            'timestamptz',
          )},
          ${column(
            col((e) => e.projection.deadlineAt),
            'timestamptz',
          )}, ${column(
            col((e) => e.projection.botDueAt ?? null),
            'timestamptz',
          )},
          ${column(
            col((e) => e.options.renewBotLease ?? null),
            'timestamptz',
          )}, ${column(
            col((e) => e.options.actor?.seat ?? null),
            'int',
          )},
          ${column(
            col((e) => {
              const c = credential(e);
              return c !== undefined && 'tokenHash' in c ? c.tokenHash : null;
            }),
            'text',
          )},
          ${column(
            col((e) => {
              const c = credential(e);
              return c !== undefined && 'playerId' in c ? c.playerId : null;
            }),
            'uuid',
          )},
          ${column(
            col((_, ev) => ev.type),
            'text',
          )}, ${column(
            col((_, ev) => ev.seat),
            'int',
          )}, ${column(
            col((_, ev) => JSON.stringify(ev.payload)),
            'text',
          )},
          ${column(
            col((_, ev) => ev.idempotencyKey ?? null),
            'text',
          )}, ${column(
            col((_, ev) => ev.requestHash ?? null),
            'text',
          )},
          ${column(
            col((e) => e.options.outbox?.messageId ?? null),
            'text',
          )}, ${column(
            col((e) => e.options.outbox?.type ?? null),
            'text',
          )},
          ${column(
            col((e) => e.options.outbox?.body ?? null),
            'text',
          )}
        ) AS x("id", "expected", "status", "toMove", "at", "deadlineAt", "botDueAt", "botLease", "actorSeat", "actorToken", "actorPlayer",
               "type", "seat", "payload", "idempotencyKey", "requestHash", "outId", "outType", "outBody")
      ), bumped AS (
        UPDATE "Match" m SET "version" = m."version" + 1, "status" = x."status", "toMove" = x."toMove"::int[],
               "updatedAt" = coalesce(x."at", now()),
               "expiresAt" = CASE WHEN x."status" = 'waiting' THEN m."expiresAt" ELSE NULL END,
               "deadlineAt" = x."deadlineAt", "deadlineLease" = NULL, "botDueAt" = x."botDueAt", "botLease" = x."botLease"
          FROM x
         WHERE m."id" = x."id" AND m."version" = x."expected"
           AND (x."actorSeat" IS NULL OR EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = x."id" AND s."seat" = x."actorSeat"
                                                  AND (s."tokenHash" = x."actorToken" OR s."playerId" = x."actorPlayer")))
        RETURNING m."id", m."version", m."updatedAt"
      ), outbox AS (
        INSERT INTO "WebhookDelivery" ("id", "endpointId", "matchId", "seq", "messageId", "type", "body", "nextAttemptAt", "createdAt")
        SELECT gen_random_uuid(), w."id", b."id", b."version", x."outId", x."outType", x."outBody", b."updatedAt", b."updatedAt"
          FROM bumped b JOIN x ON x."id" = b."id" JOIN "WebhookEndpoint" w ON w."matchId" = b."id" AND w."disabledAt" IS NULL
         WHERE x."outId" IS NOT NULL
        RETURNING 1
      )
      INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload", "idempotencyKey", "requestHash", "createdAt")
      SELECT b."id", b."version", x."type", x."seat", x."payload"::jsonb, x."idempotencyKey", x."requestHash", b."updatedAt"
        FROM bumped b JOIN x ON x."id" = b."id"
      RETURNING "matchId"::text AS "matchId", "seq", "createdAt"`);
    if (rows.length > 0) this.onStatement?.(rows.length);
    return new Map(rows.map((r) => [r.matchId, r]));
  }

  async findByIdempotencyKey(matchId: string, seat: number, key: string): Promise<StoredEvent | null> {
    const rows = await this.prisma.$queryRaw<EventRow[]>`
      SELECT "seq", "type", "seat", "payload", "createdAt", "idempotencyKey", "requestHash"
        FROM "MatchEvent" WHERE "matchId" = ${matchId}::uuid AND "seat" = ${seat}::int AND "idempotencyKey" = ${key}`;
    return rows[0] ? toEvent(rows[0]) : null;
  }

  async setSeatToken(matchId: string, seat: number, tokenHash: string, ifUnset: boolean): Promise<string | null> {
    const unset = ifUnset ? Prisma.sql`AND "tokenHash" IS NULL` : Prisma.empty;
    await this.prisma.$executeRaw`
      UPDATE "Seat" SET "tokenHash" = ${tokenHash} WHERE "matchId" = ${matchId}::uuid AND "seat" = ${seat}::int AND "name" IS NOT NULL ${unset}`;
    const row = await this.prisma.seat.findUnique({
      where: { matchId_seat: { matchId, seat } },
      select: { tokenHash: true },
    });
    return row?.tokenHash ?? null;
  }
}
