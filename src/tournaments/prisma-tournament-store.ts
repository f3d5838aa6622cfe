import { type PrismaClient, Prisma } from '../generated/prisma/client';
import type { HttpBotCall, HttpBotDirectory, HttpBotEndpoint } from '../bots/http-bot-directory.port';
import { PrismaEventStore, uniqueViolation } from '../matches/postgres/prisma-event-store';
import type { MatchReadModel } from '../matches/match-read-model';
import { PrismaMatchReadModel } from '../matches/postgres/prisma-match-read-model';
import type { Round } from './pairing';
import type {
  EntrantKind,
  NewRound,
  NewTournament,
  TournamentFormat,
  TournamentProgress,
  TournamentRecord,
  TournamentStore,
} from './tournament-store.port';

export class PrismaTournamentStore implements TournamentStore, HttpBotDirectory {
  /** `matches`: the match tables' read model (the tournament reads which of its matches ended through it). */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly matches: MatchReadModel = new PrismaMatchReadModel(prisma),
  ) {}

  async create(t: NewTournament, firstRound: NewRound | null): Promise<void> {
    await this.prisma.$transaction(
      async (tx) => {
        await tx.tournament.create({
          data: {
            id: t.id,
            game: t.game,
            format: t.format,
            rounds: t.rounds,
            seatsPerMatch: t.seatsPerMatch,
            options: t.options ?? {},
            clock: t.clock === null ? Prisma.DbNull : (t.clock as object),
            status: 'running',
            roundsCreated: firstRound === null ? 0 : 1,
            endsAt: t.endsAt,
            startsAt: t.startsAt,
            plannedRounds: t.plannedRounds,
            botTimeoutMs: t.botTimeoutMs,
            schedule: t.schedule === null ? Prisma.DbNull : (t.schedule as number[][][]),
            entrants: {
              create: t.entrants.map((e) => ({
                idx: e.idx,
                name: e.name,
                kind: e.kind,
                bot: e.bot,
                url: e.url,
                secret: e.secret,
                playerId: e.playerId,
              })),
            },
          },
        });
        if (firstRound !== null) await createRoundIn(tx, t.id, 1, firstRound);
      },
      { timeout: 60_000 },
    );
  }

  async createRound(tournamentId: string, round: number, matches: NewRound): Promise<boolean> {
    try {
      return await this.prisma.$transaction(
        async (tx) => {
          // The row lock and the count make a round's creation happen once; the unique (round, table) key backs it.
          const bumped = await tx.$executeRaw`
          UPDATE "Tournament" SET "roundsCreated" = ${round}::int, "updatedAt" = now()
           WHERE "id" = ${tournamentId}::uuid AND "roundsCreated" = ${round - 1}::int AND "status" = 'running'`;
          if (bumped !== 1) return false;
          await createRoundIn(tx, tournamentId, round, matches);
          return true;
        },
        { timeout: 60_000 },
      );
    } catch (error) {
      if (uniqueViolation(error) !== null) return false;
      throw error;
    }
  }

  async load(id: string): Promise<TournamentRecord | null> {
    const t = await this.prisma.tournament.findUnique({
      where: { id },
      omit: { schedule: true },
      include: { entrants: { orderBy: { idx: 'asc' } }, matches: { orderBy: [{ round: 'asc' }, { table: 'asc' }] } },
    });
    if (!t) return null;
    return {
      id: t.id,
      game: t.game,
      format: t.format as TournamentFormat,
      rounds: t.rounds,
      seatsPerMatch: t.seatsPerMatch,
      options: t.options,
      clock: (t.clock as TournamentRecord['clock']) ?? null,
      status: t.status as TournamentRecord['status'],
      roundsCreated: t.roundsCreated,
      plannedRounds: t.plannedRounds,
      botTimeoutMs: t.botTimeoutMs,
      createdAt: t.createdAt,
      endsAt: t.endsAt,
      startsAt: t.startsAt,
      entrants: t.entrants.map((e) => ({
        idx: e.idx,
        name: e.name,
        kind: e.kind as EntrantKind,
        bot: e.bot,
        url: e.url,
        secret: e.secret,
        playerId: e.playerId,
        requests: e.requests,
        failures: e.failures,
        latencyMs: e.latencyMs,
      })),
      matches: t.matches.map((m) => ({
        matchId: m.matchId,
        round: m.round,
        table: m.table,
        entrants: m.entrants,
        result: (m.result as { points: number[] } | null) ?? null,
      })),
    };
  }

  async progress(id: string): Promise<TournamentProgress | null> {
    const t = await this.prisma.tournament.findUnique({
      where: { id },
      select: { roundsCreated: true, matchesScored: true, status: true },
    });
    return t
      ? {
          roundsCreated: t.roundsCreated,
          matchesScored: t.matchesScored,
          status: t.status as TournamentProgress['status'],
        }
      : null;
  }

  async scheduledRound(id: string, round: number): Promise<Round> {
    // One round out of the stored schedule, in Postgres: the rest of it is not read.
    const rows = await this.prisma.$queryRaw<{ tables: Round | null }[]>`
      SELECT "schedule" -> (${round - 1}::int) AS "tables" FROM "Tournament" WHERE "id" = ${id}::uuid`;
    return rows[0]?.tables ?? [];
  }

  async savePlan(id: string, plannedRounds: number, schedule: readonly Round[] | null): Promise<void> {
    await this.prisma.tournament.updateMany({
      where: { id, plannedRounds: null },
      data: { plannedRounds, schedule: schedule === null ? Prisma.DbNull : (schedule as number[][][]) },
    });
  }

  async endedWithoutResult(tournamentId: string): Promise<{ matchId: string; game: string }[]> {
    // The tournament's matches without a result, then which of them ended (the match tables' read model): two statements.
    const open = await this.prisma.$queryRaw<{ matchId: string }[]>`
      SELECT "matchId"::text AS "matchId" FROM "TournamentMatch" WHERE "tournamentId" = ${tournamentId}::uuid AND "result" IS NULL`;
    return this.matches.ended(open.map((r) => r.matchId));
  }

  async setResult(matchId: string, result: { points: readonly number[] }): Promise<void> {
    // One statement: the result is written once, and the tournament's progress counts it in the same commit.
    await this.prisma.$executeRaw`
      WITH scored AS (
        UPDATE "TournamentMatch" SET "result" = ${JSON.stringify({ points: [...result.points] })}::jsonb
         WHERE "matchId" = ${matchId}::uuid AND "result" IS NULL
        RETURNING "tournamentId")
      UPDATE "Tournament" SET "matchesScored" = "matchesScored" + 1 WHERE "id" IN (SELECT "tournamentId" FROM scored)`;
  }

  async finish(id: string): Promise<void> {
    await this.prisma.tournament.update({ where: { id }, data: { status: 'finished', updatedAt: new Date() } });
  }

  async claim(now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      UPDATE "Tournament" t SET "lease" = ${leaseUntil}::timestamptz
       WHERE t."id" IN (
         SELECT "id" FROM "Tournament" WHERE "status" = 'running' AND ("lease" IS NULL OR "lease" <= ${now}::timestamptz)
            -- One that starts later has nothing to do until then (and must not take the places of running ones).
            AND ("roundsCreated" > 0 OR "startsAt" IS NULL OR "startsAt" <= ${now}::timestamptz)
          ORDER BY "createdAt" LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
      RETURNING t."id"::text AS "id"`;
    return rows.map((r) => r.id);
  }

  async release(id: string, leaseUntil: Date): Promise<void> {
    await this.prisma
      .$executeRaw`UPDATE "Tournament" SET "lease" = NULL WHERE "id" = ${id}::uuid AND "lease" = ${leaseUntil}::timestamptz`;
  }

  async endpointFor(matchId: string, seat: number): Promise<HttpBotEndpoint | null> {
    const rows = await this.prisma.$queryRaw<
      { tournamentId: string; idx: number; url: string; secret: string; botTimeoutMs: number | null }[]
    >`
      SELECT e."tournamentId"::text AS "tournamentId", e."idx", e."url", e."secret", t."botTimeoutMs"
        FROM "TournamentMatch" tm JOIN "TournamentEntrant" e ON e."tournamentId" = tm."tournamentId" AND e."idx" = tm."entrants"[${seat + 1}::int]
        JOIN "Tournament" t ON t."id" = tm."tournamentId"
       WHERE tm."matchId" = ${matchId}::uuid AND e."kind" = 'http'`;
    const row = rows[0];
    return row
      ? {
          tournamentId: row.tournamentId,
          entrant: Number(row.idx),
          url: row.url,
          secret: row.secret,
          timeoutMs: row.botTimeoutMs === null ? null : Number(row.botTimeoutMs),
        }
      : null;
  }

  async recordCall(endpoint: HttpBotEndpoint, call: HttpBotCall): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE "TournamentEntrant" SET "requests" = "requests" + 1, "failures" = "failures" + ${call.failed ? 1 : 0}::int,
             "latencyMs" = "latencyMs" + ${call.latencyMs}::int
       WHERE "tournamentId" = ${endpoint.tournamentId}::uuid AND "idx" = ${endpoint.entrant}::int`;
  }
}

async function createRoundIn(
  tx: Prisma.TransactionClient,
  tournamentId: string,
  round: number,
  matches: NewRound,
): Promise<void> {
  // The event store's own match creation, on this transaction's connection: the round's matches and its
  // tables commit together or not at all.
  const events = new PrismaEventStore(tx as unknown as PrismaClient);
  for (const { match } of matches) await events.createMatch(match);
  await tx.tournamentMatch.createMany({
    data: matches.map(({ match, entrants }, table) => ({
      matchId: match.id,
      tournamentId,
      round,
      table,
      entrants: [...entrants],
    })),
  });
}
