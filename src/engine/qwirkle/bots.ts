/**
 * Qwirkle bots, weakest first. Qwirkle hides the bag and the other hands, so the bots work from the view
 * (the board, their own hand, the bag's size), the legal moves and the placement scoring of scoring.ts.
 * The legal-move list can run to thousands: every placement is scored once on one grid built from the
 * view, and only the best few are looked at more closely.
 *
 * - `random`: a uniformly random legal move (placements and exchanges alike).
 * - `greedy`: one ply, the placement that scores most (an exchange only when it cannot place); ties by Rng.
 * - `keeper`: the points of a placement plus what it leaves: the tiles kept (pairs that can grow a line,
 *   no duplicates), the end bonus, and a penalty for a line of 5 an opponent could make a Qwirkle of. It
 *   exchanges a hand that places poorly. Its budget is how many of the top-scoring placements it weighs.
 */
import { type Bot, pickBest, randomBot } from '../core';
import { COLUMN, Grid, ROW } from './board';
import { checkPlacement, type Placed } from './scoring';
import { colorOf, COPIES, END_BONUS, kindOf, LINE_MAX, shapeOf, type Kind } from './tiles';
import type { QwirkleMove } from './types';
import type { QwirkleView } from './view';

export type QwirkleBot = Bot<QwirkleView, QwirkleMove>;

const placedOf = (move: QwirkleMove & { type: 'place' }): Placed[] =>
  move.tiles.map((t) => ({ kind: kindOf(t), x: t.x, y: t.y }));

/** Points of every placement on one grid (exchanges score -1): the one pass over the whole list. */
function pointsOf(view: QwirkleView, moves: readonly QwirkleMove[]): number[] {
  const grid = Grid.of(view.board);
  return moves.map((m) => {
    if (m.type !== 'place') return -1;
    const r = checkPlacement(grid, placedOf(m));
    return r.ok ? r.points : -1;
  });
}

const greedy: QwirkleBot = {
  id: 'greedy',
  description: 'One ply: the placement that scores the most points; exchanges only when it cannot place.',
  defaultBudget: 0,
  choose({ view, legalMoves, rng }) {
    const points = pointsOf(view, legalMoves);
    const index = pickBest(
      legalMoves.map((_, i) => i),
      (i) => points[i] as number,
      rng,
    );
    return legalMoves[index] as QwirkleMove;
  },
};

/**
 * What a hand is worth keeping: tiles that share a colour or a shape (but are not the same tile) can grow
 * a line together; duplicates can never share one.
 */
function leaveValue(kinds: readonly Kind[]): number {
  let value = 0;
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) {
      const a = kinds[i] as Kind;
      const b = kinds[j] as Kind;
      if (a === b) value -= 2;
      else if (colorOf(a) === colorOf(b) || shapeOf(a) === shapeOf(b)) value += 1;
    }
  }
  return value;
}

/** The hand's kinds less one copy of each kind in `used`. */
function without(hand: readonly Kind[], used: readonly Kind[]): Kind[] {
  const rest = hand.slice();
  for (const k of used) {
    const i = rest.indexOf(k);
    if (i >= 0) rest.splice(i, 1);
  }
  return rest;
}

/** The one kind that would complete a valid line of 5 into a Qwirkle. */
function missingKind(line: readonly Kind[]): Kind {
  const first = line[0] as Kind;
  if (line.every((k) => colorOf(k) === colorOf(first))) {
    const shape = [0, 1, 2, 3, 4, 5].find((s) => !line.some((k) => shapeOf(k) === s)) as number;
    return colorOf(first) * 6 + shape;
  }
  const color = [0, 1, 2, 3, 4, 5].find((c) => !line.some((k) => colorOf(k) === c)) as number;
  return color * 6 + shapeOf(first);
}

/**
 * Lines of exactly 5 through the placed tiles once they are laid, whose sixth tile may still be in the
 * bag or another hand (not all 3 copies in sight): each is a Qwirkle (12 points or more) for the next
 * player who holds that tile.
 */
function openFives(grid: Grid, placed: readonly Placed[], seen: (k: Kind) => number): number {
  return grid.withPlaced(placed, () => {
    const lines = new Set<string>();
    for (const p of placed) {
      for (const dir of [ROW, COLUMN]) {
        const run = grid.run(p.x, p.y, dir, LINE_MAX + 1);
        if (run.kinds.length === LINE_MAX - 1 && seen(missingKind(run.kinds)) < COPIES)
          lines.add(`${dir === ROW ? 'r' : 'c'}${run.x},${run.y}`);
      }
    }
    return lines.size;
  });
}

// Weights measured against greedy in seeded series; Qwirkle's luck of the draw makes the margins small.
const QWIRKLE_RISK = 2;
const LEAVE_WEIGHT = 0.3;
/** Below this value a placement is poor enough that swapping the hand may pay better. */
const POOR_PLACEMENT = 0;

const keeper: QwirkleBot = {
  id: 'keeper',
  description:
    'Best points plus what the move leaves: tiles kept, the end bonus, no open Qwirkle for the next player; exchanges a poor hand.',
  defaultBudget: 48,
  choose({ view, legalMoves, rng, budget }) {
    const grid = Grid.of(view.board);
    const hand = (view.hand ?? []).map(kindOf);
    const points = pointsOf(view, legalMoves);
    const places = legalMoves.map((_, i) => i).filter((i) => (points[i] as number) >= 0);
    // Only the top placements by points are weighed in full; the Rng orders equal points.
    const weighed = rng
      .shuffle(places)
      .sort((a, b) => (points[b] as number) - (points[a] as number))
      .slice(0, Math.max(1, budget ?? keeper.defaultBudget));
    const onBoard = new Array<number>(36).fill(0);
    for (const t of view.board) onBoard[kindOf(t)]! += 1;
    const value = new Map<number, number>();
    for (const i of weighed) {
      const placed = placedOf(legalMoves[i] as QwirkleMove & { type: 'place' });
      const kept = without(
        hand,
        placed.map((p) => p.kind),
      );
      const goesOut = kept.length === 0 && view.bag === 0 ? END_BONUS : 0;
      // Kept tiles matter less once the bag runs low: fewer turns remain to use them.
      const keep = view.bag > 0 ? LEAVE_WEIGHT * leaveValue(kept) : -kept.length;
      value.set(
        i,
        (points[i] as number) +
          goesOut +
          keep -
          QWIRKLE_RISK * openFives(grid, placed, (k) => (onBoard[k] as number) + kept.filter((h) => h === k).length),
      );
    }
    const exchanges = legalMoves.map((_, i) => i).filter((i) => legalMoves[i]?.type === 'exchange');
    const bestPlace = weighed.length > 0 ? Math.max(...weighed.map((i) => value.get(i) as number)) : -Infinity;
    if (exchanges.length > 0 && bestPlace < POOR_PLACEMENT) {
      // Keep the hand's best part and draw for the rest; valued as a modest average turn.
      for (const i of exchanges) {
        const kept = without(hand, (legalMoves[i] as QwirkleMove).tiles.map(kindOf));
        value.set(i, POOR_PLACEMENT - 1 + LEAVE_WEIGHT * (leaveValue(kept) - leaveValue(hand)));
      }
    }
    return legalMoves[pickBest([...value.keys()], (i) => value.get(i) as number, rng)] as QwirkleMove;
  },
};

/** Weakest first. */
export const qwirkleBots: readonly QwirkleBot[] = [randomBot<QwirkleView, QwirkleMove>(), greedy, keeper];
