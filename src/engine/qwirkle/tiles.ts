/**
 * Tiles: 6 colours x 6 shapes x 3 copies. Inside the engine a tile's kind is one small integer
 * (`colour * 6 + shape`) so lines and hands compare cheaply; on the wire and in the state it is
 * `{ color, shape }`, which is what clients read.
 */
export const COLORS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
export const SHAPES = ['circle', 'square', 'diamond', 'clover', 'star4', 'star8'] as const;
export type Color = (typeof COLORS)[number];
export type Shape = (typeof SHAPES)[number];

export const COPIES = 3;
export const TILE_COUNT = COLORS.length * SHAPES.length * COPIES; // 108
export const HAND_SIZE = 6;
/** The longest valid line, and the length that makes a Qwirkle. */
export const LINE_MAX = 6;
export const QWIRKLE_BONUS = 6;
export const END_BONUS = 6;

export interface Tile {
  readonly color: Color;
  readonly shape: Shape;
}

export interface PlacedTile extends Tile {
  readonly x: number;
  readonly y: number;
}

/** 0..35: colour-major, so sorting kinds sorts tiles by colour, then shape. */
export type Kind = number;

export const colorOf = (k: Kind): number => Math.floor(k / 6);
export const shapeOf = (k: Kind): number => k % 6;

/** The kind of a tile, or -1 when its colour or shape is not one of the six. */
export function kindOf(tile: { readonly color: unknown; readonly shape: unknown }): Kind {
  const c = (COLORS as readonly unknown[]).indexOf(tile.color);
  const s = (SHAPES as readonly unknown[]).indexOf(tile.shape);
  return c < 0 || s < 0 ? -1 : c * 6 + s;
}

export function tileOf(k: Kind): Tile {
  return { color: COLORS[colorOf(k)] as Color, shape: SHAPES[shapeOf(k)] as Shape };
}

export function sameTile(a: Tile, b: Tile): boolean {
  return a.color === b.color && a.shape === b.shape;
}

/** All 108 tiles in a fixed order: the bag before its seeded shuffle. */
export function allTiles(): Tile[] {
  const out: Tile[] = [];
  for (let k = 0; k < 36; k++) for (let i = 0; i < COPIES; i++) out.push(tileOf(k));
  return out;
}

/**
 * The largest number of tiles in a hand sharing a colour or a shape, identical tiles counted once:
 * the size of the opening line this hand could lay.
 */
export function openingSize(hand: readonly Tile[]): number {
  const kinds = new Set(hand.map(kindOf));
  let best = 0;
  for (let a = 0; a < 6; a++) {
    let byColor = 0;
    let byShape = 0;
    for (let b = 0; b < 6; b++) {
      if (kinds.has(a * 6 + b)) byColor++;
      if (kinds.has(b * 6 + a)) byShape++;
    }
    best = Math.max(best, byColor, byShape);
  }
  return best;
}

/**
 * Removes one copy of each of `tiles` from `hand` (first occurrences, order otherwise kept).
 * Returns null when the hand does not hold them all, counting copies.
 */
export function removeTiles(hand: readonly Tile[], tiles: readonly Tile[]): Tile[] | null {
  const rest = hand.slice();
  for (const t of tiles) {
    const i = rest.findIndex((h) => sameTile(h, t));
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}
