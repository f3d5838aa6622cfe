/**
 * Deblockle bots, weakest first. After the setup Deblockle has perfect information, so the bots rebuild the
 * blocks from the view and search with the engine's own turn rules (turn.ts). During the setup (each seat
 * places its opponent's blocks, unseen) every bot places them at random: the setup choice is not searched.
 *
 * - `random`: a uniformly random legal move.
 * - `greedy`: one ply: a removal first, else the move that leaves its blocks nearest their scoring star,
 *   with a block poised to tip star-up onto it counted as nearly removed.
 * - `search`: alpha-beta (iterative deepening, negamax) on the same evaluation for both seats, within a
 *   budget of search nodes.
 *
 * The view does not carry the match's options: the bots tell the no-side-by-side variant from the legal
 * moves (the variant allows fewer), and treat `maxTurns` as far away.
 */
import { type Bot, type BotTurn, pickBest, randomBot, type Seat } from '../core';
import { DIRECTIONS, tip } from './block';
import { type Block, parseSquare, SCORING_STAR, type Square, SIZE, step } from './board';
import type { DeblockleMove } from './notation';
import { evaluateTip, legalTurns, type TurnMove } from './turn';
import type { DeblockleView } from './view';

export type DeblockleBot = Bot<DeblockleView, DeblockleMove>;

/** A position as the bots search it: the blocks on the board and the blocks each seat has removed. */
interface Position {
  readonly blocks: readonly Block[];
  readonly removed: readonly [number, number];
}

function positionOf(view: DeblockleView): Position {
  return {
    blocks: view.blocks.map((b) => ({
      seat: b.seat,
      square: parseSquare(b.square) as Square,
      top: b.top,
      north: b.north,
      east: b.east,
    })),
    removed: [view.removed[0] ?? 0, view.removed[1] ?? 0],
  };
}

/** Whether the legal moves are fewer than the unrestricted turns: then the no-side-by-side variant is on. */
function noSideBySideOf(position: Position, seat: Seat, legalMoves: readonly DeblockleMove[]): boolean {
  let all = 0;
  for (const _ of legalTurns(position.blocks, seat, false)) all++;
  return all !== legalMoves.length;
}

interface Child {
  readonly move: TurnMove;
  readonly position: Position;
}

/** Every turn of `seat` with the position it leads to (the engine's tip and hop rules). */
function children(p: Position, seat: Seat, noSideBySide: boolean): Child[] {
  const out: Child[] = [];
  for (const block of p.blocks) {
    if (block.seat !== seat) continue;
    for (const dir of DIRECTIONS) {
      const t = evaluateTip(p.blocks, seat, block.square, dir, noSideBySide);
      if (!t.ok) continue;
      const rest = p.blocks.filter((b) => b !== block);
      for (const to of t.value.ends) {
        const removed: [number, number] = [p.removed[0], p.removed[1]];
        if (t.value.removal) removed[seat === 0 ? 0 : 1] += 1;
        const blocks = t.value.removal ? rest : [...rest, { seat, square: to, ...t.value.orientation }];
        out.push({ move: { type: 'turn', from: block.square, tip: dir, to }, position: { blocks, removed } });
      }
    }
  }
  return out;
}

const distance = (a: Square, b: Square): number =>
  Math.abs((a % SIZE) - (b % SIZE)) + Math.abs(Math.floor(a / SIZE) - Math.floor(b / SIZE));

const REMOVED = 100;
const POISED = 30;
const STEP = 4;

/** How close `seat` is to removing its blocks: removals, blocks poised to score, distance to the star. */
function progress(p: Position, seat: Seat): number {
  const star = SCORING_STAR[seat as 0 | 1];
  let score = REMOVED * (p.removed[seat] ?? 0);
  for (const b of p.blocks) {
    if (b.seat !== seat) continue;
    const d = distance(b.square, star);
    score -= STEP * d;
    if (d === 1 && DIRECTIONS.some((dir) => tip(b, dir).top === 'star' && step(b.square, dir) === star))
      score += POISED;
  }
  return score;
}

const WIN = 100000;
const allRemoved = (p: Position, seat: Seat): boolean => !p.blocks.some((b) => b.seat === seat);

function evaluate(p: Position, seat: Seat): number {
  return progress(p, seat) - progress(p, 1 - seat);
}

const rootTurns = (turn: BotTurn<DeblockleView, DeblockleMove>): Child[] | null => {
  if (turn.view.phase !== 'play') return null;
  const position = positionOf(turn.view);
  const noSideBySide = noSideBySideOf(position, turn.seat, turn.legalMoves);
  // The engine's list is the truth: keep exactly its moves, each with the position it leads to.
  const byKey = new Map(
    children(position, turn.seat, noSideBySide).map((c) => [`${c.move.from}${c.move.tip}${c.move.to}`, c]),
  );
  return turn.legalMoves.map((m) => {
    const key = m.type === 'turn' ? `${m.from}${m.tip}${m.to}` : '';
    const child = byKey.get(key);
    if (!child) throw new Error(`deblockle bots: legal move ${key} not generated`);
    return child;
  });
};

const greedy: DeblockleBot = {
  id: 'greedy',
  description: 'One ply: removes a block when it can, else moves to leave its blocks nearest their scoring star.',
  defaultBudget: 0,
  choose(turn) {
    const roots = rootTurns(turn);
    if (roots === null) return turn.rng.pick(turn.legalMoves);
    return pickBest(roots, (c) => (allRemoved(c.position, turn.seat) ? WIN : progress(c.position, turn.seat)), turn.rng)
      .move;
  },
};

class Search {
  nodes = 0;
  limit = Infinity;
  aborted = false;

  constructor(private readonly noSideBySide: boolean) {}

  negamax(p: Position, seat: Seat, depth: number, alpha: number, beta: number, passed: boolean): number {
    if (++this.nodes > this.limit) {
      this.aborted = true;
      return 0;
    }
    if (depth <= 0) return evaluate(p, seat);
    const kids = children(p, seat, this.noSideBySide);
    if (kids.length === 0) {
      // A blocked seat is skipped; both blocked is a draw.
      return passed ? 0 : -this.negamax(p, 1 - seat, depth - 1, -beta, -alpha, true);
    }
    let best = -Infinity;
    for (const k of kids) {
      const v = allRemoved(k.position, seat)
        ? WIN + depth
        : -this.negamax(k.position, 1 - seat, depth - 1, -beta, -alpha, false);
      if (this.aborted) return 0;
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }
}

function searchRoot(turn: BotTurn<DeblockleView, DeblockleMove>, budget: number): DeblockleMove {
  const roots = rootTurns(turn);
  if (roots === null) return turn.rng.pick(turn.legalMoves);
  const seat = turn.seat;
  let order = turn.rng.shuffle(roots);
  const search = new Search(noSideBySideOf(positionOf(turn.view), seat, turn.legalMoves));
  let chosen = order[0] as Child;
  for (let depth = 1; depth <= 32 && order.length > 1; depth++) {
    search.limit = depth === 1 ? Infinity : budget;
    let best = order[0] as Child;
    let alpha = -Infinity;
    for (const c of order) {
      const v = allRemoved(c.position, seat)
        ? WIN + depth
        : -search.negamax(c.position, 1 - seat, depth - 1, -Infinity, -alpha, false);
      if (search.aborted) break;
      if (v > alpha) {
        alpha = v;
        best = c;
      }
    }
    if (search.aborted) break;
    chosen = best;
    if (Math.abs(alpha) >= WIN) break;
    order = [best, ...order.filter((c) => c !== best)];
  }
  return chosen.move;
}

const search: DeblockleBot = {
  id: 'search',
  description:
    'Alpha-beta search (iterative deepening, budget in nodes) on removals, blocks poised to score and distance to the star.',
  defaultBudget: 200,
  // The server's bot runner gives it a second a move, as Reversi's strongest: about 50,000 nodes a CPU
  // second, measured on midgame positions of seeded games (process.cpuUsage around botMove, budget 20,000).
  nodesPerSecond: 50_000,
  choose: (turn) => searchRoot(turn, turn.budget ?? search.defaultBudget),
};

/** Weakest first. */
export const deblockleBots: readonly DeblockleBot[] = [randomBot<DeblockleView, DeblockleMove>(), greedy, search];
