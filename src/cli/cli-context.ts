import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { type AppConfig, configFromEnv } from '../common/config';

/** The app without HTTP, for commands run by people (`npm run tournament`, `npm run ratings:rebuild`). */
export async function cliContext(overrides: Partial<AppConfig> = {}): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...configFromEnv(), ...overrides }), {
    logger: ['error'],
  });
  app.enableShutdownHooks();
  await app.init();
  return app;
}
