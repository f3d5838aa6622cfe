import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { LeaderboardController } from './leaderboard.controller';
import { PrismaRatingsStore } from './prisma-ratings-store';
import { RATINGS_STORE } from './ratings-store.port';
import { RatingsProjector } from './ratings.projector';

/** Ratings: the projection of finished matches, its rebuild, and the leaderboard. */
@Module({
  imports: [MatchesModule],
  controllers: [LeaderboardController],
  providers: [
    RatingsProjector,
    { provide: RATINGS_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaRatingsStore(db.prisma) },
  ],
  exports: [RatingsProjector, RATINGS_STORE],
})
export class RatingsModule {}
