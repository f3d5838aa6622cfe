import { availableParallelism } from 'node:os';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import { findBot } from '../engine/bots';
import { type AnyEngine, type Seat, botMove } from '../engine/core';
import type { MatchCommand } from '../matches/decider';
import { MatchPresenter } from '../matches/match-presenter';
import { type Loaded, MatchRepository } from '../matches/match-repository';
import { deadlineOf } from '../matches/projection';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { askHttpBot } from './http-bot.client';
import { askUntilDeadline } from './http-bot-retry';
import { BOT_TURNS, type BotTurnQueue } from './bot-turns.port';
import { HTTP_BOT_DIRECTORY, type HttpBotDirectory } from './http-bot-directory.port';
import { outage } from '../store/outage';
import { Sweeper } from '../sweep/sweep';
import { setTimeout as sleep } from 'node:timers/promises';
import { ThinkPool } from './think-pool';

/** How long a claimed bot turn stays with the instance that claimed it; a crashed instance's claim runs out. */
const LEASE_MS = 30_000;
/** An HTTP bot is sent at most this many legal moves (a Qwirkle list can run to thousands). */
const MAX_LEGAL_MOVES = 2000;

/** How many matches one instance plays at once. */
const MAX_IN_FLIGHT = 32;
/**
 * How many moves a claim plays before it is given back. A bot-vs-bot match would otherwise hold one of the
 * in-flight places to its end, and with every place taken by long matches a player's bot opponent would not
 * answer until one ended. Given back after this many moves, the match is due again at once (its `botDueAt` is
 * its last move's time, later than any match waiting longer, so claims go oldest first) and the freed place
 * claims at once, not at the next tick: a lone bot-vs-bot match pays one claim query per this many moves
 * (a few percent of its appends), while a turn that is due waits at most for this many moves of the matches
 * in flight, not for whole matches.
 */
const MOVES_PER_CLAIM = 8;

/**
 * A bot that thinks (one with `nodesPerSecond`) is given this long a move: a second, the time a person waits
 * for a reply without noticing. The budget is in nodes, converted with the bot's measured rate, so its move
 * stays a pure function of the match and the budget, whatever the machine's load.
 */
const THINK_MS = 1000;
/** Worker threads for the thinking bots' turns: one core is left to the server (at least one, at most two). */
const THINK_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** With a clock, a move takes at most this share of the time left before the deadline. */
const CLOCK_SHARE = 20;

/** The node budget for `thinkMs` of thinking, less when the clock leaves less than `CLOCK_SHARE` times that. */
export function thinkBudget(nodesPerSecond: number, thinkMs: number, deadline: number | null, now: number): number {
  const ms = deadline === null ? thinkMs : Math.min(thinkMs, Math.max(0, deadline - now) / CLOCK_SHARE);
  return Math.max(1, Math.floor((nodesPerSecond * ms) / 1000));
}

/** A claimed match's lease as the runner holds it: every append of its own renews it. */
interface Claim {
  lease: Date;
  /** A lease asked for by an append whose answer was lost (an error): given back too, in case it was written. */
  pending: Date | null;
}

/**
 * Plays the bot seats' turns. A bot turn is a row, not a timer: the match row's `botDueAt`, written by the
 * same statement as the event after which a bot seat is to move. The runner keeps a set of matches in flight:
 * every tick (and whenever a place frees after a claim ran out of moves) it claims up to the free places'
 * number of due matches with `FOR UPDATE SKIP LOCKED` and a lease (two instances never work on one match at
 * once), without waiting for the matches already in flight. Each move is decided by the match decider and
 * appended through the version guard with the idempotency key `bot:<version>`, so a turn is played once even if
 * a lease runs out mid-work; a restart finds the row and plays on. A claim plays on while a bot is to move, up
 * to `MOVES_PER_CLAIM` moves: its own appends renew its lease; any other writer's append releases it, and the
 * runner stops and lets a later claim take the match again. At the end, or on a failure or shutdown, the claim
 * is given back with the latest lease it holds, so any instance can claim the match at once.
 */
@Injectable()
export class BotRunner extends Sweeper<number> {
  private readonly inFlight = new Map<string, Promise<void>>();
  /** How many matches this instance plays at once (tests lower it). */
  maxInFlight = MAX_IN_FLIGHT;
  /** A thinking bot's time a move, before the clock shortens it (tests may lower it). */
  thinkMs = THINK_MS;
  /** Where thinking bots search: worker threads, off the event loop (think-pool.ts). */
  private readonly thinkers = new ThinkPool(THINK_WORKERS, (m) => this.logger.warn(m));

  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HTTP_BOT_DIRECTORY) private readonly httpBots: HttpBotDirectory,
    private readonly access: MatchRepository,
    private readonly presenter: MatchPresenter,
    @Inject(BOT_TURNS) private readonly turns: BotTurnQueue,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    // Claims one at a time per instance; a tick or a freed place during a claim asks for one more after it.
    super('Bots', {
      name: 'bots',
      everyMs: config.botSweepMs,
      atStart: true,
      whileRunning: 'again',
      failure: 'claim failed',
    });
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await Promise.all(this.inFlight.values());
    await this.thinkers.close();
  }

  /** The matches being played now. */
  get playing(): number {
    return this.inFlight.size;
  }

  private get stopping(): boolean {
    return this.loop.stopping;
  }

  /**
   * Claims due bot turns for the free places (one claim at a time per instance: a call while one runs joins it)
   * and starts playing them; answers how many matches it claimed. It does not wait for them.
   */
  claimDue(): Promise<number> {
    return this.loop.run();
  }

  protected override async pass(): Promise<number> {
    const room = this.maxInFlight - this.inFlight.size;
    if (this.stopping || room <= 0) return 0;
    const now = this.access.clock.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const due = await this.turns.claim(now, leaseUntil, room);
    for (const { id, game } of due) {
      if (this.inFlight.has(id)) {
        // Its lease ran out while this instance still plays it (a move slower than a lease): the play in
        // flight goes on under its own lease; this second claim is given back.
        await this.turns
          .release(id, leaseUntil)
          .catch((error: unknown) => outage.releaseLater(error, () => this.turns.release(id, leaseUntil)));
        continue;
      }
      const work = this.playClaimed(id, game, { lease: leaseUntil, pending: null }).then((more) => {
        this.inFlight.delete(id);
        // Given back with moves still to play: claim again now (this match or one waiting longer).
        if (more) this.loop.poke();
      });
      this.inFlight.set(id, work);
    }
    return due.length;
  }

  /** Plays a claimed match and gives the claim back; answers whether a bot is still to move in it. */
  private async playClaimed(id: string, game: string, claim: Claim): Promise<boolean> {
    const engine = this.engines.get(game);
    try {
      return engine ? await this.play(engine, id, claim) : false;
    } catch (error) {
      if (!outage.failed('bots', error)) this.logger.error(`match ${id}: ${(error as Error).message}`);
      return false; // a failed match is tried again at the next tick, not in a loop
    } finally {
      // Done, stopped or failed mid-match: the next claim of any instance takes the turn, not the lease's end
      // (when the database is away, once it is back).
      const release = (lease: Date) =>
        this.turns
          .release(id, lease)
          .catch((error: unknown) => outage.releaseLater(error, () => this.turns.release(id, lease)));
      await release(claim.lease);
      if (claim.pending) await release(claim.pending);
    }
  }

  /**
   * Plays the claimed match's bot turns while a bot is to move and the claim is this instance's, at most
   * `MOVES_PER_CLAIM` of them; answers whether it stopped with a bot still to move.
   */
  private async play(engine: AnyEngine, id: string, claim: Claim): Promise<boolean> {
    const { match } = await this.access.loadRecord(engine, id);
    let loaded = await this.access.load(engine, match);
    for (let moves = 0; !this.stopping; moves++) {
      const seat = this.botToMove(engine, loaded);
      if (seat === null) return false;
      if (moves === MOVES_PER_CLAIM) return true;
      const started = performance.now();
      const command = await this.turn(engine, loaded, seat);
      if (command === null) return false; // stopped mid-turn: given back unplayed, for the next claim
      this.metrics.botTurnTook(
        loaded.state.seats[seat]?.bot === 'http' ? 'http' : 'builtin',
        (performance.now() - started) / 1000,
      );
      const decision = this.access.decider(engine).decide(loaded.state, command);
      const event = decision.ok ? decision.events[0] : undefined;
      if (event === undefined) return false;
      const renewed = new Date(this.access.clock.now().getTime() + LEASE_MS);
      claim.pending = renewed;
      const after = await this.access.append(engine, loaded, [event], {
        idempotencyKey: `bot:${loaded.version}`,
        renewBotLease: renewed,
      });
      claim.pending = null;
      if (!after) return false; // another writer moved first, and its append released the claim
      claim.lease = renewed;
      loaded = after;
    }
    return false;
  }

  private botToMove(engine: AnyEngine, loaded: Loaded): Seat | null {
    const { state } = loaded;
    const owed = state.clock?.autoMove?.seat;
    return (
      this.access
        .decider(engine)
        .toMove(state)
        .find((s) => s !== owed && state.seats[s]?.bot !== undefined) ?? null
    );
  }

  /**
   * The command for a bot's turn: its move, or (an HTTP bot with no legal answer in time) a missed turn; null when
   * a shutdown stopped an HTTP bot's retries (the turn is left to the next claim, not counted against the bot).
   */
  private async turn(engine: AnyEngine, loaded: Loaded, seat: Seat): Promise<MatchCommand | null> {
    const id = loaded.state.seats[seat]?.bot as string;
    const bot = findBot(engine.id, id);
    if (bot) {
      // Deterministic for the match and turn (and the budget); the bot sees only the seat's view (botMove builds it).
      const seed = `${loaded.match.id}:${loaded.version}:${seat}`;
      if (bot.nodesPerSecond === undefined) {
        const move = botMove(engine, bot, loaded.state.game, seat, seed);
        return { type: 'MakeMove', seat, move: engine.encodeMove(move), now: this.access.clock.now().getTime() };
      }
      // A thinking bot searches for a second: in a worker thread, so the event loop goes on meanwhile.
      const budget = thinkBudget(
        bot.nodesPerSecond,
        this.thinkMs,
        deadlineOf(loaded.state)?.getTime() ?? null,
        this.access.clock.now().getTime(),
      );
      const move = await this.thinkers.move({ game: engine.id, bot: id, state: loaded.state.game, seat, seed, budget });
      return { type: 'MakeMove', seat, move, now: this.access.clock.now().getTime() };
    }
    const missed: MatchCommand = { type: 'MissTurn', seat, now: this.access.clock.now().getTime() };
    const endpoint = id === 'http' ? await this.httpBots.endpointFor(loaded.match.id, seat) : null;
    if (!endpoint) return missed;
    const now = this.access.clock.now().getTime();
    const clockDeadline = deadlineOf(loaded.state)?.getTime() ?? Infinity;
    // The turn's deadline: the tournament's botTimeoutMs, else the server's, from now; never past the clock's
    // (docs/api.md "Bots and tournaments"). Every attempt of the turn fits in it.
    const deadline = Math.min(clockDeadline, now + (endpoint.timeoutMs ?? this.config.botHttpTimeoutMs));
    const legalMoves: unknown[] = [];
    for (const m of engine.legalMoves(loaded.state.game, seat)) {
      legalMoves.push(engine.encodeMove(m));
      if (legalMoves.length === MAX_LEGAL_MOVES) break;
    }
    const turn = {
      game: engine.id,
      matchId: loaded.match.id,
      seat,
      version: loaded.version,
      match: this.presenter.respond(engine, loaded, seat),
      legalMoves,
      deadlineAt: new Date(deadline).toISOString(),
    };
    // A failed answer (an error status, a refused connection, a body that is not a move) is asked again with
    // backoff until the deadline (http-bot-retry.ts); only the deadline forfeits. An illegal move is not asked
    // again: it misses the turn at once, as a late one does.
    // Each attempt is one request, counted as it ends: a failed one at once (so the entrant's failures show
    // while the turn goes on), the answer with a move once it is judged.
    const ask = async (timeoutMs: number) => {
      const attempt = await askHttpBot(endpoint, turn, timeoutMs, this.config.webhookAllowPrivate);
      if (!attempt.ok) await this.httpBots.recordCall(endpoint, { latencyMs: attempt.latencyMs, failed: true });
      return attempt;
    };
    const { answer, attempts, stopped } = await askUntilDeadline(
      ask,
      deadline,
      {
        now: () => this.access.clock.now().getTime(),
        sleep: (ms) => sleep(ms).then(() => undefined),
        random: Math.random,
      },
      () => this.stopping,
    );
    const at = this.access.clock.now().getTime();
    const move: MatchCommand = { type: 'MakeMove', seat, move: answer.ok ? answer.move : null, now: at };
    const legal = answer.ok && at <= deadline && this.access.decider(engine).decide(loaded.state, move).ok;
    if (answer.ok) await this.httpBots.recordCall(endpoint, { latencyMs: answer.latencyMs, failed: !legal });
    if (stopped && !legal) return null;
    if (!legal)
      this.logger.warn(
        `match ${loaded.match.id}: HTTP bot at seat ${seat} missed its turn after ${attempts.length} request(s): ${answer.ok ? 'late or illegal move' : answer.why}`,
      );
    return legal ? move : { ...missed, now: at };
  }
}
