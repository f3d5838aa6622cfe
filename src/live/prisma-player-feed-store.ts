import type { PrismaClient } from '../generated/prisma/client';
import type { FeedCursor, FeedRow, MatchedSeek, PlayerFeedStore } from './player-feed.port';

interface Row {
  txid: string;
  seq: number;
  matchId: string;
  game: string;
  seat: number;
  version: number;
  status: string;
  toMove: boolean;
  deadlineAt: Date | string | null;
}

export class PrismaPlayerFeedStore implements PlayerFeedStore {
  constructor(private readonly prisma: PrismaClient) {}

  async after(playerId: string, cursor: FeedCursor | null, limit: number): Promise<FeedRow[]> {
    // Without a cursor, only matches still being played: a new feed starts with the turns that are open now.
    const rows = await this.prisma.$queryRaw<Row[]>`
      SELECT e."txid"::text AS "txid", e."seq", e."matchId"::text AS "matchId", m."game", s."seat", m."version", m."status",
             (s."seat" = ANY(m."toMove")) AS "toMove", m."deadlineAt"
        FROM "Seat" s
        JOIN "Match" m ON m."id" = s."matchId"
        JOIN "MatchEvent" e ON e."matchId" = s."matchId"
       WHERE s."playerId" = ${playerId}::uuid
         AND (${cursor === null}::boolean OR (e."txid", e."seq", e."matchId") > (${cursor?.txid ?? '0'}::bigint, ${cursor?.seq ?? 0}::int, ${cursor?.matchId ?? '00000000-0000-0000-0000-000000000000'}::uuid))
         AND (${cursor !== null}::boolean OR m."status" IN ('waiting', 'active'))
         AND e."txid" < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint
       ORDER BY e."txid", e."seq", e."matchId"
       LIMIT ${limit}::int`;
    return rows.map((r) => ({
      ...r, seq: Number(r.seq), seat: Number(r.seat), version: Number(r.version), deadlineAt: r.deadlineAt === null ? null : new Date(r.deadlineAt),
    }));
  }

  async matchesOf(playerId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ matchId: string }[]>`
      SELECT s."matchId"::text AS "matchId" FROM "Seat" s JOIN "Match" m ON m."id" = s."matchId"
       WHERE s."playerId" = ${playerId}::uuid AND m."status" IN ('waiting', 'active')`;
    return rows.map((r) => r.matchId);
  }

  async matchedSeeks(playerId: string, since: Date): Promise<MatchedSeek[]> {
    const rows = await this.prisma.$queryRaw<MatchedSeek[]>`
      SELECT "id"::text AS "id", "game", "matchId"::text AS "matchId", "seat" FROM "Seek"
       WHERE "playerId" = ${playerId}::uuid AND "status" = 'matched' AND "settledAt" >= ${since}::timestamptz
       ORDER BY "settledAt", "id" LIMIT 100`;
    return rows;
  }
}
