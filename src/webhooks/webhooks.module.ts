import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { WebhookDispatcher } from './webhook.dispatcher';
import { WebhooksController } from './webhooks.controller';

/** Webhooks: the outbox's dispatcher and the delivery history. The outbox rows are written with the events (src/matches). */
@Module({ imports: [MatchesModule], controllers: [WebhooksController], providers: [WebhookDispatcher], exports: [WebhookDispatcher] })
export class WebhooksModule {}
