import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG } from './common/tokens';
import type { AppConfig } from './common/config';
import { CatalogueController } from './games/catalogue.controller';
import { GAME_MODULES } from './games/games';
import { StoreModule } from './store/store.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [StoreModule, ...GAME_MODULES],
      controllers: [CatalogueController],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
