import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { DATABASE } from '../store/store.module';
import type { Database } from '../store/database';
import { PrismaTournamentStore } from '../tournaments/prisma-tournament-store';
import { PrismaClaimQueue } from '../store/prisma-work-queues';
import { BotRunner } from './bot-runner';
import { BOT_TURNS } from './bot-turns.port';
import { BotsController } from './bots.controller';
import { HTTP_BOT_DIRECTORY } from './http-bot-directory.port';

/** Bot seats: the list of a game's bots, and the runner that plays bot turns (built-in and HTTP). */
@Module({
  imports: [MatchesModule],
  controllers: [BotsController],
  providers: [
    BotRunner,
    { provide: BOT_TURNS, inject: [DATABASE], useFactory: (db: Database) => new PrismaClaimQueue(db.prisma, 'bot') },
    // HTTP bots are tournament entrants: the tournaments store knows their URLs and secrets.
    { provide: HTTP_BOT_DIRECTORY, inject: [DATABASE], useFactory: (db: Database) => new PrismaTournamentStore(db.prisma) },
  ],
  exports: [BotRunner],
})
export class BotsModule {}
