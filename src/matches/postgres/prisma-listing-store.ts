/**
 * The listings on Postgres (src/matches/listing-store.port.ts): the lobby and "my matches", read from the
 * projections every append writes on the match and seat rows, and their rewrite from a log.
 */
import { type PrismaClient, Prisma } from '../../generated/prisma/client';
import type { SeatHolder } from '../decider';
import type { MatchStatus, Projection } from '../event-store.port';
import type { ListingStore, MatchSummaryRecord, PageAfter, PlayerMatchRecord } from '../listing-store.port';
import { type MatchRow, currentHolder, matchColumns, seatsOf, toMatch } from './match-rows';

function pageAfter(after: PageAfter | null): Prisma.Sql {
  return after === null
    ? Prisma.empty
    : Prisma.sql`AND (m."createdAt", m."id") < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
}

/**
 * The lobby's query. Equality on (game, status, unlisted), then (createdAt, id) descending: one backward scan
 * of "Match_game_status_unlisted_createdAt_id_idx" that stops after `limit` rows, however many matches there
 * are (test/lobby.e2e-spec.ts checks the plan over 100,000 rows).
 */
export function lobbyQuery(game: string, status: MatchStatus, after: PageAfter | null, limit: number): Prisma.Sql {
  return Prisma.sql`
    SELECT ${matchColumns(Prisma.sql`m."id"`, null, false)} FROM "Match" m
     WHERE m."game" = ${game} AND m."status" = ${status} AND m."unlisted" = false ${pageAfter(after)}
     ORDER BY m."createdAt" DESC, m."id" DESC LIMIT ${limit}::int`;
}

export class PrismaListingStore implements ListingStore {
  constructor(private readonly prisma: PrismaClient) {}

  async listMatches(
    game: string,
    status: MatchStatus,
    after: PageAfter | null,
    limit: number,
  ): Promise<MatchSummaryRecord[]> {
    const rows = await this.prisma.$queryRaw<MatchRow[]>(lobbyQuery(game, status, after, limit));
    return rows.map((row) => {
      const { webhooks: _unknown, ...match } = toMatch(row);
      return { match, seats: seatsOf(row).map(currentHolder), toMove: row.toMove ?? [] };
    });
  }

  async playerMatches(
    playerId: string,
    filter: { status?: MatchStatus; toMove?: boolean },
    after: PageAfter | null,
    limit: number,
  ): Promise<PlayerMatchRecord[]> {
    const status = filter.status === undefined ? Prisma.empty : Prisma.sql`AND m."status" = ${filter.status}`;
    const toMove =
      filter.toMove === undefined ? Prisma.empty : Prisma.sql`AND (s."seat" = ANY(m."toMove")) = ${filter.toMove}`;
    const rows = await this.prisma.$queryRaw<PlayerMatchRecord[]>`
      SELECT m."game", m."id"::text AS "id", s."seat", m."version", m."status", (s."seat" = ANY(m."toMove")) AS "toMove", m."createdAt"
        FROM "Seat" s JOIN "Match" m ON m."id" = s."matchId"
       WHERE s."playerId" = ${playerId}::uuid ${status} ${toMove} ${pageAfter(after)}
       ORDER BY m."createdAt" DESC, m."id" DESC LIMIT ${limit}::int`;
    return rows.map((r) => ({
      ...r,
      seat: Number(r.seat),
      version: Number(r.version),
      createdAt: new Date(r.createdAt),
    }));
  }

  async writeProjection(
    matchId: string,
    version: number,
    projection: Projection,
    seats: readonly SeatHolder[],
  ): Promise<boolean> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      WITH m AS (
        UPDATE "Match" SET "status" = ${projection.status}, "toMove" = ${[...projection.toMove]}::int[],
               "deadlineAt" = ${projection.deadlineAt}::timestamptz, "botDueAt" = ${projection.botDueAt ?? null}::timestamptz
         WHERE "id" = ${matchId}::uuid AND "version" = ${version}::int
        RETURNING "id"
      ), s AS (
        UPDATE "Seat" s SET "name" = x."name", "playerId" = x."player"::uuid, "bot" = x."bot"
          FROM unnest(${seats.map((_, i) => i)}::int[], ${seats.map((h) => h.name)}::text[], ${seats.map((h) => h.player)}::text[],
                      ${seats.map((h) => h.bot ?? null)}::text[]) AS x("seat", "name", "player", "bot")
         WHERE s."matchId" = (SELECT "id" FROM m) AND s."seat" = x."seat"
        RETURNING 1
      )
      SELECT "id"::text AS "id" FROM m`;
    return rows.length === 1;
  }
}
