/**
 * Bots: pure, seeded players that choose a move from what their seat may see.
 *
 * A bot is handed the seat's view (the engine's `view(state, seat)`), never the state, so it cannot read
 * hidden information; the seat's legal moves, in the engine's order; an Rng for its own choices; and a
 * think budget counted in search nodes (or playout steps), never in time, so the same inputs always give
 * the same move, on any machine and under any load.
 */
import { Rng, seedRng } from './rng';
import type { GameEngine, Seat } from './types';

export interface BotTurn<V, M> {
  /** The seat's view of the match: all the bot may know. */
  readonly view: V;
  /** The seat's legal moves now, in the engine's order; never empty. The bot returns one of them. */
  readonly legalMoves: readonly M[];
  readonly seat: Seat;
  /** The bot's only source of randomness (tie breaks, sampling). */
  readonly rng: Rng;
  /** Think budget in nodes or iterations; the bot's own default when absent. */
  readonly budget?: number;
}

export interface Bot<V, M> {
  /** Stable id, as a bot seat names it: `random`, `greedy`, … */
  readonly id: string;
  /** One line for people (`GET /games/{game}/bots`). */
  readonly description: string;
  /** The think budget used when a turn names none (0 for bots that do not search). */
  readonly defaultBudget: number;
  /**
   * For a bot whose budget stands for thinking time: the budget units it spends in a second, as measured on
   * the CI machine. The server's bot runner turns its time allowance into a budget with it; the bot itself
   * never reads a clock.
   */
  readonly nodesPerSecond?: number;
  /** Pure and deterministic: the same turn (view, moves, seat, rng state, budget) gives the same move. */
  choose(turn: BotTurn<V, M>): M;
}

/** Any bot, for code that does not care which game it plays. */
export type AnyBot = Bot<unknown, unknown>;

/** Uniform over the legal moves: the baseline every game has. */
export function randomBot<V, M>(): Bot<V, M> {
  return {
    id: 'random',
    description: 'Plays a uniformly random legal move.',
    defaultBudget: 0,
    choose: ({ legalMoves, rng }) => rng.pick(legalMoves),
  };
}

/**
 * The best moves by `score` (highest first), picked among ties with `rng`. The whole list is scored, so
 * `score` must be cheap. Throws on an empty list: a bot is only asked when its seat has a move.
 */
export function pickBest<M>(moves: readonly M[], score: (m: M) => number, rng: Rng): M {
  let best: M[] = [];
  let top = -Infinity;
  for (const m of moves) {
    const s = score(m);
    if (s > top) {
      top = s;
      best = [m];
    } else if (s === top) {
      best.push(m);
    }
  }
  return rng.pick(best);
}

/**
 * Plays one bot turn in-process: builds the seat's view and legal moves from `state` (the only place the
 * state is touched), and seeds the bot's Rng from `seed`. Returns null when the seat has no move now.
 */
export function botMove<S, M, V>(
  engine: GameEngine<S, M, V>,
  bot: Bot<V, M>,
  state: S,
  seat: Seat,
  seed: string,
  budget?: number,
): M | null {
  const legalMoves = [...engine.legalMoves(state, seat)];
  if (legalMoves.length === 0) return null;
  const turn: BotTurn<V, M> = { view: engine.view(state, seat), legalMoves, seat, rng: new Rng(seedRng(seed)) };
  return bot.choose(budget === undefined ? turn : { ...turn, budget });
}
