import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { BotsModule } from './bots/bots.module';
import { ClocksModule } from './clocks/clocks.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { CLOCK, SystemClock } from './common/clock';
import { APP_CONFIG, ENGINES } from './common/tokens';
import type { AppConfig } from './common/config';
import { RateLimitGuard, rateLimitOptions } from './common/rate-limit';
import { GAMES } from './games/games';
import { GamesModule, gameModules } from './games/games.module';
import { HealthModule } from './health/health.module';
import { LiveModule } from './live/live.module';
import { Metrics } from './metrics/metrics';
import { MetricsServer } from './metrics/metrics-server';
import { PagesModule } from './pages/pages.module';
import { PlayersModule } from './players-api/players.module';
import { RatingsModule } from './ratings/ratings.module';
import { SeeksModule } from './seeks/seeks.module';
import { StoreModule } from './store/store.module';
import { MatchStoreModule } from './matches/match-store.module';
import { TournamentsModule } from './tournaments/tournaments.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // Rate limits are per client address and on by default; RATE_LIMIT_PER_MINUTE=0 turns them all off (load
    // tests, or a bot tournament whose bots all share one address).
    const guards: Provider[] = config.rateLimitPerMinute > 0 ? [{ provide: APP_GUARD, useClass: RateLimitGuard }] : [];
    return {
      module: AppModule,
      global: true,
      imports: [
        StoreModule,
        MatchStoreModule,
        HealthModule,
        ThrottlerModule.forRoot(rateLimitOptions(config)),
        GamesModule,
        ...gameModules(),
        PlayersModule,
        LiveModule.forGames(GAMES),
        ClocksModule,
        BotsModule,
        RatingsModule,
        TournamentsModule,
        SeeksModule,
        WebhooksModule,
        PagesModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ENGINES, useValue: new Map(GAMES.map((g) => [g.engine.id, g.engine])) },
        { provide: CLOCK, useClass: SystemClock },
        { provide: Metrics, useValue: new Metrics(config.metricsPort > 0) }, // METRICS_PORT=0: off, counting included
        MetricsServer,
        ...guards,
      ],
      exports: [APP_CONFIG, ENGINES, CLOCK, Metrics, MetricsServer],
    };
  }
}
