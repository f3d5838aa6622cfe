import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import { HostBudget, hostOf } from './host-budget';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { OutboxSignal } from './outbox-signal';
import { postWebhook } from './post';
import { nextAttemptAt } from './retry';
import { type DueDelivery, type Settlement, WEBHOOK_STORE, type WebhookStore } from './webhook-store.port';
import { Sweeper } from '../sweep/sweep';

/**
 * A claim lasts twice the attempt's time limit and 5 s more (enough to settle it), so a dispatcher killed
 * mid-attempt holds its deliveries that long at most before another instance takes them.
 */
const leaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5000;

/**
 * Posts the outbox. Every instance runs one: a pool of WEBHOOK_CONCURRENCY slots. Due deliveries are claimed
 * with `FOR UPDATE SKIP LOCKED` and a lease, as many as there are free slots; each is posted signed (Standard
 * Webhooks, the same webhook-id on every attempt) and settled in one transaction with its attempt: delivered on
 * 2xx, disabled with its endpoint on 410, else retried with backoff until the retry window closes. A delivery
 * that ends frees its slot at once and the pool claims again, so one receiver that never answers holds its
 * slots only: the batches of 64 this replaced waited for their slowest member (issue 25, M8: 128 deliveries to
 * a silent receiver delayed other matches' webhooks by 19–28 s). At least once: a crash between the POST and
 * the settlement means the lease runs out and the delivery is posted again, with the same webhook-id, for the
 * receiver to dedupe.
 *
 * Each host has a budget besides (host-budget.ts): WEBHOOK_HOST_CONCURRENCY attempts in flight and
 * WEBHOOK_HOST_PER_MINUTE started a minute. A claimed delivery over its host's budget is deferred: given back
 * with a later due time and no attempt recorded, so it neither fails nor spends its retries.
 */
@Injectable()
export class WebhookDispatcher extends Sweeper<boolean> {
  /** Deliveries being posted now (each holds a slot). */
  private inFlight = 0;
  private attempts = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly budget: HostBudget;

  constructor(
    @Inject(WEBHOOK_STORE) private readonly store: WebhookStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    signal: OutboxSignal,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    // The claims, one at a time; a poke during a claim (work written, a slot freed, a tick) asks for one more
    // once it ends. None while every slot is taken (`ready`): a slot that frees up pokes again.
    super('Webhooks', {
      name: 'webhooks',
      everyMs: config.webhookPollMs,
      atStart: true,
      whileRunning: 'again',
      failure: 'claim failed',
    });
    this.budget = new HostBudget(config.webhookHostConcurrency, config.webhookHostPerMinute);
    signal.listen(() => {
      if (this.config.webhookPollMs > 0) this.pump();
    });
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await this.whenIdle(); // the attempts in flight are settled (each ends within WEBHOOK_TIMEOUT_MS)
  }

  /**
   * Posts every due delivery: claims until a claim finds fewer than the free slots, and answers, once nothing
   * is in flight, how many attempts were started meanwhile.
   */
  async dispatch(): Promise<number> {
    const before = this.attempts;
    this.pump();
    await this.whenIdle();
    return this.attempts - before;
  }

  private whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  protected override settled(): void {
    this.checkIdle();
  }

  protected override ready(): boolean {
    return this.free() > 0;
  }

  private checkIdle(): void {
    if (this.inFlight > 0 || this.loop.busy) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private free(): number {
    return this.config.webhookConcurrency - this.inFlight;
  }

  /** Fills the free slots with due deliveries (or asks the claim in progress to run once more). */
  private pump(): void {
    this.loop.poke(); // none while the database is away: back off (store/outage.ts)
  }

  /**
   * Claims up to the free slots' number of due deliveries and starts those within their host's budget; the
   * others are deferred. Answers whether the claim was full (then it claims again at once: more may be due).
   */
  protected override async pass(): Promise<boolean> {
    const free = this.free();
    if (free <= 0) return false;
    const now = this.clock.now();
    const due = await this.store.claimDue(now, new Date(now.getTime() + leaseMs(this.config.webhookTimeoutMs)), free);
    this.budget.prune(now.getTime());
    const deferred: { delivery: DueDelivery; until: Date }[] = [];
    for (const d of due) {
      const host = hostOf(d.url) ?? '';
      const take = this.budget.take(host, now.getTime());
      if (take.ok) this.start(d, host);
      else deferred.push({ delivery: d, until: new Date(Math.max(take.retryAt ?? 0, now.getTime() + this.deferMs())) });
    }
    await this.store.defer(deferred);
    const full = due.length >= free;
    if (full) this.loop.poke();
    return full;
  }

  /**
   * How long a delivery over its host's concurrent budget waits before it is claimed again: the first retry's
   * delay, at most a second, with ±25% jitter (so the deferred ones do not all come back at once).
   */
  private deferMs(): number {
    return Math.round(Math.min(1000, this.config.webhookRetryBaseMs) * (0.75 + (randomInt(2 ** 30) / 2 ** 30) * 0.5));
  }

  private start(d: DueDelivery, host: string): void {
    this.inFlight++;
    this.attempts++;
    this.deliver(d)
      .catch((error: unknown) => this.logger.error(`delivery ${d.messageId} not settled: ${(error as Error).message}`))
      .finally(() => {
        this.inFlight--;
        this.budget.release(host);
        this.pump();
        this.checkIdle();
      });
  }

  private async deliver(d: DueDelivery): Promise<void> {
    const at = this.clock.now();
    const headers = {
      'webhook-id': d.messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(d.secret).sign(d.messageId, at, d.body),
    };
    const started = process.hrtime.bigint();
    const result = await postWebhook(d.url, headers, d.body, {
      timeoutMs: this.config.webhookTimeoutMs,
      allowPrivate: this.config.webhookAllowPrivate,
    });
    const durationMs = Number((process.hrtime.bigint() - started) / 1_000_000n);
    const n = d.attempts + 1;
    const code = result.statusCode;
    let settlement: Settlement;
    if (code !== null && code >= 200 && code < 300) settlement = { status: 'delivered' };
    else if (code === 410) settlement = { status: 'disabled' };
    else {
      const next = nextAttemptAt({
        attempt: n,
        now: this.clock.now().getTime(),
        createdAt: d.createdAt.getTime(),
        baseMs: this.config.webhookRetryBaseMs,
        windowMs: this.config.webhookRetryWindowSeconds * 1000,
        random: randomInt(2 ** 30) / 2 ** 30,
        retryAfter: result.retryAfter,
      });
      settlement = next === null ? { status: 'failed' } : { status: 'pending', nextAttemptAt: new Date(next) };
    }
    const error = result.error ?? (settlement.status === 'delivered' ? null : `HTTP ${code}`);
    const settled = await this.store.settle(
      d,
      { n, at, statusCode: code, error: error?.slice(0, 500) ?? null, durationMs },
      settlement,
    );
    if (settled)
      this.metrics.webhookSettled(
        settlement.status === 'delivered' ? 'delivered' : settlement.status === 'pending' ? 'failed' : 'gave_up',
      );
  }
}
