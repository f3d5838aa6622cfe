import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import { RatingsModule } from '../ratings/ratings.module';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { PrismaSeekStore } from './prisma-seek-store';
import { SEEK_STORE } from './seek-store.port';
import { SeekMatcher } from './seek.matcher';
import { SeeksController } from './seeks.controller';
import { SeeksService } from './seeks.service';

/** Matchmaking: seeks, and the matcher that seats them together in the background. */
@Module({
  imports: [MatchesModule, PlayerDirectoryModule, RatingsModule],
  controllers: [SeeksController],
  providers: [
    SeeksService,
    SeekMatcher,
    { provide: SEEK_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaSeekStore(db.prisma) },
  ],
  exports: [SeekMatcher, SEEK_STORE],
})
export class SeeksModule {}
