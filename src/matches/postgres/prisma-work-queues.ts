/**
 * The background loops' work queues on Postgres: the bot turns (src/bots/bot-turns.port.ts) and the clock
 * deadlines (src/clocks/deadlines.port.ts), both claimed from the match row with FOR UPDATE SKIP LOCKED and a
 * lease, and the expiry sweep's lists (src/matches/expiry-queue.port.ts). Each interface is met by shape, so
 * this folder does not import the loops' folders.
 */
import { type PrismaClient, Prisma } from '../../generated/prisma/client';
import type { ExpiryQueue } from '../expiry-queue.port';

export type ClaimKind = 'deadline' | 'bot';

/** The two work lists on the match row: its due time and the lease of the instance working on it (constant identifiers). */
const CLAIMS: Record<ClaimKind, { readonly due: Prisma.Sql; readonly lease: Prisma.Sql }> = {
  deadline: { due: Prisma.raw('"deadlineAt"'), lease: Prisma.raw('"deadlineLease"') },
  bot: { due: Prisma.raw('"botDueAt"'), lease: Prisma.raw('"botLease"') },
};

/** A work list on the match row (`kind`): claimed with a lease, given back. */
export class PrismaClaimQueue {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly kind: ClaimKind,
  ) {}

  /** Due matches no instance holds, earliest first: FOR UPDATE SKIP LOCKED, then a lease. */
  claim(now: Date, leaseUntil: Date, limit: number): Promise<{ id: string; game: string }[]> {
    const { due, lease } = CLAIMS[this.kind];
    return this.prisma.$queryRaw<{ id: string; game: string }[]>`
      UPDATE "Match" m SET ${lease} = ${leaseUntil}::timestamptz
       WHERE m."id" IN (
         SELECT "id" FROM "Match"
          WHERE ${due} <= ${now}::timestamptz AND (${lease} IS NULL OR ${lease} <= ${now}::timestamptz)
          ORDER BY ${due} LIMIT ${limit}::int
          FOR UPDATE SKIP LOCKED)
      RETURNING m."id"::text AS "id", m."game"`;
  }

  async release(matchId: string, leaseUntil: Date): Promise<void> {
    const { lease } = CLAIMS[this.kind];
    await this.prisma
      .$executeRaw`UPDATE "Match" SET ${lease} = NULL WHERE "id" = ${matchId}::uuid AND ${lease} = ${leaseUntil}::timestamptz`;
  }
}

export class PrismaExpiryQueue implements ExpiryQueue {
  constructor(private readonly prisma: PrismaClient) {}

  async dueToExpire(now: Date, limit: number): Promise<{ id: string; game: string }[]> {
    return this.prisma.$queryRaw<{ id: string; game: string }[]>`
      SELECT "id"::text AS "id", "game" FROM "Match" WHERE "status" = 'waiting' AND "expiresAt" <= ${now}::timestamptz
       ORDER BY "expiresAt" LIMIT ${limit}::int`;
  }

  /**
   * "updatedAt" is the time of the last event. No index serves this, so each sweep scans the match table
   * once: cheap next to a minute's moves up to millions of matches (docs/operations.md, "Abandoned matches").
   */
  async idleActive(idleSince: Date, limit: number): Promise<{ id: string; game: string }[]> {
    return this.prisma.$queryRaw<{ id: string; game: string }[]>`
      SELECT "id"::text AS "id", "game" FROM "Match" WHERE "status" = 'active' AND "clock" IS NULL AND "updatedAt" <= ${idleSince}::timestamptz
       ORDER BY "updatedAt" LIMIT ${limit}::int`;
  }
}
