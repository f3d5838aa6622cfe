import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import { CircuitBreakers } from './circuit-breaker';
import { HostBudget, hostOf } from './host-budget';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { OutboxSignal } from './outbox-signal';
import { postWebhook } from './post';
import { nextAttemptAt } from './retry';
import { SlowLane, slowShareOf } from './slow-lane';
import { type DueDelivery, type Settlement, WEBHOOK_STORE, type WebhookStore } from './webhook-store.port';
import { Sweeper } from '../sweep/sweep';

/**
 * A claim lasts twice the attempt's time limit and 5 s more (enough to settle it), so a dispatcher killed
 * mid-attempt holds its deliveries that long at most before another instance takes them.
 */
const leaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5000;

/** A host paused again and again is paused at most this many times WEBHOOK_BREAKER_OPEN_SECONDS at once. */
const MAX_PAUSE_FACTOR = 16;

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
 *
 * And slow hosts share half the pool (slow-lane.ts, issue 35 N4): an attempt to a host that timed out, or one
 * unanswered for WEBHOOK_SLOW_MS, holds a slot of that half; past it the delivery is deferred, or the attempt
 * cut and deferred. A host that times out WEBHOOK_BREAKER_TIMEOUTS times in a row is paused
 * (circuit-breaker.ts): its deliveries are deferred to the pause's end, then one probe goes.
 */
@Injectable()
export class WebhookDispatcher extends Sweeper<boolean> {
  /** Deliveries being posted now (each holds a slot). */
  private inFlight = 0;
  private attempts = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly budget: HostBudget;
  private readonly breakers: CircuitBreakers;
  private readonly lane: SlowLane;

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
    this.breakers = new CircuitBreakers({
      trips: config.webhookBreakerTimeouts,
      openMs: config.webhookBreakerOpenSeconds * 1000,
      maxOpenMs: MAX_PAUSE_FACTOR * config.webhookBreakerOpenSeconds * 1000,
      probeMs: config.webhookTimeoutMs,
    });
    this.lane = new SlowLane(slowShareOf(config.webhookConcurrency));
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
    const t = now.getTime();
    const later = (d: DueDelivery, at: number | null, spreadMs = this.deferMs()): void => {
      deferred.push({ delivery: d, until: new Date(Math.max(at ?? 0, t) + spreadMs) });
    };
    for (const d of due) {
      const host = hostOf(d.url) ?? '';
      // A paused host's delivery waits for its pause to end; a slow host's needs room in the slow half.
      const admit = this.breakers.admit(host, t);
      if (!admit.ok) {
        later(d, admit.until);
        continue;
      }
      // A host not yet seen to answer has one attempt outside the slow half (slow-lane.ts).
      const unproven = !this.lane.proven(host) && this.budget.inFlight(host) > 0;
      const slow = this.breakers.slow(host) || this.lane.slow(host, t) || unproven;
      if (slow && !this.lane.hasRoom()) {
        if (admit.probe) this.breakers.cut(host); // the probe did not go: the next one may
        later(d, null, this.deferMs(this.config.webhookSlowMs));
        continue;
      }
      const take = this.budget.take(host, t);
      if (!take.ok) {
        if (admit.probe) this.breakers.cut(host);
        later(d, take.retryAt);
        continue;
      }
      this.start(d, host, slow);
    }
    await this.store.defer(deferred);
    const full = due.length >= free;
    if (full) this.loop.poke();
    return full;
  }

  /**
   * How long a delivery over its host's concurrent budget waits before it is claimed again: the first retry's
   * delay, at most a second, with ±25% jitter (so the deferred ones do not all come back at once). A slow
   * host's, when the slow half is full, waits about WEBHOOK_SLOW_MS instead: the half frees as its attempts end,
   * and hundreds of a hanging host's deliveries claimed and deferred every few milliseconds would crowd the
   * claims that find the others' (seen: a ninth host's webhooks 2.2-2.7 s late with the short delay).
   */
  private deferMs(base = Math.min(1000, this.config.webhookRetryBaseMs)): number {
    return Math.round(base * (0.75 + (randomInt(2 ** 30) / 2 ** 30) * 0.5));
  }

  private start(d: DueDelivery, host: string, slow: boolean): void {
    this.inFlight++;
    this.attempts++;
    let inLane = slow && this.lane.enter(host);
    const cut = new AbortController();
    // Unanswered for WEBHOOK_SLOW_MS: the attempt is slow, and holds a slot of the slow half, or is cut if that is full.
    const timer = inLane
      ? undefined
      : setTimeout(() => {
          this.lane.sawSlow(host, this.clock.now().getTime() + this.config.webhookTimeoutMs);
          inLane = this.lane.enter(host);
          if (!inLane) cut.abort();
        }, this.config.webhookSlowMs);
    this.deliver(d, host, cut.signal)
      .catch((error: unknown) => this.logger.error(`delivery ${d.messageId} not settled: ${(error as Error).message}`))
      .finally(() => {
        clearTimeout(timer);
        if (inLane) this.lane.leave(host);
        this.inFlight--;
        this.budget.release(host);
        this.pump();
        this.checkIdle();
      });
  }

  private async deliver(d: DueDelivery, host: string, cut: AbortSignal): Promise<void> {
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
      signal: cut,
    });
    if (cut.aborted) {
      // Cut to free its slot: not an attempt of the delivery's, which is deferred (the receiver may have seen
      // the POST: the next one carries the same webhook-id).
      this.breakers.cut(host);
      const until = this.clock.now().getTime() + this.deferMs(this.config.webhookSlowMs);
      await this.store.defer([{ delivery: d, until: new Date(until) }]);
      return;
    }
    this.breakers.record(host, result.timedOut, this.clock.now().getTime());
    if (!result.timedOut) this.lane.answered(host);
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
