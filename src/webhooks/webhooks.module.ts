import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { OutboxSignal } from './outbox-signal';
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
  providers: [OutboxSignal, WebhookEffects, WebhookDispatcher],
  exports: [WebhookDispatcher],
})
export class WebhooksModule {}
