import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ClocksModule } from './clocks/clocks.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { CLOCK, SystemClock } from './common/clock';
import { APP_CONFIG, ENGINES } from './common/tokens';
import type { AppConfig } from './common/config';
import { GAMES } from './games/games';
import { GamesModule } from './games/games.module';
import { HealthModule } from './health/health.module';
import { PlayersModule } from './players/players.module';
import { StoreModule } from './store/store.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // Rate limiting is per client address and off unless RATE_LIMIT_PER_MINUTE is set: bot tournaments on
    // one host legitimately send thousands of requests a minute.
    const limited = config.rateLimitPerMinute > 0;
    const guards: Provider[] = limited ? [{ provide: APP_GUARD, useClass: ThrottlerGuard }] : [];
    return {
      module: AppModule,
      global: true,
      imports: [
        StoreModule,
        HealthModule,
        ThrottlerModule.forRoot([{ ttl: 60_000, limit: limited ? config.rateLimitPerMinute : Number.MAX_SAFE_INTEGER }]),
        GamesModule,
        PlayersModule,
        ClocksModule,
        WebhooksModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ENGINES, useValue: new Map(GAMES.map((g) => [g.engine.id, g.engine])) },
        { provide: CLOCK, useClass: SystemClock },
        ...guards,
      ],
      exports: [APP_CONFIG, ENGINES, CLOCK],
    };
  }
}
