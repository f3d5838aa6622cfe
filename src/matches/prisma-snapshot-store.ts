import type { PrismaClient } from '../generated/prisma/client';
import { SNAPSHOT_EVERY, type Snapshot, type SnapshotStore } from './snapshots';

const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

export class PrismaSnapshotStore implements SnapshotStore {
  constructor(private readonly prisma: PrismaClient) {}

  async nearest(matchId: string, atMost: number, format: string): Promise<Snapshot | null> {
    const rows = await this.prisma.$queryRaw<{ seq: number; state: unknown }[]>`
      SELECT "seq", "state" FROM "MatchSnapshot"
       WHERE "matchId" = ${matchId}::uuid AND "seq" <= ${atMost}::int AND "format" = ${format}
       ORDER BY "seq" DESC LIMIT 1`;
    const row = rows[0];
    if (!row) return null;
    return { seq: Number(row.seq), state: asJson(row.state) };
  }

  async save(matchId: string, format: string, snapshots: readonly Snapshot[]): Promise<void> {
    // One statement per batch: a first cold read of a long legacy log writes many at once.
    for (let i = 0; i < snapshots.length; i += 100) {
      const batch = JSON.stringify(snapshots.slice(i, i + 100));
      await this.prisma.$executeRaw`
        INSERT INTO "MatchSnapshot" ("matchId", "seq", "format", "state")
        SELECT ${matchId}::uuid, x."seq", ${format}, x."state"
          FROM jsonb_to_recordset(${batch}::jsonb) AS x("seq" int, "state" jsonb)
        ON CONFLICT ("matchId", "seq") DO UPDATE SET "format" = EXCLUDED."format", "state" = EXCLUDED."state"
          WHERE "MatchSnapshot"."format" <> EXCLUDED."format"`;
    }
  }

  async lacking(
    formats: Readonly<Record<string, string>>,
    afterId: string,
    limit: number,
  ): Promise<{ id: string; game: string; latest: number }[]> {
    const rows = await this.prisma.$queryRaw<{ id: string; game: string; latest: number }[]>`
      SELECT m."id"::text AS "id", m."game", x."latest"
        FROM "Match" m
        JOIN jsonb_each_text(${JSON.stringify(formats)}::jsonb) AS f("game", "format") ON f."game" = m."game"
        CROSS JOIN LATERAL (
          SELECT COALESCE(max(s."seq"), 0)::int AS "latest" FROM "MatchSnapshot" s WHERE s."matchId" = m."id" AND s."format" = f."format") x
       WHERE m."id" > ${afterId}::uuid AND m."version" >= ${SNAPSHOT_EVERY}::int AND m."version" - x."latest" >= ${SNAPSHOT_EVERY}::int
       ORDER BY m."id" LIMIT ${limit}::int`;
    return rows.map((r) => ({ id: r.id, game: r.game, latest: Number(r.latest) }));
  }
}
