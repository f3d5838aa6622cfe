import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { EXPIRY_QUEUE, type ExpiryQueue } from './expiry-queue.port';
import { MatchRepository } from './match-repository';
import { SeatsService } from './seats.service';
import { outage } from '../store/outage';

/**
 * Aborts waiting matches whose wait is over. The deadline is a column of the match row (written at
 * creation, cleared when the match stops waiting), so a restart loses nothing; each abort is a
 * `MatchAborted` event through the decider and the version guard, so two instances never abort twice and
 * a join that lands first wins. A join also expires its match first, so nobody joins a match past its time.
 *
 * The same sweep aborts abandoned matches: active ones without an event for ABANDONED_MATCH_IDLE_SECONDS
 * (`MatchAborted` with reason `abandoned`, again through the decider and the version guard, so a move that
 * lands first keeps its match). The log is never deleted.
 */
@Injectable()
export class ExpiryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Expiry');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(EXPIRY_QUEUE) private readonly store: ExpiryQueue,
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: MatchRepository,
    private readonly seats: SeatsService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.expirySweepSeconds <= 0) return;
    this.timer = setInterval(() => {
      if (outage.skip('expiry')) return; // the database is away: back off (store/outage.ts)
      this.sweep().then(() => outage.ok('expiry'), (error: unknown) => {
        if (!outage.failed('expiry', error)) this.logger.error(`sweep failed: ${(error as Error).message}`);
      });
    }, this.config.expirySweepSeconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Aborts every waiting match past its time and every abandoned one at the clock's now; answers how many it aborted. */
  async sweep(batch = 100): Promise<number> {
    return (await this.expireWaiting(batch)) + (await this.abortAbandoned(batch));
  }

  private async expireWaiting(batch: number): Promise<number> {
    let aborted = 0;
    for (const { id, game } of await this.store.dueToExpire(this.clock.now(), batch)) {
      const engine = this.engines.get(game);
      if (!engine) continue;
      const { match } = await this.access.loadRecord(engine, id);
      const before = await this.access.load(engine, match);
      const after = await this.seats.expireIfDue(engine, before);
      if (after && after.version > before.version) aborted++;
    }
    return aborted;
  }

  private async abortAbandoned(batch: number): Promise<number> {
    const idleMs = this.config.abandonedIdleSeconds * 1000;
    if (idleMs <= 0) return 0;
    const now = this.clock.now().getTime();
    let aborted = 0;
    for (const { id, game } of await this.store.idleActive(new Date(now - idleMs), batch)) {
      const engine = this.engines.get(game);
      if (!engine) continue;
      const { match } = await this.access.loadRecord(engine, id);
      const loaded = await this.access.load(engine, match);
      const events = this.access.decide(engine, loaded, { type: 'Abandon', now, lastEventAt: match.updatedAt.getTime(), idleMs });
      if (events.length > 0 && (await this.access.append(engine, loaded, events))) aborted++;
    }
    return aborted;
  }
}
