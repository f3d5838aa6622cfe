/**
 * The bots' own Reversi board, built from the view alone (Reversi has no hidden information), so the bots
 * depend on nothing but the public view and move notation: the engine's internals may change freely.
 *
 * A 10x10 mailbox with a border of sentinels: a ray stops at the border without bounds checks. Moves are
 * made and unmade in place (flips go on a stack), which is what a search needs.
 */
import type { Seat } from '../core';
import type { ReversiView } from './view';

export const EMPTY = 0;
const BORDER = 3;
/** Seat 0 plays black (1), seat 1 white (2). */
export const colourOfSeat = (seat: Seat): number => seat + 1;

const DIRS = [-11, -10, -9, -1, 1, 9, 10, 11] as const;

/** Padded index of an 8x8 square `row * 8 + col`. */
export const pad = (sq: number): number => ((sq >> 3) + 1) * 10 + (sq & 7) + 1;
/** Padded index of a square name such as `d3` (columns a–h, rows 1–8 from the top). */
export const padOfName = (name: string): number => (name.charCodeAt(1) - 48) * 10 + (name.charCodeAt(0) - 96);

/**
 * Classic square weights: corners are worth holding, the squares that give a corner away cost.
 * Indexed by padded square.
 */
export const WEIGHTS: Int16Array = (() => {
  const rows = [
    [100, -20, 10, 5, 5, 10, -20, 100],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [10, -2, 1, 1, 1, 1, -2, 10],
    [5, -2, 1, 0, 0, 1, -2, 5],
  ];
  const w = new Int16Array(100);
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) w[(r + 1) * 10 + c + 1] = (rows[r < 4 ? r : 7 - r] as number[])[c] as number;
  }
  return w;
})();

/** The 64 playable squares, best weight first: generating moves in this order is a free move ordering. */
export const SQUARES_BY_WEIGHT: Int8Array = Int8Array.from(
  Array.from({ length: 64 }, (_, i) => pad(i)).sort((a, b) => (WEIGHTS[b] as number) - (WEIGHTS[a] as number) || a - b),
);

export const CORNERS = [11, 18, 81, 88] as const;
/** For each corner, the X and C squares next to it (their weights assume the corner is still empty). */
export const CORNER_NEIGHBOURS: readonly (readonly number[])[] = [
  [12, 21, 22],
  [17, 28, 27],
  [82, 71, 72],
  [87, 78, 77],
];

export class BotBoard {
  readonly cells = new Int8Array(100);
  private readonly flips = new Int8Array(64 * 20);
  private top = 0;
  empties = 0;

  constructor(view: ReversiView) {
    this.cells.fill(BORDER);
    view.board.forEach((row, r) => {
      for (let c = 0; c < 8; c++) {
        const ch = row[c];
        const v = ch === 'B' ? 1 : ch === 'W' ? 2 : EMPTY;
        this.cells[(r + 1) * 10 + c + 1] = v;
        if (v === EMPTY) this.empties++;
      }
    });
  }

  /** Whether `colour` may play on `sq`: an empty square that flips at least one disc. */
  isLegal(sq: number, colour: number): boolean {
    const cells = this.cells;
    if (cells[sq] !== EMPTY) return false;
    const other = 3 - colour;
    for (const d of DIRS) {
      let s = sq + d;
      if (cells[s] !== other) continue;
      do s += d;
      while (cells[s] === other);
      if (cells[s] === colour) return true;
    }
    return false;
  }

  /** Writes the legal squares of `colour` (best weight first) into `out`; returns how many. */
  moves(colour: number, out: Int8Array): number {
    let n = 0;
    for (let i = 0; i < 64; i++) {
      const sq = SQUARES_BY_WEIGHT[i] as number;
      if (this.isLegal(sq, colour)) out[n++] = sq;
    }
    return n;
  }

  mobility(colour: number): number {
    let n = 0;
    for (let i = 0; i < 64; i++) if (this.isLegal(SQUARES_BY_WEIGHT[i] as number, colour)) n++;
    return n;
  }

  /** Plays a legal move in place; `undo()` takes it back. */
  play(sq: number, colour: number): void {
    const cells = this.cells;
    const other = 3 - colour;
    let count = 0;
    for (const d of DIRS) {
      let s = sq + d;
      if (cells[s] !== other) continue;
      do s += d;
      while (cells[s] === other);
      if (cells[s] !== colour) continue;
      for (let f = sq + d; f !== s; f += d) {
        cells[f] = colour;
        this.flips[this.top++] = f;
        count++;
      }
    }
    cells[sq] = colour;
    this.flips[this.top++] = count;
    this.flips[this.top++] = sq;
    this.empties--;
  }

  undo(): void {
    const cells = this.cells;
    const sq = this.flips[--this.top] as number;
    const count = this.flips[--this.top] as number;
    const colour = cells[sq] as number;
    cells[sq] = EMPTY;
    for (let i = 0; i < count; i++) cells[this.flips[--this.top] as number] = 3 - colour;
    this.empties++;
  }

  /** Square weights of `colour` minus the opponent's, X/C penalties waived next to a taken corner. */
  positional(colour: number): number {
    const cells = this.cells;
    let score = 0;
    for (let i = 0; i < 64; i++) {
      const sq = SQUARES_BY_WEIGHT[i] as number;
      const v = cells[sq];
      if (v === colour) score += WEIGHTS[sq] as number;
      else if (v !== EMPTY) score -= WEIGHTS[sq] as number;
    }
    for (let k = 0; k < CORNERS.length; k++) {
      if (cells[CORNERS[k] as number] === EMPTY) continue;
      for (const sq of CORNER_NEIGHBOURS[k] as number[]) {
        const v = cells[sq];
        if (v === colour) score -= WEIGHTS[sq] as number;
        else if (v !== EMPTY) score += WEIGHTS[sq] as number;
      }
    }
    return score;
  }

  /**
   * Edge discs that can never flip, counted cheaply: the unbroken run of one colour along each edge from
   * an occupied corner. `colour`'s minus the opponent's.
   */
  edgeStability(colour: number): number {
    const cells = this.cells;
    let score = 0;
    const walk = (corner: number, step: number): void => {
      const owner = cells[corner];
      if (owner === EMPTY) return;
      let n = 0;
      for (let s = corner + step; cells[s] === owner; s += step) n++;
      score += owner === colour ? n : -n;
    };
    walk(11, 1);
    walk(11, 10);
    walk(18, -1);
    walk(18, 10);
    walk(81, 1);
    walk(81, -10);
    walk(88, -1);
    walk(88, -10);
    return score;
  }

  /** Discs of `colour` minus the opponent's. */
  discs(colour: number): number {
    let score = 0;
    for (let i = 0; i < 64; i++) {
      const v = this.cells[SQUARES_BY_WEIGHT[i] as number];
      if (v === colour) score++;
      else if (v !== EMPTY) score--;
    }
    return score;
  }
}
