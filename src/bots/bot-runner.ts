import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import { findBot } from '../engine/bots';
import { type AnyEngine, type Seat, botMove } from '../engine/core';
import type { MatchCommand } from '../matches/decider';
import { type Loaded, MatchAccess, deadlineOf } from '../matches/match-access';
import { askHttpBot } from './http-bot.client';
import { HTTP_BOT_DIRECTORY, type HttpBotDirectory } from './http-bot-directory.port';

/** How long a claimed bot turn stays with the instance that claimed it; a crashed instance's claim runs out. */
const LEASE_MS = 30_000;
/** An HTTP bot is sent at most this many legal moves (a Qwirkle list can run to thousands). */
const MAX_LEGAL_MOVES = 2000;

/**
 * Plays the bot seats' turns. A bot turn is a row, not a timer: the match row's `botDueAt`, written by the
 * same statement as the event after which a bot seat is to move. Each sweep claims due matches with `FOR
 * UPDATE SKIP LOCKED` and a lease (two instances never work on one match at once), and each move is decided
 * by the match decider and appended through the version guard with the idempotency key `bot:<version>`, so a
 * turn is played once even if a lease runs out mid-work; a restart finds the row and plays on. The runner keeps
 * playing a match while a bot is to move (its own appends keep its claim; any other writer's append releases
 * it, and the runner stops and lets the next sweep claim the match again), so bot-vs-bot matches run without
 * waiting for sweeps, at one query a move.
 */
@Injectable()
export class BotRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Bots');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;
  private stopping = false;

  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HTTP_BOT_DIRECTORY) private readonly httpBots: HttpBotDirectory,
    private readonly access: MatchAccess,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.botSweepMs <= 0) return;
    const tick = (): void => {
      this.sweep().catch((error: unknown) => this.logger.error(`sweep failed: ${(error as Error).message}`));
    };
    tick();
    this.timer = setInterval(tick, this.config.botSweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Plays every bot turn due now (one sweep at a time per instance); answers the events appended. */
  sweep(batch = 32): Promise<number> {
    this.running ??= this.sweepOnce(batch).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sweepOnce(batch: number): Promise<number> {
    let appended = 0;
    while (!this.stopping) {
      const now = this.access.clock.now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const due = await this.access.store.claimBotTurns(now, leaseUntil, batch);
      let failed = false;
      const counts = await Promise.all(due.map(async ({ id, game }) => {
        const engine = this.engines.get(game);
        try {
          return engine ? await this.play(engine, id) : 0;
        } catch (error) {
          this.logger.error(`match ${id}: ${(error as Error).message}`);
          failed = true;
          return 0;
        } finally {
          // Stopped or failed mid-match: the next sweep of any instance takes the turn, not the lease's end.
          await this.access.store.releaseClaim('bot', id, leaseUntil).catch(() => undefined);
        }
      }));
      appended += counts.reduce((a, b) => a + b, 0);
      if (due.length < batch || failed) return appended; // a failed match is tried again at the next sweep, not in a loop
    }
    return appended;
  }

  /** Plays the claimed match's bot turns while a bot is to move and the claim is this instance's. */
  private async play(engine: AnyEngine, id: string): Promise<number> {
    let appended = 0;
    const { match } = await this.access.loadRecord(engine, id);
    let loaded = await this.access.load(engine, match);
    while (!this.stopping) {
      const seat = this.botToMove(engine, loaded);
      if (seat === null) return appended;
      const command = await this.turn(engine, loaded, seat);
      const decision = this.access.decider(engine).decide(loaded.state, command);
      const event = decision.ok ? decision.events[0] : undefined;
      if (event === undefined) return appended;
      const after = await this.access.append(engine, loaded, [event], { idempotencyKey: `bot:${loaded.version}`, keepBotLease: true });
      if (!after) return appended; // another writer moved first, and its append released the claim
      appended++;
      loaded = after;
    }
    return appended;
  }

  private botToMove(engine: AnyEngine, loaded: Loaded): Seat | null {
    const { state } = loaded;
    const owed = state.clock?.autoMove?.seat;
    return this.access.decider(engine).toMove(state).find((s) => s !== owed && state.seats[s]?.bot !== undefined) ?? null;
  }

  /** The command for a bot's turn: its move, or (an HTTP bot with no legal answer in time) a missed turn. */
  private async turn(engine: AnyEngine, loaded: Loaded, seat: Seat): Promise<MatchCommand> {
    const id = loaded.state.seats[seat]?.bot as string;
    const bot = findBot(engine.id, id);
    if (bot) {
      // Deterministic for the match and turn; the bot sees only the seat's view (botMove builds it).
      const move = botMove(engine, bot, loaded.state.game, seat, `${loaded.match.id}:${loaded.version}:${seat}`);
      return { type: 'MakeMove', seat, move: engine.encodeMove(move), now: this.access.clock.now().getTime() };
    }
    const missed: MatchCommand = { type: 'MissTurn', seat, now: this.access.clock.now().getTime() };
    const endpoint = id === 'http' ? await this.httpBots.endpointFor(loaded.match.id, seat) : null;
    if (!endpoint) return missed;
    const now = this.access.clock.now().getTime();
    const clockDeadline = deadlineOf(loaded.state)?.getTime() ?? Infinity;
    const deadline = Math.min(clockDeadline, now + this.config.botHttpTimeoutMs);
    const legalMoves: unknown[] = [];
    for (const m of engine.legalMoves(loaded.state.game, seat)) {
      legalMoves.push(engine.encodeMove(m));
      if (legalMoves.length === MAX_LEGAL_MOVES) break;
    }
    const answer = await askHttpBot(endpoint, {
      game: engine.id, matchId: loaded.match.id, seat, version: loaded.version,
      match: this.access.respond(engine, loaded, seat), legalMoves, deadlineAt: new Date(deadline).toISOString(),
    }, deadline - now, this.config.webhookAllowPrivate);
    const at = this.access.clock.now().getTime();
    const move: MatchCommand = { type: 'MakeMove', seat, move: answer.ok ? answer.move : null, now: at };
    const legal = answer.ok && at <= deadline && this.access.decider(engine).decide(loaded.state, move).ok;
    await this.httpBots.recordCall(endpoint, { latencyMs: answer.latencyMs, failed: !legal });
    if (!legal) this.logger.warn(`match ${loaded.match.id}: HTTP bot at seat ${seat} missed its turn: ${answer.ok ? 'late or illegal move' : answer.why}`);
    return legal ? move : { ...missed, now: at };
  }
}
