import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG } from '../common/tokens';
import { Metrics } from '../metrics/metrics';
import type { AppConfig } from '../common/config';
import { type Database, openDatabase } from './database';
import { applyMigrations } from './migrations';

export const DATABASE = Symbol('DATABASE');
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'prisma', 'migrations');

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG, Metrics],
      useFactory: async (config: AppConfig, metrics: Metrics): Promise<Database> => {
        const db = await openDatabase(config);
        const ran = await db
          .session((s) => applyMigrations(s, MIGRATIONS_DIR))
          .catch(async (error: unknown) => {
            await db.close(); // an open pool would keep a refused process alive
            throw error;
          });
        const logger = new Logger('Store');
        logger.log(
          `${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres'}; migrations applied now: ${ran.length ? ran.join(', ') : 'none'}`,
        );
        // Read at scrape time (src/metrics); PGlite has neither a pool nor a listener.
        if (db.poolStats) metrics.source('pool', () => db.poolStats?.());
        if (db.listenersUp) metrics.source('listener', () => db.listenersUp?.());
        return db;
      },
    },
    DatabaseCloser,
  ],
  exports: [DATABASE],
})
export class StoreModule {}
