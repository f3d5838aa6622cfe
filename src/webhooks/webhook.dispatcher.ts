import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { OutboxSignal } from './outbox-signal';
import { postWebhook } from './post';
import { nextAttemptAt } from './retry';
import { type DueDelivery, type Settlement, WEBHOOK_STORE, type WebhookStore } from './webhook-store.port';

/** Deliveries claimed (and posted concurrently) per round. */
const BATCH = 64;
/**
 * A claim lasts twice the attempt's time limit and 5 s more (enough to settle it), so a dispatcher killed
 * mid-attempt holds its deliveries that long at most before another instance takes them.
 */
const leaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5000;

/**
 * Posts the outbox. Every instance runs one: each round claims due deliveries with `FOR UPDATE SKIP LOCKED`
 * and a lease, posts them signed (Standard Webhooks, the same webhook-id on every attempt), and settles each
 * in one transaction with its attempt: delivered on 2xx, disabled with its endpoint on 410, else retried with
 * backoff until the retry window closes. At least once: a crash between the POST and the settlement means
 * the lease runs out and the delivery is posted again, with the same webhook-id, for the receiver to dedupe.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(WEBHOOK_STORE) private readonly store: WebhookStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signal: OutboxSignal,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    signal.listen(() => {
      if (this.config.webhookPollMs > 0) this.kick();
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.webhookPollMs <= 0) return;
    this.kick();
    this.timer = setInterval(() => this.kick(), this.config.webhookPollMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private kick(): void {
    if (this.stopped) return;
    this.dispatch().catch((error: unknown) => this.logger.error(`dispatch failed: ${(error as Error).message}`));
  }

  /** Posts every due delivery (rounds until none is left); answers how many attempts were made. Joins a round already running. */
  dispatch(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rounds().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async rounds(): Promise<number> {
    let attempts = 0;
    do {
      this.again = false;
      for (;;) {
        const now = this.clock.now();
        const due = await this.store.claimDue(now, new Date(now.getTime() + leaseMs(this.config.webhookTimeoutMs)), BATCH);
        await Promise.all(due.map((d) => this.deliver(d)));
        attempts += due.length;
        if (due.length < BATCH || this.stopped) break;
      }
    } while (this.again && !this.stopped);
    return attempts;
  }

  private async deliver(d: DueDelivery): Promise<void> {
    const at = this.clock.now();
    const headers = {
      'webhook-id': d.messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(d.secret).sign(d.messageId, at, d.body),
    };
    const started = process.hrtime.bigint();
    const result = await postWebhook(d.url, headers, d.body, { timeoutMs: this.config.webhookTimeoutMs, allowPrivate: this.config.webhookAllowPrivate });
    const durationMs = Number((process.hrtime.bigint() - started) / 1_000_000n);
    const n = d.attempts + 1;
    const code = result.statusCode;
    let settlement: Settlement;
    if (code !== null && code >= 200 && code < 300) settlement = { status: 'delivered' };
    else if (code === 410) settlement = { status: 'disabled' };
    else {
      const next = nextAttemptAt({
        attempt: n, now: this.clock.now().getTime(), createdAt: d.createdAt.getTime(), baseMs: this.config.webhookRetryBaseMs,
        windowMs: this.config.webhookRetryWindowSeconds * 1000, random: randomInt(2 ** 30) / 2 ** 30, retryAfter: result.retryAfter,
      });
      settlement = next === null ? { status: 'failed' } : { status: 'pending', nextAttemptAt: new Date(next) };
    }
    const error = result.error ?? (settlement.status === 'delivered' ? null : `HTTP ${code}`);
    const settled = await this.store.settle(d, { n, at, statusCode: code, error: error?.slice(0, 500) ?? null, durationMs }, settlement);
    if (settled) this.metrics.webhookSettled(settlement.status === 'delivered' ? 'delivered' : settlement.status === 'pending' ? 'failed' : 'gave_up');
  }
}
