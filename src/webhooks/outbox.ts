/**
 * Which webhook message an event causes, and its exact body (docs/api.md "Webhooks"). Thin on purpose: the match's
 * public coordinates only (never a view, a hand or a move), so a receiver re-reads the match with its own
 * credential. The body is built once, stored in the outbox row, and posted and signed as stored.
 */
import type { MatchStatus, OutboxMessage } from '../matches/event-store.port';

export type WebhookType = 'match.started' | 'turn.started' | 'match.finished';

/** `match.started` when the match becomes active; `turn.started` after every later event with a seat to move; `match.finished` when it ends (finished, or aborted before it started). */
export function webhookTypeOf(
  before: MatchStatus | null,
  after: MatchStatus,
  toMove: readonly number[],
): WebhookType | null {
  if (after === 'finished' || after === 'aborted') return before === after ? null : 'match.finished';
  if (after !== 'active') return null;
  if (before !== 'active') return 'match.started';
  return toMove.length > 0 ? 'turn.started' : null;
}

export interface WebhookEventData {
  readonly game: string;
  readonly matchId: string;
  /** The event's seq (0 for a match that started at its creation); also the version after it. */
  readonly seq: number;
  readonly status: MatchStatus;
  readonly toMove: readonly number[];
}

export function outboxMessage(type: WebhookType, at: Date, data: WebhookEventData): OutboxMessage {
  const body = JSON.stringify({
    type,
    timestamp: at.toISOString(),
    data: {
      game: data.game,
      matchId: data.matchId,
      seq: data.seq,
      version: data.seq,
      status: data.status,
      toMove: [...data.toMove],
    },
  });
  return { type, messageId: `msg_${data.matchId.replace(/-/g, '')}_${data.seq}`, body };
}
