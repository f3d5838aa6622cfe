import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { EXPIRY_QUEUE, type ExpiryQueue } from './expiry-queue.port';
import { MatchRepository } from './match-repository';
import { SeatsService } from './seats.service';
import { Sweeper } from '../sweep/sweep';

/** How many matches one query of the sweep takes. */
const BATCH = 100;

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
export class ExpiryService extends Sweeper<number> {
  constructor(
    @Inject(EXPIRY_QUEUE) private readonly store: ExpiryQueue,
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: MatchRepository,
    private readonly seats: SeatsService,
  ) {
    super('Expiry', { name: 'expiry', everyMs: config.expirySweepSeconds * 1000 });
  }

  /**
   * Aborts every waiting match past its time and every abandoned one at the clock's now (one sweep at a time
   * per instance: a call while one runs joins it); answers how many it aborted.
   */
  sweep(): Promise<number> {
    return this.loop.run();
  }

  protected override async pass(batch = BATCH): Promise<number> {
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
      const events = this.access.decide(engine, loaded, {
        type: 'Abandon',
        now,
        lastEventAt: match.updatedAt.getTime(),
        idleMs,
      });
      if (events.length > 0 && (await this.access.append(engine, loaded, events))) aborted++;
    }
    return aborted;
  }
}
