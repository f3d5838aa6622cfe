import { type PrismaClient, Prisma } from '../generated/prisma/client';
import type { Seek } from '../generated/prisma/client';
import { PrismaEventStore } from '../matches/postgres/prisma-event-store';
import type { ClockSettings } from '../matches/match-clock';
import type { LoadSeeks, NewSeek, SeekCandidate, SeekRecord, SeekStatus, SeekStore, Seating } from './seek-store.port';

/** The most waiting seeks of one game a pass reads (SEEKS_PER_PLAYER bounds them by the players). */
const PASS_LIMIT = 10_000;

/**
 * Pairing is serialized per game by a transaction-scoped advisory lock taken with `pg_try_advisory_xact_lock`:
 * an instance that finds it held skips the game this pass (the holder is pairing it), so two instances never
 * read the same waiting seeks to seat them twice. A pass reads its candidates without row locks (the columns the
 * pairing needs, no more) and then locks, FOR UPDATE, only the seeks it seats: a cancel racing that waits for it
 * and then sees `matched`, and one that won the race leaves its seek out of the answer (the matcher then pairs
 * without it). Each seek is also marked with `status = 'waiting'` in its WHERE, so a seek is matched once even
 * if the lock were lost. Locking every waiting seek each pass was dropped: with 3,000 of them it wrote 3,000
 * row locks every SEEK_SWEEP_MS to seat none. SKIP LOCKED alone was rejected: two instances would each see half
 * of the waiting seeks and miss the pairs split between them.
 *
 * SEEKS_PER_PLAYER: a creation takes a transaction-scoped advisory lock on its player, counts the player's
 * waiting seeks and inserts only under the limit, so two posts at once cannot both pass it.
 */
export class PrismaSeekStore implements SeekStore {
  constructor(private readonly prisma: PrismaClient) {}

  async create(s: NewSeek, limit: number): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`turnbase:seeks-of:${s.playerId}`}))`;
      const [held] = await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS "n" FROM "Seek"
         WHERE "playerId" = ${s.playerId}::uuid AND "settledAt" IS NULL AND "status" = 'waiting'
           AND "expiresAt" > ${s.createdAt}::timestamptz`;
      if ((held?.n ?? 0) >= limit) return false;
      await tx.seek.create({ data: seekData(s) });
      return true;
    });
  }

  async find(id: string): Promise<SeekRecord | null> {
    const row = await this.prisma.seek.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  async cancel(id: string, now: Date): Promise<SeekRecord | null> {
    await this.prisma.seek.updateMany({
      where: { id, status: 'waiting' },
      data: { status: 'cancelled', settledAt: now },
    });
    return this.find(id);
  }

  async expire(now: Date): Promise<number> {
    const { count } = await this.prisma.seek.updateMany({
      where: { status: 'waiting', expiresAt: { lte: now } },
      data: { status: 'expired', settledAt: now },
    });
    return count;
  }

  async gamesWaiting(): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<
      { game: string }[]
    >`SELECT DISTINCT "game" FROM "Seek" WHERE "status" = 'waiting'`;
    return rows.map((r) => r.game);
  }

  async pair(
    game: string,
    seat: (waiting: readonly SeekCandidate[], load: LoadSeeks) => Promise<readonly Seating[]>,
    changed: (digest: string) => boolean = () => true,
  ): Promise<number | null> {
    return this.prisma.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRaw<
          { locked: boolean }[]
        >`SELECT pg_try_advisory_xact_lock(hashtext(${`turnbase:seeks:${game}`})) AS "locked"`;
        if (!lock?.locked) return null;
        // One row, summed in the database: the count and a sum of the ids' hashes name the set of waiting seeks.
        const [digest] = await tx.$queryRaw<{ digest: string }[]>`
        SELECT count(*)::text || ':' || coalesce(sum(hashtext("id"::text)::bigint), 0)::text AS "digest"
          FROM "Seek" WHERE "status" = 'waiting' AND "game" = ${game}`;
        if (!changed(digest?.digest ?? '')) return 0;
        const waiting = await tx.$queryRaw<SeekCandidate[]>`
        SELECT "id"::text AS "id", "playerId"::text AS "playerId", "pool", "seats", "rating", "ratingRange",
               "botAfterSeconds", "createdAt", "expiresAt"
          FROM "Seek" WHERE "status" = 'waiting' AND "game" = ${game} ORDER BY "createdAt", "id" LIMIT ${PASS_LIMIT}::int`;
        const load: LoadSeeks = async (ids) => {
          if (ids.length === 0) return new Map();
          const rows = await tx.$queryRaw<Seek[]>`
          SELECT * FROM "Seek" WHERE "id" = ANY(${[...ids]}::uuid[]) AND "status" = 'waiting' ORDER BY "id" FOR UPDATE`;
          return new Map(rows.map((r) => [r.id, toRecord(r)]));
        };
        const seatings = await seat(waiting, load);
        const events = new PrismaEventStore(tx as unknown as PrismaClient);
        for (const { match, seeks } of seatings) {
          await events.createMatch(match);
          for (const s of seeks) {
            const marked = await tx.$executeRaw`
            UPDATE "Seek" SET "status" = 'matched', "matchId" = ${match.id}::uuid, "seat" = ${s.seat}::int, "settledAt" = ${match.createdAt ?? new Date()}::timestamptz
             WHERE "id" = ${s.id}::uuid AND "status" = 'waiting'`;
            if (marked !== 1) throw new Error(`seek ${s.id} was no longer waiting`);
          }
        }
        return seatings.length;
      },
      { timeout: 30_000 },
    );
  }

  async matchedSince(playerId: string, since: Date): Promise<SeekRecord[]> {
    const rows = await this.prisma.seek.findMany({
      where: { playerId, status: 'matched', settledAt: { gte: since } },
      orderBy: [{ settledAt: 'asc' }, { id: 'asc' }],
      take: 100,
    });
    return rows.map(toRecord);
  }
}

function seekData(s: NewSeek) {
  return {
    id: s.id,
    game: s.game,
    playerId: s.playerId,
    name: s.name,
    pool: s.pool,
    options: s.options ?? {},
    clock: s.clock === null ? Prisma.DbNull : (s.clock as object),
    seats: s.seats,
    ratingRange: s.ratingRange,
    botAfterSeconds: s.botAfterSeconds,
    rating: s.rating,
    tokenHash: s.tokenHash,
    status: 'waiting',
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
  };
}

function toRecord(r: Seek): SeekRecord {
  return {
    id: r.id,
    game: r.game,
    playerId: r.playerId,
    name: r.name,
    pool: r.pool,
    options: r.options,
    clock: (r.clock as ClockSettings | null) ?? null,
    seats: r.seats,
    ratingRange: r.ratingRange,
    botAfterSeconds: r.botAfterSeconds,
    rating: r.rating,
    tokenHash: r.tokenHash,
    status: r.status as SeekStatus,
    matchId: r.matchId,
    seat: r.seat,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    settledAt: r.settledAt,
  };
}
