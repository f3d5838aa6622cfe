import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG } from '../common/tokens';
import { Metrics } from '../metrics/metrics';
import type { AppConfig } from '../common/config';
import { AppendedEvents } from '../matches/appended';
import { EVENT_STORE } from '../matches/event-store.port';
import { EXPIRY_QUEUE } from '../matches/expiry-queue.port';
import { LISTING_STORE } from '../matches/listing-store.port';
import { type Database, openDatabase } from './database';
import { applyMigrations } from './migrations';
import { PrismaEventStore } from './prisma-event-store';
import { PrismaListingStore } from './prisma-listing-store';
import { PrismaExpiryQueue } from './prisma-work-queues';

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
        const ran = await db.session((s) => applyMigrations(s, MIGRATIONS_DIR)).catch(async (error: unknown) => {
          await db.close(); // an open pool would keep a refused process alive
          throw error;
        });
        const logger = new Logger('Store');
        logger.log(`${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'Postgres'}; migrations applied now: ${ran.length ? ran.join(', ') : 'none'}`);
        // Read at scrape time (src/metrics); PGlite has neither a pool nor a listener.
        if (db.poolStats) metrics.source('pool', () => db.poolStats?.());
        if (db.listenersUp) metrics.source('listener', () => db.listenersUp?.());
        return db;
      },
    },
    AppendedEvents,
    {
      provide: EVENT_STORE,
      inject: [DATABASE, APP_CONFIG, Metrics],
      useFactory: (db: Database, config: AppConfig, metrics: Metrics) => new PrismaEventStore(db.prisma, {
        run: (statement) => db.run(statement),
        batchConcurrency: db.kind === 'postgres' ? config.appendBatch : 0, // PGlite runs one statement at a time anyway
        onStatement: metrics.enabled ? (events) => metrics.appendStatement(events) : undefined,
      }),
    },
    { provide: LISTING_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaListingStore(db.prisma) },
    { provide: EXPIRY_QUEUE, inject: [DATABASE], useFactory: (db: Database) => new PrismaExpiryQueue(db.prisma) },
    DatabaseCloser,
  ],
  exports: [DATABASE, EVENT_STORE, LISTING_STORE, EXPIRY_QUEUE, AppendedEvents],
})
export class StoreModule {}
