import { Global, Module } from '@nestjs/common';
import { GAMES } from '../games/games';
import { MatchesModule } from '../matches/matches.module';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { HINT_BUS, hintBusFor } from './hint-bus';
import { LiveLimits } from './limits';
import { createLiveController } from './live-controller.factory';
import { LIVE_CONFIG, liveConfigFromEnv } from './live-config';
import { LiveHub } from './live-hub';
import { LiveStreams } from './live-streams';
import { LongPoll } from './long-poll';
import { MatchNotifier } from './notifier';

/**
 * Waiting for your turn: per-match event streams, the long-poll of the log, and the fan-out that wakes them
 * when any instance appends an event. Global, so that each game's controller can hold its long-polls here.
 */
@Global()
@Module({
  imports: [MatchesModule],
  controllers: GAMES.map(createLiveController),
  providers: [
    { provide: LIVE_CONFIG, useFactory: () => liveConfigFromEnv() },
    { provide: HINT_BUS, inject: [DATABASE], useFactory: (db: Database) => hintBusFor(db) },
    MatchNotifier, LiveLimits, LiveHub, LiveStreams, LongPoll,
  ],
  exports: [LongPoll, LiveLimits, MatchNotifier, LIVE_CONFIG],
})
export class LiveModule {}
