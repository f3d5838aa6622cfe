/**
 * The unbounded grid as a sparse map, and what makes a line valid. Both the placement check and the
 * move generator read the grid through this one class, so they cannot disagree about a line.
 */
import { colorOf, type Kind, kindOf, LINE_MAX, type PlacedTile, shapeOf } from './tiles';

/** Orthogonal steps; [1, 0] runs along a row, [0, 1] along a column. */
export type Dir = readonly [number, number];
export const ROW: Dir = [1, 0];
export const COLUMN: Dir = [0, 1];
export const NEIGHBOURS: readonly Dir[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/**
 * Cells are keyed by one number while the coordinates are modest (always, in a match); far-out
 * coordinates a bot may hand `scorePlacement` fall back to a string key, so no two cells collide.
 */
const SPAN = 2 ** 25;
const key = (x: number, y: number): number | string =>
  x > -SPAN && x < SPAN && y > -SPAN && y < SPAN ? x * 2 * SPAN + y : `${x},${y}`;

export class Grid {
  private readonly cells = new Map<number | string, Kind>();
  minX = Infinity;
  maxX = -Infinity;
  minY = Infinity;
  maxY = -Infinity;

  static of(tiles: readonly PlacedTile[]): Grid {
    const g = new Grid();
    for (const t of tiles) g.set(t.x, t.y, kindOf(t));
    return g;
  }

  get size(): number {
    return this.cells.size;
  }

  get(x: number, y: number): Kind | undefined {
    return this.cells.get(key(x, y));
  }

  has(x: number, y: number): boolean {
    return this.cells.has(key(x, y));
  }

  set(x: number, y: number, k: Kind): void {
    this.cells.set(key(x, y), k);
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
  }

  /**
   * Runs `fn` with `placed` on the grid, then takes them off again and restores the bounds, so a
   * generator can try thousands of candidates on one grid. The cells must be empty.
   */
  withPlaced<T>(placed: readonly { kind: Kind; x: number; y: number }[], fn: () => T): T {
    const bounds = [this.minX, this.maxX, this.minY, this.maxY] as const;
    for (const p of placed) this.set(p.x, p.y, p.kind);
    try {
      return fn();
    } finally {
      for (const p of placed) this.cells.delete(key(p.x, p.y));
      [this.minX, this.maxX, this.minY, this.maxY] = bounds;
    }
  }

  touches(x: number, y: number): boolean {
    return NEIGHBOURS.some(([dx, dy]) => this.has(x + dx, y + dy));
  }

  /**
   * The maximal run through (x, y) along `dir`, as kinds in order, with its first cell. The cell
   * itself must be occupied. Runs longer than `cap` are cut there (they are invalid anyway).
   */
  run(x: number, y: number, [dx, dy]: Dir, cap = 64): { kinds: Kind[]; x: number; y: number } {
    let sx = x;
    let sy = y;
    let n = 0;
    while (n < cap && this.has(sx - dx, sy - dy)) {
      sx -= dx;
      sy -= dy;
      n++;
    }
    const kinds: Kind[] = [];
    for (let cx = sx, cy = sy; kinds.length < cap; cx += dx, cy += dy) {
      const k = this.get(cx, cy);
      if (k === undefined) break;
      kinds.push(k);
    }
    return { kinds, x: sx, y: sy };
  }

  /** Empty cells with an occupied neighbour, ordered by y then x. */
  frontier(): { x: number; y: number }[] {
    const out: { x: number; y: number }[] = [];
    for (let y = this.minY - 1; y <= this.maxY + 1; y++) {
      for (let x = this.minX - 1; x <= this.maxX + 1; x++) {
        if (!this.has(x, y) && this.touches(x, y)) out.push({ x, y });
      }
    }
    return out;
  }
}

export type LineProblem = 'line-too-long' | 'mixed-line' | 'duplicate-tile';

/**
 * Why a run of 2+ tiles is not a valid line, or null if it is: one colour with all shapes different,
 * or one shape with all colours different. Length is checked first since a 7-run fails every test.
 */
export function lineProblem(kinds: readonly Kind[]): LineProblem | null {
  if (kinds.length > LINE_MAX) return 'line-too-long';
  const first = kinds[0] as Kind;
  const sameColor = kinds.every((k) => colorOf(k) === colorOf(first));
  const sameShape = kinds.every((k) => shapeOf(k) === shapeOf(first));
  if (!sameColor && !sameShape) return 'mixed-line';
  if (new Set(kinds).size !== kinds.length) return 'duplicate-tile';
  return null;
}
