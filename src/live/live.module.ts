import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import { MatchesModule } from '../matches/matches.module';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import { PrismaPlayerFeedStore } from './prisma-player-feed-store';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { HINT_BUS, hintBusFor } from './hint-bus';
import { LiveLimits } from './limits';
import { type LiveGame, createLiveController } from './live-controller.factory';
import { LIVE_CONFIG, liveConfigFromEnv } from './live-config';
import { LiveEffects } from './live-effects';
import { LiveHub } from './live-hub';
import { LiveStreams } from './live-streams';
import { LongPoll } from './long-poll';
import { MatchNotifier } from './notifier';
import { PlayerFeedController } from './player-feed.controller';
import { PLAYER_FEED_STORE } from './player-feed.port';
import { PlayerFeeds } from './player-feeds';
import { StreamTickets } from './stream-tickets';
import { StreamTicketsController } from './stream-tickets.controller';

/**
 * Waiting for your turn: per-match event streams, the long-poll of the log, and the fan-out that wakes them
 * when any instance appends an event. Global, so that each game's controller can hold its long-polls here.
 * `LiveModule.forGames(GAMES)`: the games come from the root (src/games/ imports live's LongPoll, so live does
 * not import the registry back).
 */
@Global()
@Module({
  imports: [MatchesModule, PlayerDirectoryModule],
  providers: [
    {
      provide: LIVE_CONFIG,
      inject: [APP_CONFIG],
      useFactory: (app: AppConfig) => liveConfigFromEnv(process.env, app.maxConnections),
    },
    { provide: HINT_BUS, inject: [DATABASE], useFactory: (db: Database) => hintBusFor(db) },
    {
      provide: PLAYER_FEED_STORE,
      inject: [DATABASE],
      useFactory: (db: Database) => new PrismaPlayerFeedStore(db.prisma),
    },
    MatchNotifier,
    LiveEffects,
    LiveLimits,
    LiveHub,
    LiveStreams,
    LongPoll,
    PlayerFeeds,
    StreamTickets,
  ],
  exports: [LongPoll, LiveLimits, MatchNotifier, LIVE_CONFIG],
})
export class LiveModule {
  static forGames(games: readonly LiveGame[]): DynamicModule {
    return {
      module: LiveModule,
      controllers: [...games.map(createLiveController), PlayerFeedController, StreamTicketsController],
    };
  }
}
