import { Global, Module } from '@nestjs/common';
import { HTTP_BOT_DIRECTORY } from '../bots/http-bot-directory.port';
import { MatchesModule } from '../matches/matches.module';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import { RatingsModule } from '../ratings/ratings.module';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { PrismaTournamentStore } from './prisma-tournament-store';
import { TOURNAMENT_STORE } from './tournament-store.port';
import { TournamentDirector } from './tournament.director';
import { TournamentService } from './tournament.service';
import { TournamentStream } from './tournament-stream';
import { TournamentsController } from './tournaments.controller';

/**
 * HTTP bots are tournament entrants: the tournaments store knows their URLs and secrets, and answers the bot
 * runner's port. Global, so that src/bots/ finds it without importing tournaments.
 */
@Global()
@Module({
  providers: [
    {
      provide: HTTP_BOT_DIRECTORY,
      inject: [DATABASE],
      useFactory: (db: Database) => new PrismaTournamentStore(db.prisma),
    },
  ],
  exports: [HTTP_BOT_DIRECTORY],
})
export class HttpBotDirectoryModule {}

/** Tournaments: creation with the first round, the director that plays the rounds on, the standings. */
@Module({
  imports: [MatchesModule, PlayerDirectoryModule, RatingsModule, HttpBotDirectoryModule],
  controllers: [TournamentsController],
  providers: [
    TournamentService,
    TournamentDirector,
    TournamentStream,
    {
      provide: TOURNAMENT_STORE,
      inject: [DATABASE],
      useFactory: (db: Database) => new PrismaTournamentStore(db.prisma),
    },
  ],
  exports: [TournamentService, TournamentDirector, TOURNAMENT_STORE],
})
export class TournamentsModule {}
