import { type PrismaClient, Prisma } from '../../generated/prisma/client';
import type { FinishedMatchRef, ListedIn, MatchReadModel, PlayerEvent, PlayerEventCursor } from '../match-read-model';

/**
 * The matches the ratings fold: finished, with seats, every one a player's or a bot's. The match's status
 * and updatedAt (its last event's time) and its seat rows are projections of its log, written with each event.
 */
const FINISHED_HELD = Prisma.sql`m."status" = 'finished'
  AND EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m."id")
  AND NOT EXISTS (SELECT 1 FROM "Seat" s WHERE s."matchId" = m."id" AND s."bot" IS NULL AND s."playerId" IS NULL)`;

const IDENTIFIER = /^[A-Za-z]+$/;

function notListedIn(listed: ListedIn | undefined): Prisma.Sql {
  if (listed === undefined) return Prisma.empty;
  if (!IDENTIFIER.test(listed.table) || !IDENTIFIER.test(listed.column))
    throw new Error(`not a plain identifier: ${listed.table}.${listed.column}`);
  return Prisma.sql` AND NOT EXISTS (SELECT 1 FROM ${Prisma.raw(`"${listed.table}"`)} x WHERE x.${Prisma.raw(`"${listed.column}"`)} = m."id")`;
}

interface EventRow {
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

/** The match tables' one read model (matches/match-read-model.ts), on Prisma. */
export class PrismaMatchReadModel implements MatchReadModel {
  constructor(private readonly prisma: PrismaClient) {}

  async finishedHeld(after: FinishedMatchRef | null, limit: number, unlisted?: ListedIn): Promise<FinishedMatchRef[]> {
    const past =
      after === null
        ? Prisma.empty
        : Prisma.sql` AND (m."updatedAt", m."id") > (${after.finishedAt}::timestamptz, ${after.id}::uuid)`;
    return this.prisma.$queryRaw<FinishedMatchRef[]>`
      SELECT m."id"::text AS "id", m."game", m."updatedAt" AS "finishedAt" FROM "Match" m
       WHERE ${FINISHED_HELD}${notListedIn(unlisted)}${past}
       ORDER BY m."updatedAt", m."id" LIMIT ${limit}::int`;
  }

  async ended(matchIds: readonly string[]): Promise<{ matchId: string; game: string }[]> {
    if (matchIds.length === 0) return [];
    // The match's status column is a projection of its log, written with each event: enough to say "look".
    return this.prisma.$queryRaw<{ matchId: string; game: string }[]>`
      SELECT m."id"::text AS "matchId", m."game" FROM "Match" m
       WHERE m."id" = ANY(${[...matchIds]}::uuid[]) AND m."status" IN ('finished', 'aborted')`;
  }

  async playerEvents(playerId: string, cursor: PlayerEventCursor | null, limit: number): Promise<PlayerEvent[]> {
    const after =
      cursor === null ? null : Prisma.sql`(${cursor.txid}::bigint, ${cursor.seq}::int, ${cursor.matchId}::uuid)`;
    const past = (position: Prisma.Sql): Prisma.Sql =>
      after === null ? Prisma.sql`TRUE` : Prisma.sql`${position} > ${after}`;
    // Without a cursor, only matches still being played: a new feed starts with the turns that are open now.
    const playing = cursor === null ? Prisma.sql` AND m."status" IN ('waiting', 'active')` : Prisma.empty;
    // Besides the log's events, each match still at version 0 is a position of its own: its creating
    // transaction, seq 0. So the first turn of the seats held from creation (a match created with players,
    // a seek, a tournament round, an arena pairing, a rematch) comes in the same order and under the same
    // visibility rule as every later one, whatever made the match and on whichever instance. A seat filled
    // later has its SeatJoined event. Once the match has moved on, its events say all, and the row is left out.
    // Not a creation event in the log: a match's version is the number of its events, and the clients' and
    // bots' expectedVersion, the snapshots and every stored log count from 0 at creation.
    const rows = await this.prisma.$queryRaw<EventRow[]>`
      SELECT x."txid"::text AS "txid", x."seq", x."matchId"::text AS "matchId", x."game", x."seat", x."version", x."status",
             x."toMove", x."deadlineAt"
        FROM (
          SELECT e."txid", e."seq", e."matchId", m."game", s."seat", m."version", m."status",
                 (s."seat" = ANY(m."toMove")) AS "toMove", m."deadlineAt"
            FROM "Seat" s
            JOIN "Match" m ON m."id" = s."matchId"
            JOIN "MatchEvent" e ON e."matchId" = s."matchId"
           WHERE s."playerId" = ${playerId}::uuid${playing}
             AND ${past(Prisma.sql`(e."txid", e."seq", e."matchId")`)}
             AND e."txid" < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint
          UNION ALL
          SELECT m."txid", 0, m."id", m."game", s."seat", m."version", m."status",
                 (s."seat" = ANY(m."toMove")) AS "toMove", m."deadlineAt"
            FROM "Seat" s
            JOIN "Match" m ON m."id" = s."matchId"
           WHERE s."playerId" = ${playerId}::uuid AND m."version" = 0${playing}
             AND ${past(Prisma.sql`(m."txid", 0, m."id")`)}
             AND m."txid" < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint
        ) x
       ORDER BY x."txid", x."seq", x."matchId"
       LIMIT ${limit}::int`;
    return rows.map((r) => ({
      ...r,
      seq: Number(r.seq),
      seat: Number(r.seat),
      version: Number(r.version),
      deadlineAt: r.deadlineAt === null ? null : new Date(r.deadlineAt),
    }));
  }

  async playingMatchesOf(playerId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ matchId: string }[]>`
      SELECT s."matchId"::text AS "matchId" FROM "Seat" s JOIN "Match" m ON m."id" = s."matchId"
       WHERE s."playerId" = ${playerId}::uuid AND m."status" IN ('waiting', 'active')`;
    return rows.map((r) => r.matchId);
  }
}
