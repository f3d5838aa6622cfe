import request from 'supertest';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import { startApp } from './support/app';

describe('operations', () => {
  it('reports health with the database', async () => {
    const app = await startApp();
    try {
      const res = await request(app.getHttpServer()).get('/health').expect(200);
      expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up', kind: 'postgres' } } });
    } finally {
      await app.close();
    }
  });

  it('answers 429 RATE_LIMITED past RATE_LIMIT_PER_MINUTE, and health stays reachable', async () => {
    const app = await createApp({ ...configFromEnv(), databaseUrl: process.env.DATABASE_URL, rateLimitPerMinute: 5 }, [
      'error',
    ]);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    try {
      const http = request(app.getHttpServer());
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await http.get('/games')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await http.get('/games');
      expect(limited.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      await http.get('/health').expect(200);
    } finally {
      await app.close();
    }
  });

  it('refuses bad configuration at start-up', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => configFromEnv({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
