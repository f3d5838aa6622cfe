/**
 * What an append causes beyond its events, declared here and provided by the features that care (a feature
 * depends on the match core, never the reverse): webhooks put an outbox message in the append's own statement
 * (src/webhooks/webhook-effects.ts), live wakes whoever waits on the match (src/live/live-effects.ts).
 * Each provider registers itself at start-up; the core calls them all.
 */
import { Injectable } from '@nestjs/common';
import type { MatchStatus, OutboxMessage } from './event-store.port';

/** A change of a match: its creation (`before` null, `seq` 0) or the events of one append. */
export interface MatchChange {
  readonly game: string;
  readonly matchId: string;
  /** The last event's seq: the match's version after the change. */
  readonly seq: number;
  /** The time of the change (the server's clock). */
  readonly at: Date;
  readonly before: MatchStatus | null;
  readonly status: MatchStatus;
  readonly toMove: readonly number[];
  /** Whether the match has webhook endpoints. */
  readonly webhooks: boolean;
  /** The players the change gave a seat (all of them at a creation, the joiner on a join): their feeds learn of the match. */
  readonly seated?: readonly string[];
}

export interface AppendEffect {
  /** The outbox message the change causes, written in the same statement (or transaction) as its events; null for none. */
  outbox?(change: MatchChange): OutboxMessage | null;
  /** After the change committed; `outbox` says whether it wrote an outbox message. Must not throw or block. */
  committed?(change: MatchChange, outbox: boolean): void;
  /** Why a webhook endpoint given at creation is refused, or null. */
  refuseEndpoint?(url: string): string | null;
}

/** The token (a class, so Nest injects it by type): the effects every append runs, as the features registered them. */
@Injectable()
export class AppendEffects {
  private readonly effects: AppendEffect[] = [];

  /** A registry holding `effects` (for a match core built without Nest: unit tests). */
  static of(...effects: AppendEffect[]): AppendEffects {
    const registry = new AppendEffects();
    for (const effect of effects) registry.register(effect);
    return registry;
  }

  register(effect: AppendEffect): void {
    this.effects.push(effect);
  }

  outbox(change: MatchChange): OutboxMessage | undefined {
    for (const effect of this.effects) {
      const message = effect.outbox?.(change);
      if (message) return message;
    }
    return undefined;
  }

  committed(change: MatchChange, outbox: boolean): void {
    for (const effect of this.effects) effect.committed?.(change, outbox);
  }

  refuseEndpoint(url: string): string | null {
    for (const effect of this.effects) {
      const refused = effect.refuseEndpoint?.(url);
      if (refused) return refused;
    }
    return null;
  }
}
