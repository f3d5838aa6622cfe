/**
 * Legal moves, lazily and in a fixed order, so the HTTP layer can page them by offset:
 *   1. single-tile placements: cells by y then x, and for each cell the hand's distinct tiles by colour, shape;
 *   2. longer placements: by size (2..6), then rows before columns, then line, then first cell, then the
 *      tiles left to right (top to bottom) by colour, shape;
 *   3. exchanges: distinct multisets of hand tiles, by size (1..min(6, bag)), larger counts of earlier
 *      tiles first.
 * The opening move is the exception: only lines of exactly the starter's opening size covering (0, 0).
 * A seat can place at all iff it has a single-tile placement (after the opening): any tile of a legal
 * placement that touches the grid is itself legal alone, since its lines are parts of the lines it
 * would have been in. That makes `canPlace` cheap.
 */
import type { Seat } from '../core';
import { COLUMN, type Dir, Grid, ROW } from './board';
import { checkPlacement, type Placed } from './scoring';
import { colorOf, HAND_SIZE, type Kind, kindOf, LINE_MAX, shapeOf, type Tile, tileOf } from './tiles';
import type { QwirkleMove, QwirkleState } from './types';

type Cell = { readonly x: number; readonly y: number };

const distinctKinds = (hand: readonly Tile[]): Kind[] => [...new Set(hand.map(kindOf))].sort((a, b) => a - b);

const toMove = (placed: readonly Placed[]): QwirkleMove => ({
  type: 'place',
  tiles: placed.map((p) => {
    const t = tileOf(p.kind); // fields spelled out: object spread is slow in this hot path
    return { color: t.color, shape: t.shape, x: p.x, y: p.y };
  }),
});

/**
 * A run summarised as one integer: colour bits 0-5, shape bits 6-11, length from bit 12. Validity
 * depends on nothing else: one colour and as many shapes as tiles, or the other way round.
 */
type Summary = number;
const EMPTY: Summary = 0;
const bitCount = (m: number): number => {
  let n = 0;
  for (let b = m; b; b &= b - 1) n++;
  return n;
};
/** Each kind's colour and shape bits; a table, since this sits in the generator's innermost loop. */
const KIND_BITS: readonly number[] = Array.from({ length: 36 }, (_, k) => (1 << colorOf(k)) | (1 << (6 + shapeOf(k))));
const withKind = (a: Summary, k: Kind): Summary => (a | (KIND_BITS[k] as number)) + 4096;
const joined = (a: Summary, b: Summary): Summary => ((a | b) & 4095) + (((a >> 12) + (b >> 12)) << 12);
function valid(a: Summary): boolean {
  const len = a >> 12;
  if (len <= 1) return true;
  if (len > LINE_MAX) return false;
  const colors = bitCount(a & 63);
  const shapes = bitCount((a >> 6) & 63);
  return (colors === 1 && shapes === len) || (shapes === 1 && colors === len);
}

/** The existing tiles from (x, y) on along `dir` until an empty cell, summarised, and where it stopped. */
function runFrom(grid: Grid, x: number, y: number, [dx, dy]: Dir): { sum: Summary; x: number; y: number } {
  let sum = EMPTY;
  for (let k = grid.get(x, y); k !== undefined; k = grid.get(x, y)) {
    sum = withKind(sum, k);
    x += dx;
    y += dy;
  }
  return { sum, x, y };
}

/** Which hand kinds (bit i for kinds[i]) the line through an empty cell along `dir` accepts. */
function accepted(grid: Grid, cell: Cell, [dx, dy]: Dir, kinds: readonly Kind[]): number {
  const around = joined(
    runFrom(grid, cell.x - dx, cell.y - dy, [-dx, -dy]).sum,
    runFrom(grid, cell.x + dx, cell.y + dy, [dx, dy]).sum,
  );
  let mask = 0;
  kinds.forEach((k, i) => {
    if (around === EMPTY || valid(withKind(around, k))) mask |= 1 << i;
  });
  return mask;
}

function* singles(grid: Grid, frontier: readonly Cell[], kinds: readonly Kind[]): Generator<Placed> {
  for (const cell of frontier) {
    const mask = accepted(grid, cell, ROW, kinds) & accepted(grid, cell, COLUMN, kinds);
    for (let i = 0; i < kinds.length; i++) {
      if (mask & (1 << i)) yield { kind: kinds[i] as Kind, x: cell.x, y: cell.y };
    }
  }
}

/** Whether any tile of `hand` can be placed on a non-empty grid. */
export function canPlaceOn(grid: Grid, hand: readonly Tile[]): boolean {
  return !singles(grid, grid.frontier(), distinctKinds(hand)).next().done;
}

/**
 * A place for `size` tiles along `dir`: from a first cell, the next `size` empty cells going on, with
 * the tiles already on the grid before, between and after them summarised (`gaps[i]` follows cell i).
 */
interface Slot {
  readonly cells: Cell[];
  readonly before: Summary;
  readonly gaps: Summary[];
}

/**
 * Slots whose joined line can be at most 6 long. Off the opening a slot must touch the grid, that is
 * hold a frontier cell, so only first cells up to 6 before a frontier cell of the line are tried;
 * at the opening the slot covers (0, 0).
 */
function* slots(grid: Grid, frontier: readonly Cell[], size: number, dir: Dir): Generator<Slot> {
  const [dx, dy] = dir;
  const starts = new Map<number, Set<number>>(); // line -> first cells, along the line
  if (grid.size === 0) starts.set(0, new Set(Array.from({ length: size }, (_, i) => 1 - size + i)));
  for (const c of frontier) {
    const line = dx ? c.y : c.x;
    const along = dx ? c.x : c.y;
    const firsts = starts.get(line) ?? new Set<number>();
    for (let a = along - LINE_MAX; a <= along; a++) firsts.add(a);
    starts.set(line, firsts);
  }
  const isFrontier = new Set(frontier.map((c) => `${c.x},${c.y}`));
  for (const line of [...starts.keys()].sort((a, b) => a - b)) {
    for (const first of [...(starts.get(line) as Set<number>)].sort((a, b) => a - b)) {
      const x0 = dx ? first : line;
      const y0 = dx ? line : first;
      if (grid.has(x0, y0)) continue;
      const before = runFrom(grid, x0 - dx, y0 - dy, [-dx, -dy]).sum;
      let length = (before >> 12) + size;
      const cells: Cell[] = [{ x: x0, y: y0 }];
      const gaps: Summary[] = [];
      while (length <= LINE_MAX) {
        const last = cells[cells.length - 1] as Cell;
        const gap = runFrom(grid, last.x + dx, last.y + dy, dir);
        gaps.push(gap.sum);
        length += gap.sum >> 12;
        if (cells.length === size) break;
        cells.push({ x: gap.x, y: gap.y });
      }
      if (length > LINE_MAX) continue;
      if (grid.size === 0 || cells.some((c) => isFrontier.has(`${c.x},${c.y}`))) yield { cells, before, gaps };
    }
  }
}

/**
 * Every assignment of distinct hand tiles to a slot's cells that makes a legal placement. Two equal
 * tiles in one placement would share its line, so each kind is used once. The summaries prune;
 * `checkPlacement` has the last word, so the list never holds a move `apply` would refuse.
 */
function assignments(grid: Grid, slot: Slot, kinds: readonly Kind[], main: Dir): Placed[][] {
  const cross: Dir = main === ROW ? COLUMN : ROW;
  const fits = slot.cells.map((c) => accepted(grid, c, cross, kinds));
  const out: Placed[][] = [];
  const chosen: Placed[] = [];
  const step = (i: number, line: Summary, used: number): void => {
    if (i === slot.cells.length) {
      if (checkPlacement(grid, chosen).ok) out.push(chosen.slice());
      return;
    }
    const cell = slot.cells[i] as Cell;
    for (let j = 0; j < kinds.length; j++) {
      if (used & (1 << j) || !((fits[i] as number) & (1 << j))) continue;
      const next = joined(withKind(line, kinds[j] as Kind), slot.gaps[i] as Summary);
      if (!valid(next)) continue;
      chosen.push({ kind: kinds[j] as Kind, x: cell.x, y: cell.y });
      step(i + 1, next, used | (1 << j));
      chosen.pop();
    }
  };
  step(0, slot.before, 0);
  return out;
}

function* longer(
  grid: Grid,
  frontier: readonly Cell[],
  kinds: readonly Kind[],
  sizes: readonly number[],
): Generator<Placed[]> {
  for (const size of sizes) {
    if (size > kinds.length) continue;
    for (const dir of [ROW, COLUMN]) {
      for (const slot of slots(grid, frontier, size, dir)) yield* assignments(grid, slot, kinds, dir);
    }
  }
}

function* exchanges(hand: readonly Tile[], bag: number): Generator<QwirkleMove> {
  const kinds = distinctKinds(hand);
  const counts = kinds.map((k) => hand.filter((t) => kindOf(t) === k).length);
  const taken: Kind[] = [];
  function* pick(i: number, left: number): Generator<QwirkleMove> {
    if (left === 0) {
      yield { type: 'exchange', tiles: taken.map(tileOf) };
      return;
    }
    if (i === kinds.length) return;
    for (let n = Math.min(left, counts[i] as number); n >= 0; n--) {
      for (let j = 0; j < n; j++) taken.push(kinds[i] as Kind);
      yield* pick(i + 1, left - n);
      taken.length -= n;
    }
  }
  const max = Math.min(HAND_SIZE, bag, hand.length);
  for (let size = 1; size <= max; size++) yield* pick(0, size);
}

const isTurnOf = (state: QwirkleState, seat: Seat): boolean => state.ended === null && state.current === seat;

export function* legalMoves(state: QwirkleState, seat: Seat): Generator<QwirkleMove> {
  if (!isTurnOf(state, seat)) return;
  const hand = state.hands[seat] ?? [];
  const kinds = distinctKinds(hand);
  const grid = Grid.of(state.board);
  if (grid.size === 0) {
    const size = state.openingSizes[seat] ?? 1;
    if (size === 1) for (const kind of kinds) yield toMove([{ kind, x: 0, y: 0 }]);
    else for (const placed of longer(grid, [], kinds, [size])) yield toMove(placed);
    return;
  }
  const frontier = grid.frontier();
  for (const p of singles(grid, frontier, kinds)) yield toMove([p]);
  for (const placed of longer(grid, frontier, kinds, [2, 3, 4, 5, 6])) yield toMove(placed);
  yield* exchanges(hand, state.bag.length);
}

export interface LegalMovesInfo {
  /** Whether the seat may place now (at the opening: always, the opening line). */
  readonly canPlace: boolean;
  /** Whether the seat may exchange now: not at the opening, and only with tiles in the bag. */
  readonly canExchange: boolean;
  /** How many single-tile placements lead the list (0 at an opening of 2+ tiles). */
  readonly singleTilePlacements: number;
  /** At the opening, the exact number of tiles the move must place; otherwise null. */
  readonly openingSize: number | null;
  /** The largest exchange allowed now (0 when none). */
  readonly exchangeMax: number;
}

/** Cheap facts about a seat's options, for the legal-moves response. All false/0 when not its turn. */
export function legalMovesInfo(state: QwirkleState, seat: Seat): LegalMovesInfo {
  if (!isTurnOf(state, seat)) {
    return { canPlace: false, canExchange: false, singleTilePlacements: 0, openingSize: null, exchangeMax: 0 };
  }
  const hand = state.hands[seat] ?? [];
  const grid = Grid.of(state.board);
  if (grid.size === 0) {
    const size = state.openingSizes[seat] ?? 1;
    return {
      canPlace: true,
      canExchange: false,
      singleTilePlacements: size === 1 ? distinctKinds(hand).length : 0,
      openingSize: size,
      exchangeMax: 0,
    };
  }
  let singleTilePlacements = 0;
  for (const _ of singles(grid, grid.frontier(), distinctKinds(hand))) singleTilePlacements++;
  const exchangeMax = Math.min(HAND_SIZE, state.bag.length, hand.length);
  return {
    canPlace: singleTilePlacements > 0,
    canExchange: exchangeMax > 0,
    singleTilePlacements,
    openingSize: null,
    exchangeMax,
  };
}
