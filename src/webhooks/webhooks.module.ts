import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { OutboxSignal } from './outbox-signal';
import { Metrics } from '../metrics/metrics';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { PrismaWebhookStore } from './prisma-webhook-store';
import { WEBHOOK_STORE } from './webhook-store.port';
import { WebhookDispatcher } from './webhook.dispatcher';
import { WebhookEffects } from './webhook-effects';
import { WebhooksController } from './webhooks.controller';

/**
 * Webhooks: the outbox's dispatcher and the delivery history. The outbox rows are written with the events, in
 * the append's statement: WebhookEffects gives the match core the message (src/matches/append-effects.ts).
 */
@Module({
  imports: [MatchesModule],
  controllers: [WebhooksController],
  providers: [
    OutboxSignal,
    WebhookEffects,
    WebhookDispatcher,
    {
      provide: WEBHOOK_STORE,
      inject: [DATABASE, Metrics],
      useFactory: (db: Database, metrics: Metrics) => {
        const store = new PrismaWebhookStore(db.prisma);
        metrics.source('outbox', () => store.outboxStats());
        return store;
      },
    },
  ],
  exports: [WebhookDispatcher, WEBHOOK_STORE],
})
export class WebhooksModule {}
