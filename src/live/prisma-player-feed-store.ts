import type { PrismaClient } from '../generated/prisma/client';
import type { FeedCursor, FeedRow, MatchedSeek, PlayerFeedStore } from './player-feed.port';
import type { MatchReadModel } from '../matches/match-read-model';
import { PrismaMatchReadModel } from '../matches/postgres/prisma-match-read-model';

/** The feed's reads of the match tables go through their read model; the seeks are the feed's own. */
export class PrismaPlayerFeedStore implements PlayerFeedStore {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly matches: MatchReadModel = new PrismaMatchReadModel(prisma),
  ) {}

  after(playerId: string, cursor: FeedCursor | null, limit: number): Promise<FeedRow[]> {
    return this.matches.playerEvents(playerId, cursor, limit);
  }

  matchesOf(playerId: string): Promise<string[]> {
    return this.matches.playingMatchesOf(playerId);
  }

  async matchedSeeks(playerId: string, since: Date): Promise<MatchedSeek[]> {
    const rows = await this.prisma.$queryRaw<MatchedSeek[]>`
      SELECT "id"::text AS "id", "game", "matchId"::text AS "matchId", "seat" FROM "Seek"
       WHERE "playerId" = ${playerId}::uuid AND "status" = 'matched' AND "settledAt" >= ${since}::timestamptz
       ORDER BY "settledAt", "id" LIMIT 100`;
    return rows;
  }
}
