/**
 * Reversi bots, weakest first. They read only the view and the legal moves (through the engine's public
 * notation), and search on their own board (bot-board.ts).
 *
 * - `random`: a uniformly random legal move.
 * - `greedy`: one ply, the move that leaves the best square-weight balance (corners good, the squares
 *   that give corners away bad); ties broken by the Rng.
 * - `alphabeta`: iterative-deepening negamax with alpha-beta pruning, within a budget of search nodes; it
 *   evaluates mobility, corners and X/C squares, and edge stability, and counts discs exactly at the end.
 * - `expert`: principal-variation search on the rule engine's bitboards (search.ts), with a transposition
 *   table, move ordering (hash move, corners, fewest replies), an evaluation of corners, X/C squares, mobility,
 *   potential mobility, frontier, an edge table (stable discs, C squares) and square weights, parity late, and
 *   a win/loss solve of the last empties (up to 20, as many as its budget usually proves);
 *   the server gives it a second a move, as nodes.
 */
import { type Bot, type BotTurn, pickBest, randomBot } from '../core';
import { bitsOfBoard } from './board';
import { BotBoard, colourOfSeat, padOfName } from './bot-board';
import { reversiEngine } from './index';
import { type ReversiMove, parseSquare } from './notation';
import { type Evaluation, searchBest } from './search';
import type { ReversiView } from './view';

export type ReversiBot = Bot<ReversiView, ReversiMove>;

/** Each legal move with its square on the bots' board, through the wire notation only. */
function rootMoves(legalMoves: readonly ReversiMove[]): { move: ReversiMove; sq: number }[] {
  return legalMoves.map((move) => ({
    move,
    sq: padOfName((reversiEngine.encodeMove(move) as { square: string }).square),
  }));
}

const greedy: ReversiBot = {
  id: 'greedy',
  description:
    'One ply: the move that leaves the best balance of square weights (corners high, squares next to them low).',
  defaultBudget: 0,
  choose({ view, legalMoves, seat, rng }) {
    const board = new BotBoard(view);
    const colour = colourOfSeat(seat);
    const best = pickBest(
      rootMoves(legalMoves),
      ({ sq }) => {
        board.play(sq, colour);
        const score = board.positional(colour);
        board.undo();
        return score;
      },
      rng,
    );
    return best.move;
  },
};

const WIN = 100000;

/** A negamax search that stops (aborts) once `budget` nodes have been visited. */
class Search {
  nodes = 0;
  aborted = false;
  private readonly buffers: Int8Array[] = Array.from({ length: 64 }, () => new Int8Array(32));

  /** Nodes allowed in all; depth 1 runs unlimited so there is always a complete answer. */
  limit = Infinity;

  constructor(private readonly board: BotBoard) {}

  /** Static score for `colour` to move: mobility, corners and X/C squares, stable edges. */
  evaluate(colour: number): number {
    const b = this.board;
    const mine = b.mobility(colour);
    const theirs = b.mobility(3 - colour);
    const mobility = (100 * (mine - theirs)) / (mine + theirs + 2);
    return b.positional(colour) + mobility + 15 * b.edgeStability(colour);
  }

  /** Exact result once neither side can move: the disc balance, beyond any static score. */
  private final(colour: number): number {
    const d = this.board.discs(colour);
    return d > 0 ? WIN + d : d < 0 ? -WIN + d : 0;
  }

  negamax(depth: number, alpha: number, beta: number, colour: number, passed: boolean, ply: number): number {
    if (++this.nodes > this.limit) {
      this.aborted = true;
      return 0;
    }
    if (this.board.empties === 0) return this.final(colour);
    if (depth <= 0) return this.evaluate(colour);
    const moves = this.buffers[ply] as Int8Array;
    const n = this.board.moves(colour, moves);
    if (n === 0) {
      if (passed) return this.final(colour);
      return -this.negamax(depth - 1, -beta, -alpha, 3 - colour, true, ply + 1);
    }
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      this.board.play(moves[i] as number, colour);
      const v = -this.negamax(depth - 1, -beta, -alpha, 3 - colour, false, ply + 1);
      this.board.undo();
      if (this.aborted) return 0;
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }
}

/**
 * Iterative deepening: each depth searches the previous depth's best move first. A depth the budget cuts
 * short is thrown away; depth 1 always completes. Root moves start in an Rng-shuffled order,
 * so equal moves are chosen by the seed.
 */
function searchRoot(turn: BotTurn<ReversiView, ReversiMove>, budget: number): ReversiMove {
  const board = new BotBoard(turn.view);
  const colour = colourOfSeat(turn.seat);
  let order = turn.rng.shuffle(rootMoves(turn.legalMoves));
  if (order.length === 1) return (order[0] as { move: ReversiMove }).move;
  const search = new Search(board);
  let chosen = order[0] as { move: ReversiMove; sq: number };
  for (let depth = 1; depth <= board.empties; depth++) {
    search.limit = depth === 1 ? Infinity : budget;
    let best = order[0] as { move: ReversiMove; sq: number };
    let alpha = -Infinity;
    for (const m of order) {
      board.play(m.sq, colour);
      const v = -search.negamax(depth - 1, -Infinity, -alpha, 3 - colour, false, 1);
      board.undo();
      if (search.aborted) break;
      if (v > alpha) {
        alpha = v;
        best = m;
      }
    }
    if (search.aborted) break;
    chosen = best;
    // A proven win or loss will not change with depth.
    if (Math.abs(alpha) >= WIN) break;
    order = [best, ...order.filter((m) => m !== best)];
  }
  return chosen.move;
}

const alphabeta: ReversiBot = {
  id: 'alphabeta',
  description:
    'Alpha-beta search (iterative deepening, budget in nodes) on mobility, corners, X/C squares and stable edges.',
  defaultBudget: 600,
  choose: (turn) => searchRoot(turn, turn.budget ?? alphabeta.defaultBudget),
};

/**
 * The search of search.ts on the bitboards, from the seat's view. Its runner budget is the nodes of one
 * second (less when the clock is shorter): bot-runner.ts converts time into nodes with `nodesPerSecond`.
 * Measured by bench/reversi-nps.ts (Node 20, the 2-core build machine with two other processes busy on it,
 * 2026-12-02): 1.56-1.68 M nodes a CPU second with the pattern evaluation, 2.45-2.68 M with the hand-made one
 * (whose 1,000,000 nodes were chosen when it measured 1.65-2.0 M). 1,500,000 it is: about a second of CPU a
 * move. Against GRhino the first fit of the pattern evaluation won 27 of 30 quick games at 1 M nodes and 8 of 8
 * at 2 M; the committed refit, at 1.5 M, 10 of 10 quick and 19 of 20 in two series through the server.
 */
export function expertWith(evaluation: Evaluation): ReversiBot {
  const bot: ReversiBot = {
    id: 'expert',
    description:
      'Principal-variation search on bitboards with a pattern evaluation fitted to self-play games (iterative deepening, transposition table, exact solve of the last empties), about one second a move.',
    defaultBudget: 20_000,
    nodesPerSecond: 1_500_000,
    choose(turn) {
      const bits = new Int32Array(4);
      bitsOfBoard(turn.view.board.join(''), bits);
      const [bl, bh, wl, wh] = bits as unknown as [number, number, number, number];
      const moves = turn.rng.shuffle(
        turn.legalMoves.map((move) => ({
          move,
          sq: parseSquare((reversiEngine.encodeMove(move) as { square: string }).square) as number,
        })),
      );
      const [pl, ph, ol, oh] = turn.seat === 0 ? [bl, bh, wl, wh] : [wl, wh, bl, bh];
      return searchBest(moves, pl, ph, ol, oh, turn.budget ?? bot.defaultBudget, evaluation).move.move;
    },
  };
  return bot;
}
const expert = expertWith('patterns');

/** Weakest first. */
export const reversiBots: readonly ReversiBot[] = [randomBot<ReversiView, ReversiMove>(), greedy, alphabeta, expert];
