import { Pool } from 'pg';
import request from 'supertest';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import type { Database } from '../src/store/database';
import { DATABASE } from '../src/store/store.module';
import { startApp } from './support/app';
import { scratchDatabase } from './support/scratch-db';

describe('refuse what is not understood', () => {
  it('refuses to start on a database holding a migration this server does not know', async () => {
    const scratch = await scratchDatabase('turnbase_newer_schema');
    try {
      const config = { ...configFromEnv(), databaseUrl: scratch.url, rateLimitPerMinute: 0 };
      const first = await createApp(config, false);
      await first.close(); // migrated by this server: fine
      const pool = new Pool({ connectionString: scratch.url, max: 1 });
      pool.on('error', () => undefined); // the scratch database is dropped WITH (FORCE) at the end: an idle client's termination is expected
      await pool.query(
        `INSERT INTO "_prisma_migrations" ("id", "checksum", "migration_name", "finished_at", "applied_steps_count")
         VALUES ('00000000-0000-0000-0000-00000000beef', 'x', '29991231000000_from_the_future', now(), 1)`,
      );
      await pool.end();
      await expect(createApp(config, false)).rejects.toThrow(
        /does not know \(29991231000000_from_the_future\).*refuses to start/,
      );
    } finally {
      await scratch.drop();
    }
  });

  it('answers /health with 503 and the detail when the database does not answer', async () => {
    const app = await startApp();
    try {
      const db = app.get<Database>(DATABASE);
      const spy = jest.spyOn(db, 'query').mockRejectedValue(new Error('connect ECONNREFUSED'));
      const res = await request(app.getHttpServer()).get('/health').expect(503);
      expect(res.body).toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        details: {
          status: 'error',
          error: { database: { status: 'down', kind: 'postgres', message: 'connect ECONNREFUSED' } },
        },
      });
      spy.mockRestore();
      await request(app.getHttpServer()).get('/health').expect(200);
    } finally {
      await app.close();
    }
  });
});
