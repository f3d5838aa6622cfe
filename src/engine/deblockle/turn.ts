/**
 * One turn: tip a block onto an adjacent open square, then hop it by the face now on top.
 * Everything here works on the list of blocks, so it serves `apply`, `legalMoves` and the tests alike.
 */
import { type EngineError, type Result, type Seat, illegal, ok } from '../core';
import { DIRECTIONS, type Direction, type Face, type Orientation, tip } from './block';
import {
  type Block,
  DIAGONAL,
  ORTHOGONAL,
  SCORING_STAR,
  SQUARES,
  type Square,
  isStar,
  makeSquare,
  occupancy,
  offset,
  sortBlocks,
  step,
} from './board';

export interface TurnMove {
  readonly type: 'turn';
  readonly from: Square;
  readonly tip: Direction;
  readonly to: Square;
}

/** What tipping one block one way leads to, before `to` is chosen. */
export interface TipOutcome {
  readonly block: Block;
  /** The tipped-onto square. */
  readonly at: Square;
  readonly orientation: Orientation;
  /** `star` face up on the mover's scoring star: the block leaves the board. */
  readonly removal: boolean;
  /** Where the face lets the block end (the scoring star for a removal). */
  readonly reachable: readonly Square[];
  /** `reachable` less the ends the no-side-by-side variant forbids. */
  readonly ends: readonly Square[];
}

type Fail = { ok: false; error: EngineError };

/**
 * Every square the block may end on after hopping from `at` with `face` up. `open` must already treat the
 * moving block's squares as empty: for Hoops the square it started from counts as open.
 */
export function hopEnds(open: (s: Square) => boolean, at: Square, face: Face): Square[] {
  const ends = new Set<Square>();
  const ok = (s: Square): boolean => s >= 0 && open(s);
  switch (face) {
    case 'star': // only reachable by a removal, handled before any hop
      break;
    case 'stop':
      ends.add(at);
      break;
    case 'cross':
    case 'x':
      for (const [dx, dy] of face === 'cross' ? ORTHOGONAL : DIAGONAL) {
        const s = offset(at, dx, dy);
        if (ok(s) && !isStar(s)) ends.add(s);
      }
      break;
    case 'slider':
      for (const [dx, dy] of ORTHOGONAL) {
        const path: Square[] = [];
        for (let s = offset(at, dx, dy); ok(s); s = offset(s, dx, dy)) path.push(s);
        // The slide may stop just before any star on its path, and must when its natural end is one;
        // it always moves at least one square, so "before" the first square does not count.
        path.forEach((s, i) => {
          if (isStar(s) && i >= 1) ends.add(path[i - 1] as Square);
        });
        const last = path[path.length - 1];
        if (last !== undefined && !isStar(last)) ends.add(last);
      }
      break;
    case 'hoops': {
      // squares reachable after each hop, as flags: a walk may revisit, so sets of squares are all we need
      let frontier = new Uint8Array(SQUARES);
      frontier[at] = 1;
      for (let hop = 0; hop < 3; hop++) {
        const next = new Uint8Array(SQUARES);
        for (let s = 0; s < SQUARES; s++) {
          if (!frontier[s]) continue;
          for (const [dx, dy] of ORTHOGONAL) {
            const t = offset(s, dx, dy);
            if (t === at || ok(t)) next[t] = 1; // stars are fine mid-way
          }
        }
        frontier = next;
      }
      for (let s = 0; s < SQUARES; s++) if (frontier[s] && !isStar(s)) ends.add(s);
      break;
    }
  }
  return [...ends].sort((a, b) => a - b);
}

/** Whether any of `seat`'s blocks touches an opponent's block side by side. */
export function sideBySide(blocks: readonly Block[], seat: Seat): boolean {
  const occ = occupancy(blocks);
  return blocks.some(
    (b) =>
      b.seat === seat &&
      ORTHOGONAL.some(([dx, dy]) => {
        const s = offset(b.square, dx, dy);
        return s >= 0 && occ[s] !== -1 && occ[s] !== seat;
      }),
  );
}

/** The blocks after `moving` ends on `to` (or leaves the board when `to` is null). */
function moved(blocks: readonly Block[], moving: Block, to: Square | null, o: Orientation): Block[] {
  const rest = blocks.filter((b) => b !== moving);
  return to === null ? rest : sortBlocks([...rest, { seat: moving.seat, square: to, ...o }]);
}

export function evaluateTip(
  blocks: readonly Block[],
  seat: Seat,
  from: Square,
  dir: Direction,
  noSideBySide: boolean,
): Result<TipOutcome> {
  const block = blocks.find((b) => b.square === from);
  if (!block) return illegal('deblockle/no-block', `There is no block on ${makeSquare(from)}.`);
  if (block.seat !== seat) return illegal('deblockle/not-your-block', `The block on ${makeSquare(from)} is not yours.`);
  const at = step(from, dir);
  if (at < 0) return illegal('deblockle/tip-off-board', `Tipping ${dir} from ${makeSquare(from)} leaves the board.`);
  const occ = occupancy(blocks);
  if (occ[at] !== -1) return illegal('deblockle/tip-occupied', `${makeSquare(at)} is not open: a block stands there.`);
  const orientation = tip(block, dir);
  const allowed = (ends: Square[], end: (s: Square) => Square | null): Square[] =>
    noSideBySide ? ends.filter((s) => !sideBySide(moved(blocks, block, end(s), orientation), seat)) : ends;

  if (isStar(at)) {
    if (at === SCORING_STAR[seat as 0 | 1] && orientation.top === 'star') {
      return ok({ block, at, orientation, removal: true, reachable: [at], ends: allowed([at], () => null) });
    }
    return illegal(
      'deblockle/tip-onto-star',
      `A block may tip onto a star space (${makeSquare(at)}) only to be removed: star face up on its scoring star.`,
    );
  }
  if (orientation.top === 'star') {
    return illegal(
      'deblockle/star-face-up',
      `Tipping ${dir} from ${makeSquare(from)} shows the star, which may face up only on the scoring star.`,
    );
  }
  occ[from] = -1;
  const reachable = hopEnds((s) => occ[s] === -1, at, orientation.top);
  return ok({ block, at, orientation, removal: false, reachable, ends: allowed(reachable, (s) => s) });
}

/** Why `move` cannot end where it says, given the tip went through (`t`). */
function badEnd(blocks: readonly Block[], t: TipOutcome, to: Square): Fail {
  const face = t.orientation.top;
  if (t.reachable.length === 0) {
    return illegal(
      'deblockle/no-hop',
      `After this tip the ${face} face has no open square to hop to, so the tip cannot be played.`,
    );
  }
  if (t.ends.length === 0 || t.reachable.includes(to)) {
    return illegal(
      'deblockle/side-by-side',
      "With no blocks side by side, a turn may not end with your block next to an opponent's.",
    );
  }
  if (t.removal)
    return illegal('deblockle/hop-mismatch', `The block is removed on the star: "to" must be ${makeSquare(t.at)}.`);
  if (isStar(to))
    return illegal('deblockle/hop-onto-star', `No block may end its turn on a star space (${makeSquare(to)}).`);
  if (to !== t.block.square && blocks.some((b) => b.square === to)) {
    return illegal('deblockle/hop-occupied', `${makeSquare(to)} is not open: a block stands there.`);
  }
  return illegal(
    'deblockle/hop-mismatch',
    `With ${face} on top the block cannot hop from ${makeSquare(t.at)} to ${makeSquare(to)}.`,
  );
}

export interface TurnResult {
  readonly blocks: Block[];
  readonly top: Face;
  readonly removed: boolean;
}

export function playTurn(
  blocks: readonly Block[],
  seat: Seat,
  move: TurnMove,
  noSideBySide: boolean,
): Result<TurnResult> {
  const t = evaluateTip(blocks, seat, move.from, move.tip, noSideBySide);
  if (!t.ok) return t;
  const { block, orientation, removal, ends } = t.value;
  if (!ends.includes(move.to)) return badEnd(blocks, t.value, move.to);
  return ok({
    blocks: moved(blocks, block, removal ? null : move.to, orientation),
    top: orientation.top,
    removed: removal,
  });
}

/** Every legal turn of `seat`: blocks by square, tips north, east, south, west, ends by square. */
export function* legalTurns(blocks: readonly Block[], seat: Seat, noSideBySide: boolean): Generator<TurnMove> {
  for (const b of blocks) {
    if (b.seat !== seat) continue;
    for (const dir of DIRECTIONS) {
      const t = evaluateTip(blocks, seat, b.square, dir, noSideBySide);
      if (t.ok) for (const to of t.value.ends) yield { type: 'turn', from: b.square, tip: dir, to };
    }
  }
}

export function canMove(blocks: readonly Block[], seat: Seat, noSideBySide: boolean): boolean {
  return !legalTurns(blocks, seat, noSideBySide).next().done;
}
