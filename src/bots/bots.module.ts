import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { DATABASE } from '../store/store.module';
import type { Database } from '../store/database';
import { PrismaClaimQueue } from '../matches/postgres/prisma-work-queues';
import { BotRunner } from './bot-runner';
import { BOT_TURNS } from './bot-turns.port';
import { BotsController } from './bots.controller';

/**
 * Bot seats: the list of a game's bots, and the runner that plays bot turns (built-in and HTTP). The runner's
 * HTTP_BOT_DIRECTORY (./http-bot-directory.port) is provided by src/tournaments/ (HTTP bots are tournament
 * entrants): tournaments depend on bots, not the reverse.
 */
@Module({
  imports: [MatchesModule],
  controllers: [BotsController],
  providers: [
    BotRunner,
    { provide: BOT_TURNS, inject: [DATABASE], useFactory: (db: Database) => new PrismaClaimQueue(db.prisma, 'bot') },
  ],
  exports: [BotRunner],
})
export class BotsModule {}
