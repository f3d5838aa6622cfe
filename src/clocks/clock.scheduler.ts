import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { fromMatchError } from '../matches/match-errors';
import { MatchRepository } from '../matches/match-repository';
import { deadlineOf } from '../matches/projection';
import { DEADLINES, type DeadlineQueue } from './deadlines.port';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { outage } from '../store/outage';
import { Sweeper } from '../sweep/sweep';

/** How long a claimed deadline stays with the instance that claimed it; a crashed instance's claim runs out. */
const LEASE_MS = 30_000;
/** A timeout with `random` is two events (TimedOut, then the server's move); a few more would be a bug. */
const MAX_EVENTS_PER_DEADLINE = 4;
/** How many due deadlines one claim takes. */
const BATCH = 100;

/**
 * Applies clock deadlines that have passed. The deadline is a column of the match row, written by the same
 * statement as each event (so a restart loses nothing); each sweep claims due matches with `FOR UPDATE SKIP
 * LOCKED` and a lease (so two instances do not work on the same one), and every timeout is decided by the
 * match decider and appended through the version guard like a move (so a last-second move and the timeout
 * have exactly one winner, and nothing is applied twice even if a lease runs out mid-work). The first sweep
 * runs at start-up: deadlines that passed while no server ran fire then.
 */
@Injectable()
export class ClockScheduler extends Sweeper<number> {
  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly access: MatchRepository,
    @Inject(DEADLINES) private readonly deadlines: DeadlineQueue,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    super('Clocks', { name: 'clocks', everyMs: config.clockSweepMs, atStart: true });
  }

  /** Applies every deadline due at the clock's now (one sweep at a time per instance); answers the events appended. */
  sweep(): Promise<number> {
    return this.loop.run();
  }

  protected override async pass(batch = BATCH): Promise<number> {
    let appended = 0;
    for (;;) {
      const now = this.access.clock.now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const due = await this.deadlines.claim(now, leaseUntil, batch);
      let failed = false;
      let unavailable: unknown = null; // a pg or Prisma error
      for (const { id, game } of due) {
        const engine = this.engines.get(game);
        try {
          if (engine) appended += await this.applyDue(engine, id);
        } catch (error) {
          // One match's failure does not hold up the others' deadlines; its claim is given back below.
          if (outage.failed('clocks', error)) unavailable = error;
          else this.logger.error(`match ${id}: ${(error as Error).message}`);
          failed = true;
        } finally {
          // A release the database could not take is run when it is back: a lease left behind would hold the
          // deadline until it expires (issue 28 saw one fire 30 s late).
          await this.deadlines
            .release(id, leaseUntil)
            .catch((error: unknown) => outage.releaseLater(error, () => this.deadlines.release(id, leaseUntil)));
        }
      }
      if (unavailable) throw unavailable as Error; // the sweep failed for the database: back off
      if (due.length < batch || failed) return appended; // a failed match is tried again at the next sweep, not in a loop
    }
  }

  /** Decides and appends what the clock says for one match now; a lost race means another writer moved it first. */
  async applyDue(engine: AnyEngine, id: string): Promise<number> {
    let appended = 0;
    for (let i = 0; i < MAX_EVENTS_PER_DEADLINE; i++) {
      const { match } = await this.access.loadRecord(engine, id);
      const loaded = await this.access.load(engine, match);
      const decision = this.access.decider(engine).decide(loaded.state, {
        type: 'Timeout',
        now: this.access.clock.now().getTime(),
        pick: randomInt(2 ** 30) / 2 ** 30,
      });
      if (!decision.ok) throw fromMatchError(decision.error);
      const [event] = decision.events;
      if (event === undefined) return appended;
      const after = await this.access.append(engine, loaded, [event]);
      if (!after) continue;
      appended++;
      const deadline = deadlineOf(loaded.state);
      if (event.type === 'TimedOut' && deadline !== null)
        this.metrics.clockFired((this.access.clock.now().getTime() - deadline.getTime()) / 1000);
    }
    return appended;
  }
}
