import type { OutboxStats } from '../metrics/metrics';

/** The webhooks' port to the store: the outbox rows are written by the event store's append; this reads and settles them. */

export interface DueDelivery {
  readonly id: string;
  readonly matchId: string;
  readonly url: string;
  readonly secret: string;
  /** webhook-id: the same on every attempt. */
  readonly messageId: string;
  readonly body: string;
  /** Attempts made before this one. */
  readonly attempts: number;
  readonly createdAt: Date;
}

export interface Attempt {
  readonly n: number;
  readonly at: Date;
  /** The HTTP status of the answer; null when there was none (refused, timed out, unreachable). */
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export type Settlement =
  | { readonly status: 'delivered' }
  | { readonly status: 'pending'; readonly nextAttemptAt: Date }
  /** Retried for the whole window: given up. */
  | { readonly status: 'failed' }
  /** The receiver answered 410 Gone: the endpoint is disabled, and its other pending deliveries with it. */
  | { readonly status: 'disabled' };

export interface DeliveryRecord {
  readonly messageId: string;
  readonly url: string;
  readonly seq: number;
  readonly type: string;
  readonly status: string;
  readonly createdAt: Date;
  readonly nextAttemptAt: Date;
  readonly deliveredAt: Date | null;
  readonly attempts: readonly Attempt[];
}

export interface WebhookStore {
  /** Due pending deliveries no other dispatcher holds, claimed with FOR UPDATE SKIP LOCKED and leased until `leaseUntil`. */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueDelivery[]>;
  /** Records the attempt and settles the delivery, in one transaction; a no-op (false) if another dispatcher settled it first. */
  settle(delivery: DueDelivery, attempt: Attempt, settlement: Settlement): Promise<boolean>;
  /**
   * Gives claimed deliveries back, due again at their `until`, with no attempt recorded (over the per-host
   * budget). Guarded like `settle`: a row another dispatcher settled meanwhile is left as it is.
   */
  defer(deliveries: readonly { readonly delivery: DueDelivery; readonly until: Date }[]): Promise<void>;
  /** The deliveries not yet settled: how many, and since when the oldest waits (the metrics read it at scrape time). */
  outboxStats(): Promise<OutboxStats>;
  /** The secrets of the match's endpoints (null when the match does not exist). */
  secretsOf(matchId: string): Promise<string[] | null>;
  /** The match's deliveries in event order, each with its attempts. */
  history(matchId: string): Promise<DeliveryRecord[]>;
}

export const WEBHOOK_STORE = Symbol('WEBHOOK_STORE');
