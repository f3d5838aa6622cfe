import { Inject, Injectable, Optional } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { MatchRepository } from '../matches/match-repository';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { pointsOf, ranksOf } from '../ratings/ranks';
import { arenaRound } from './rounds';
import { TOURNAMENT_STORE, type TournamentRecord, type TournamentStore } from './tournament-store.port';
import { TournamentService } from './tournament.service';
import { outage } from '../store/outage';
import { Sweeper } from '../sweep/sweep';
import { classifyDatabaseError } from '../store/db-unavailable';

const LEASE_MS = 30_000;

/**
 * Moves running tournaments on: writes each ended match's points (from its log, replayed), and when every
 * match of the last round has ended, creates the next round whole (or finishes the tournament). Work is
 * found in rows, not timers: running tournaments are claimed with FOR UPDATE SKIP LOCKED and a lease; a
 * round is created once (its row count is checked under the tournament's row lock), whichever instance
 * gets there. A round ends because its matches do: the clocks (a tournament's time control) see to that.
 */
@Injectable()
export class TournamentDirector extends Sweeper<void> {
  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(TOURNAMENT_STORE) private readonly store: TournamentStore,
    private readonly tournaments: TournamentService,
    private readonly access: MatchRepository,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    // atStart: a round that ended while no instance ran is moved on now, not a period later.
    super('Tournaments', { name: 'tournaments', everyMs: config.tournamentSweepMs, atStart: true });
  }

  sweep(): Promise<void> {
    return this.loop.run();
  }

  protected override async pass(): Promise<void> {
    const now = this.access.clock.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    for (const id of await this.store.claim(now, leaseUntil, 20)) {
      try {
        await this.advance(id);
      } catch (error) {
        if (!outage.failed('tournaments', error)) this.logger.error(`tournament ${id}: ${(error as Error).message}`);
      } finally {
        await this.store.release(id, leaseUntil).catch((error: unknown) => {
          if (!classifyDatabaseError(error)) throw error;
          outage.releaseLater(error, () => this.store.release(id, leaseUntil));
        });
      }
    }
  }

  private async advance(id: string): Promise<void> {
    for (const { matchId, game } of await this.store.endedWithoutResult(id)) {
      const engine = this.engines.get(game) as AnyEngine;
      const { match } = await this.access.loadRecord(engine, matchId);
      const { state } = await this.access.load(engine, match);
      const outcome = this.access.decider(engine).outcome(state);
      // An aborted match (it cannot wait: every seat is held at creation) scores nothing for anyone.
      const points = outcome ? pointsOf(ranksOf(outcome, state.seats.length, state.left)) : state.seats.map(() => 0);
      await this.store.setResult(matchId, { points, endedAt: match.updatedAt.getTime() });
    }
    const t = await this.store.load(id);
    if (!t || t.status !== 'running') return;
    // Not started yet (POST /tournaments `startsAt`): its first round, so its first match and turn, waits.
    if (t.roundsCreated === 0 && t.startsAt !== null && this.access.clock.now() < t.startsAt) return;
    if (t.format === 'arena') {
      await this.advanceArena(t);
      return;
    }
    if (t.matches.some((m) => m.round === t.roundsCreated && m.result === null)) return;
    const engine = this.engines.get(t.game) as AnyEngine;
    if (t.roundsCreated >= (await this.tournaments.plannedRounds(t))) {
      await this.store.finish(id);
      return;
    }
    const round = await this.tournaments.nextRound(engine, t);
    if (round.length === 0) {
      await this.store.finish(id);
      return;
    }
    const matches = this.tournaments.roundMatches(engine, t, round);
    // Counted once the round's transaction committed (false: another director created it).
    if (await this.store.createRound(id, t.roundsCreated + 1, matches)) {
      this.metrics.matchesCreated(engine.id, matches.length);
      this.access.created(
        engine,
        matches.map((m) => m.match),
      );
    }
  }

  /**
   * An arena: until its end, pairs every free entrant again at once (arenaRound); from its end, pairs nobody
   * and finishes once the matches still running have ended.
   */
  private async advanceArena(t: TournamentRecord): Promise<void> {
    const engine = this.engines.get(t.game) as AnyEngine;
    if (this.access.clock.now() >= (t.endsAt as Date)) {
      if (t.matches.every((m) => m.result !== null)) await this.store.finish(t.id);
      return;
    }
    const round = arenaRound(t);
    if (round.length === 0) return;
    const matches = this.tournaments.roundMatches(engine, t, round);
    if (await this.store.createRound(t.id, t.roundsCreated + 1, matches))
      this.access.created(
        engine,
        matches.map((m) => m.match),
      );
  }
}
