import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import { type AppendEffect, AppendEffects, type MatchChange } from '../matches/append-effects';
import type { OutboxMessage } from '../matches/event-store.port';
import { outboxMessage, webhookTypeOf } from './outbox';
import { OutboxSignal } from './outbox-signal';
import { refuseWebhookUrl } from './webhook-url';

/**
 * The webhooks' part of every append (src/matches/append-effects.ts): the outbox message a change causes, for a
 * match with endpoints, written by the store in the same statement as the events (nothing is lost between the
 * two); then a wake-up of this instance's dispatcher; and the check of an endpoint given at creation.
 */
@Injectable()
export class WebhookEffects implements AppendEffect {
  constructor(
    effects: AppendEffects,
    private readonly signal: OutboxSignal,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    effects.register(this);
  }

  outbox(change: MatchChange): OutboxMessage | null {
    if (!change.webhooks) return null;
    const type = webhookTypeOf(change.before, change.status, change.toMove);
    return (
      type &&
      outboxMessage(type, change.at, {
        game: change.game,
        matchId: change.matchId,
        seq: change.seq,
        status: change.status,
        toMove: change.toMove,
      })
    );
  }

  committed(_change: MatchChange, outbox: boolean): void {
    if (outbox) this.signal.notify();
  }

  refuseEndpoint(url: string): string | null {
    return refuseWebhookUrl(url, this.config.webhookAllowPrivate);
  }
}
