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
import { type Seeker, nextChange, pairSeeks } from './pairing';
import {
  type LoadSeeks,
  SEEK_STORE,
  type SeekCandidate,
  type SeekRecord,
  type SeekStore,
  type Seating,
} from './seek-store.port';

/** Re-pairings in one pass when seeks it chose were cancelled meanwhile (each drops at least one seek). */
const MAX_REPLANS = 5;

/**
 * Pairs waiting seeks in the background, every SEEK_SWEEP_MS, never on a request's path: for each game with
 * waiting seeks runs one pairing pass in the database (SeekStore.pair: one instance per game at a time, all or
 * nothing), seating each table in a new match, active at once, its seats in random order; then expires the seeks
 * past their time. A seek that waited `botAfterSeconds` gets the game's strongest bot (the last listed) in every
 * other seat, even when it expires at that moment (botAfterSeconds may equal SEEK_TTL_SECONDS); an expired seek
 * sits at no other table (pairing.ts). The pass reads only the pairing's columns of every waiting seek, and the
 * whole record of the ones it seats (prisma-seek-store.ts).
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

  /**
   * Per game, the digest of the waiting seeks of its last pass and when pairing them could first answer otherwise
   * (pairing.ts nextChange): until then, a pass over the same seeks is skipped after one aggregate query. 3,000
   * waiting seeks that cannot meet took 60–200 ms (read) and 10–70 ms (pairing) a pass on a loaded 2-core machine,
   * every SEEK_SWEEP_MS; GET /games's p99 showed it.
   */
  private readonly quiet = new Map<string, { digest: string; until: number }>();

  protected override async pass(): Promise<boolean> {
    let all = true;
    for (const game of await this.store.gamesWaiting()) {
      const engine = this.engines.get(game);
      if (!engine) continue;
      let digest = '';
      let seated: readonly Seating[] = [];
      const changed = (d: string): boolean => {
        digest = d;
        const last = this.quiet.get(game);
        return !last || last.digest !== d || this.clock.now().getTime() >= last.until;
      };
      const paired = await this.store.pair(
        game,
        async (waiting, load) => {
          const { seatings, until } = await this.seat(engine, waiting, load);
          seated = seatings;
          // Seating anyone changes the set: the next pass reads it again.
          if (seatings.length === 0) this.quiet.set(game, { digest, until });
          else this.quiet.delete(game);
          return seatings;
        },
        changed,
      );
      if (paired === null) all = false;
      // Committed: the players' feeds hear of their matches now.
      else if (seated.length > 0)
        this.access.created(
          engine,
          seated.map((s) => s.match),
        );
    }
    await this.store.expire(this.clock.now());
    return all;
  }

  private async seat(
    engine: AnyEngine,
    waiting: readonly SeekCandidate[],
    load: LoadSeeks,
  ): Promise<{ seatings: Seating[]; until: number }> {
    const now = this.clock.now();
    const strongest = botsOf(engine.id).at(-1);
    let seekers: Seeker[] = waiting.map((s) => ({
      id: s.id,
      playerId: s.playerId,
      pool: s.pool,
      seats: s.seats,
      rating: s.rating,
      ratingRange: s.ratingRange,
      botAfterSeconds: strongest ? s.botAfterSeconds : null,
      createdAt: s.createdAt.getTime(),
      expiresAt: s.expiresAt.getTime(),
    }));
    for (let attempt = 0; ; attempt++) {
      const { tables, againstBot } = pairSeeks(seekers, now.getTime());
      const ids = [...tables.flat(), ...againstBot];
      const byId = await load(ids);
      if (byId.size === ids.length || attempt === MAX_REPLANS) {
        // Seeks that stopped waiting since the read are left out with their tables (paired again next pass).
        const whole = tables.filter((t) => t.every((id) => byId.has(id)));
        const bots = strongest ? againstBot.filter((id) => byId.has(id)) : [];
        return {
          seatings: this.seatings(engine, whole, bots, byId, now),
          until: nextChange(seekers, now.getTime()),
        };
      }
      const chosen = new Set(ids);
      seekers = seekers.filter((s) => !chosen.has(s.id) || byId.has(s.id));
    }
  }

  private seatings(
    engine: AnyEngine,
    tables: readonly (readonly string[])[],
    againstBot: readonly string[],
    byId: ReadonlyMap<string, SeekRecord>,
    now: Date,
  ): Seating[] {
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
