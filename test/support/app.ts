import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app';
import { type AppConfig, configFromEnv } from '../../src/common/config';

/**
 * The real app on the test database (DATABASE_URL, set by global-setup), ready for supertest. Rate limits
 * are off (every test request comes from one address), and seeds come from a fixed sequence, so each test
 * file deals the same hands on every run.
 */
export async function startApp(overrides: Partial<AppConfig> = {}): Promise<NestFastifyApplication> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the e2e tests need the global setup');
  // The clock scheduler and the webhook dispatcher stay off: they work on the whole shared test database, so
  // only the specs about them run them (test/support/timed-app.ts), by hand or with their own settings.
  const app = await createApp(
    {
      ...configFromEnv(),
      databaseUrl: url,
      poolSize: 10,
      rateLimitPerMinute: 0,
      fixedSeed: 'turnbase-e2e',
      clockSweepMs: 0,
      webhookPollMs: 0,
      seekSweepMs: 0,
      ...overrides,
    },
    ['error'],
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
