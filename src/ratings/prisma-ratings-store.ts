import type { PrismaClient } from '../generated/prisma/client';
import type { MatchReadModel } from '../matches/match-read-model';
import { PrismaMatchReadModel } from '../matches/postgres/prisma-match-read-model';
import { DAY_MS, type RatedPair } from './rating-rules';
import type { FinishedMatch, RatingRecord, RatingsStore } from './ratings-store.port';

/** One lock for every writer of the ratings (pg_advisory_xact_lock key). */
const RATINGS_LOCK = 120_001;

/** The folded matches' table, left out of `unrated` by the read model's statement itself. */
const FOLDED = { table: 'RatedMatch', column: 'matchId' } as const;

const toRating = (r: RatingRecord): RatingRecord => ({ ...r, kind: r.kind });

export class PrismaRatingsStore implements RatingsStore {
  /**
   * `matches`: the match tables' read model. The matches the ratings fold are its `finishedHeld`: finished,
   * with seats, every one a player's or a bot's.
   */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly matches: MatchReadModel = new PrismaMatchReadModel(prisma),
  ) {}

  async lastRated(): Promise<FinishedMatch | null> {
    const rows = await this.prisma.$queryRaw<FinishedMatch[]>`
      SELECT "matchId"::text AS "id", "game", "finishedAt" FROM "RatedMatch" ORDER BY "finishedAt" DESC, "matchId" DESC LIMIT 1`;
    return rows[0] ?? null;
  }

  async unrated(limit: number): Promise<FinishedMatch[]> {
    return this.matches.finishedHeld(null, limit, FOLDED);
  }

  async finished(after: FinishedMatch | null, limit: number): Promise<FinishedMatch[]> {
    return this.matches.finishedHeld(after, limit);
  }

  async ratings(game: string, keys: readonly string[]): Promise<RatingRecord[]> {
    const rows = await this.prisma.rating.findMany({ where: { game, key: { in: [...keys] } } });
    return rows.map((r) => toRating(r as RatingRecord));
  }

  async recentPairs(game: string, pairs: readonly string[], since: Date): Promise<RatedPair[]> {
    if (pairs.length === 0) return [];
    const rows = await this.prisma.ratedPair.findMany({
      where: { game, pair: { in: [...pairs] }, finishedAt: { gt: since } },
      select: { game: true, pair: true, matchId: true, finishedAt: true },
    });
    return rows;
  }

  async inTournament(matchId: string): Promise<boolean> {
    return (await this.prisma.tournamentMatch.findUnique({ where: { matchId }, select: { matchId: true } })) !== null;
  }

  async commit(
    expectedLast: FinishedMatch | null,
    ratings: readonly RatingRecord[],
    folded: readonly FinishedMatch[],
    pairs: readonly RatedPair[],
  ): Promise<boolean> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK}::bigint)`;
        const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT "matchId"::text AS "id" FROM "RatedMatch" ORDER BY "finishedAt" DESC, "matchId" DESC LIMIT 1`;
        if ((rows[0]?.id ?? null) !== (expectedLast?.id ?? null)) return false;
        for (const r of ratings) {
          await tx.rating.upsert({
            where: { game_key: { game: r.game, key: r.key } },
            create: { ...r },
            update: { name: r.name, kind: r.kind, mu: r.mu, sigma: r.sigma, matches: r.matches },
          });
        }
        await tx.ratedMatch.createMany({
          data: folded.map((m) => ({ matchId: m.id, game: m.game, finishedAt: m.finishedAt })),
        });
        if (pairs.length > 0) await tx.ratedPair.createMany({ data: pairs.map((p) => ({ ...p })) });
        const end = folded.at(-1)?.finishedAt;
        if (end) await tx.ratedPair.deleteMany({ where: { finishedAt: { lte: new Date(end.getTime() - DAY_MS) } } });
        return true;
      },
      { timeout: 60_000 },
    );
  }

  async replaceAll(
    ratings: readonly RatingRecord[],
    folded: readonly FinishedMatch[],
    pairs: readonly RatedPair[],
  ): Promise<void> {
    await this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RATINGS_LOCK}::bigint)`;
        await tx.rating.deleteMany({});
        await tx.ratedMatch.deleteMany({});
        await tx.ratedPair.deleteMany({});
        await tx.rating.createMany({ data: ratings.map((r) => ({ ...r })) });
        await tx.ratedMatch.createMany({
          data: folded.map((m) => ({ matchId: m.id, game: m.game, finishedAt: m.finishedAt })),
        });
        await tx.ratedPair.createMany({ data: pairs.map((p) => ({ ...p })) });
      },
      { timeout: 120_000 },
    );
  }

  async leaderboard(game: string, limit: number): Promise<RatingRecord[]> {
    const rows = await this.prisma.$queryRaw<RatingRecord[]>`
      SELECT "game", "key", "name", "kind", "mu", "sigma", "matches" FROM "Rating" WHERE "game" = ${game}
       ORDER BY "mu" - 3 * "sigma" DESC, "key" LIMIT ${limit}::int`;
    return rows.map((r) => ({ ...r, matches: Number(r.matches) }));
  }

  async forKey(key: string): Promise<RatingRecord[]> {
    const rows = await this.prisma.rating.findMany({ where: { key }, orderBy: { game: 'asc' } });
    return rows.map((r) => toRating(r as RatingRecord));
  }

  async all(): Promise<RatingRecord[]> {
    const rows = await this.prisma.rating.findMany({ orderBy: [{ game: 'asc' }, { key: 'asc' }] });
    return rows.map((r) => toRating(r as RatingRecord));
  }
}
