import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import { Metrics } from '../metrics/metrics';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { AppendedEvents } from './appended';
import { EVENT_STORE } from './event-store.port';
import { EXPIRY_QUEUE } from './expiry-queue.port';
import { LISTING_STORE } from './listing-store.port';
import { PrismaEventStore } from './postgres/prisma-event-store';
import { PrismaListingStore } from './postgres/prisma-listing-store';
import { PrismaExpiryQueue } from './postgres/prisma-work-queues';

/**
 * The match tables' adapters on the database (src/store holds only the connection, migrations and the group
 * commit, and imports no feature): the event store, the listings and the expiry queue, and the in-process bus of
 * appended events. Global, as the database is: the live streams, the clocks and the bots read them.
 */
@Global()
@Module({
  providers: [
    AppendedEvents,
    {
      provide: EVENT_STORE,
      inject: [DATABASE, APP_CONFIG, Metrics],
      useFactory: (db: Database, config: AppConfig, metrics: Metrics) =>
        new PrismaEventStore(db.prisma, {
          run: (statement) => db.run(statement),
          batchConcurrency: db.kind === 'postgres' ? config.appendBatch : 0, // PGlite runs one statement at a time anyway
          onStatement: metrics.enabled ? (events) => metrics.appendStatement(events) : undefined,
        }),
    },
    { provide: LISTING_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaListingStore(db.prisma) },
    { provide: EXPIRY_QUEUE, inject: [DATABASE], useFactory: (db: Database) => new PrismaExpiryQueue(db.prisma) },
  ],
  exports: [EVENT_STORE, LISTING_STORE, EXPIRY_QUEUE, AppendedEvents],
})
export class MatchStoreModule {}
