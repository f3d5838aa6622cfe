import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app';
import { configFromEnv } from '../../src/common/config';

/** The real app on the test database (DATABASE_URL, set by global-setup), ready for supertest. */
export async function startApp(): Promise<NestFastifyApplication> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the e2e tests need the global setup');
  const app = await createApp({ ...configFromEnv(), databaseUrl: url, poolSize: 10 }, ['error']);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
