import { Inject, Injectable } from '@nestjs/common';
import { randomInt, randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import { botsOf } from '../engine/bots';
import type { AnyEngine } from '../engine/core';
import type { SeatHolder } from '../matches/decider';
import { commitTo } from '../matches/fairness';
import { MatchRepository } from '../matches/match-repository';
import { botDueOf, deadlineOf } from '../matches/projection';
import { newSeed } from '../matches/tokens';
import { Sweeper } from '../sweep/sweep';
import { pairSeeks } from './pairing';
import { SEEK_STORE, type SeekRecord, type SeekStore, type Seating } from './seek-store.port';

/**
 * Pairs waiting seeks in the background, every SEEK_SWEEP_MS, never on a request's path: expires the old ones,
 * then for each game with waiting seeks runs one pairing pass in the database (SeekStore.pair: one instance per
 * game at a time, all or nothing), seating each table in a new match, active at once, its seats in random
 * order. A seek that waited `botAfterSeconds` gets the game's strongest bot (the last listed) in every other seat.
 */
@Injectable()
export class SeekMatcher extends Sweeper<boolean> {
  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(SEEK_STORE) private readonly store: SeekStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: MatchRepository,
  ) {
    super('Seeks', { name: 'seeks', everyMs: config.seekSweepMs, failure: 'seek pairing failed' });
  }

  /**
   * One pass (single flight: a call while one runs joins it). Answers whether this instance paired every game
   * with waiting seeks (false: another instance held a game's lock, and pairs it now).
   */
  sweep(): Promise<boolean> {
    return this.loop.run();
  }

  protected override async pass(): Promise<boolean> {
    await this.store.expire(this.clock.now());
    let all = true;
    for (const game of await this.store.gamesWaiting()) {
      const engine = this.engines.get(game);
      if (!engine) continue;
      let seatings: readonly Seating[] = [];
      const paired = await this.store.pair(game, (waiting) => (seatings = this.seat(engine, waiting)));
      if (paired === null) all = false;
      // Committed: the players' feeds hear of their matches now.
      else
        this.access.created(
          engine,
          seatings.map((s) => s.match),
        );
    }
    return all;
  }

  private seat(engine: AnyEngine, waiting: readonly SeekRecord[]): Seating[] {
    const now = this.clock.now();
    const byId = new Map(waiting.map((s) => [s.id, s]));
    const { tables, againstBot } = pairSeeks(
      waiting.map((s) => ({
        id: s.id,
        playerId: s.playerId,
        pool: s.pool,
        seats: s.seats,
        rating: s.rating,
        ratingRange: s.ratingRange,
        botAfterSeconds: s.botAfterSeconds,
        createdAt: s.createdAt.getTime(),
      })),
      now.getTime(),
    );
    const strongest = botsOf(engine.id).at(-1);
    const seatings: Seating[] = tables.map((ids) =>
      this.table(
        engine,
        ids.map((id) => byId.get(id) as SeekRecord),
        0,
        now,
      ),
    );
    if (strongest)
      for (const id of againstBot)
        seatings.push(
          this.table(engine, [byId.get(id) as SeekRecord], (byId.get(id) as SeekRecord).seats - 1, now, strongest.id),
        );
    return seatings;
  }

  /** A match for these seeks (plus `bots` seats of `bot`), seats shuffled. */
  private table(engine: AnyEngine, seeks: readonly SeekRecord[], bots: number, now: Date, bot?: string): Seating {
    type Sitter = { holder: SeatHolder; seek: SeekRecord | null };
    const sitters: Sitter[] = [
      ...seeks.map((s) => ({ holder: { name: s.name, player: s.playerId, open: false }, seek: s })),
      ...Array.from({ length: bots }, () => ({
        holder: { name: bot as string, player: null, open: false, bot },
        seek: null,
      })),
    ];
    for (let i = sitters.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [sitters[i], sitters[j]] = [sitters[j] as Sitter, sitters[i] as Sitter];
    }
    const first = seeks[0] as SeekRecord;
    const parsed = engine.parseOptions(first.options, sitters.length);
    if (!parsed.ok) throw new Error(`seek ${first.id}: its options no longer parse: ${parsed.error.message}`);
    const decider = this.access.decider(engine);
    const seed = newSeed();
    const holders = sitters.map((s) => s.holder);
    const state = decider.initialState({
      seed,
      options: parsed.value,
      seats: holders,
      expiresAt: null,
      clock: first.clock,
      createdAt: now.getTime(),
    });
    const toMove = decider.toMove(state);
    return {
      match: {
        id: randomUUID(),
        game: engine.id,
        rulesVersion: engine.rulesVersion,
        seed,
        ...commitTo(engine, seed),
        options: parsed.value,
        status: state.status,
        toMove,
        unlisted: false,
        expiresAt: null,
        rematchOf: null,
        clock: first.clock,
        createdAt: now,
        deadlineAt: deadlineOf(state),
        botDueAt: botDueOf(state, toMove, now.getTime()),
        seats: sitters.map((s, seat) => ({ seat, holder: s.holder, tokenHash: s.seek?.tokenHash ?? null })),
      },
      seeks: sitters.flatMap((s, seat) => (s.seek ? [{ id: s.seek.id, seat }] : [])),
    };
  }
}
