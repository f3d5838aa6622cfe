import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG } from './common/tokens';
import type { AppConfig } from './common/config';
import { CatalogueController } from './games/catalogue.controller';
import { GAME_MODULES } from './games/games';
import { HealthModule } from './health/health.module';
import { LiveModule } from './live/live.module';
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
        ...GAME_MODULES,
        LiveModule,
      ],
      controllers: [CatalogueController],
      providers: [{ provide: APP_CONFIG, useValue: config }, ...guards],
      exports: [APP_CONFIG],
    };
  }
}
