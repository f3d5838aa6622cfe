/**
 * The 7x7 board: columns a–g left to right, rows 1–7 from the TOP, so north is towards row 1.
 * A square is an index `row * 7 + col` (a1 = 0, g7 = 48).
 */
import type { Seat } from '../core';
import type { Direction, Face } from './block';

export type Square = number;
export const SIZE = 7;
export const SQUARES = SIZE * SIZE;

export const D2: Square = 1 * SIZE + 3;
export const D6: Square = 5 * SIZE + 3;
export const STARS: readonly Square[] = [D2, D6];

const SQUARE = /^[a-g][1-7]$/;

export function parseSquare(text: string): Square | null {
  if (!SQUARE.test(text)) return null;
  return (text.charCodeAt(1) - 49) * SIZE + (text.charCodeAt(0) - 97);
}

export function makeSquare(sq: Square): string {
  return String.fromCharCode(97 + (sq % SIZE)) + String.fromCharCode(49 + Math.floor(sq / SIZE));
}

const sq = (name: string): Square => parseSquare(name) as Square;

/** Seat 0 (gold) sits at the bottom around d6 and scores on d2; seat 1 (blue) the mirror image. */
export const HOME_STAR: readonly [Square, Square] = [D6, D2];
export const SCORING_STAR: readonly [Square, Square] = [D2, D6];
export const START_SQUARES: readonly [readonly Square[], readonly Square[]] = [
  ['c5', 'e5', 'c7', 'e7'].map(sq).sort((a, b) => a - b),
  ['c1', 'e1', 'c3', 'e3'].map(sq).sort((a, b) => a - b),
];

export const isStar = (s: Square): boolean => s === D2 || s === D6;

const DELTA: Readonly<Record<Direction, readonly [number, number]>> = {
  north: [0, -1],
  east: [1, 0],
  south: [0, 1],
  west: [-1, 0],
};

// Hops walk the board a lot (Hoops especially): coordinates come from tables, not division.
const COL = Int8Array.from({ length: SQUARES }, (_, i) => i % SIZE);
const ROW = Int8Array.from({ length: SQUARES }, (_, i) => (i - (i % SIZE)) / SIZE);

/** The square one step from `s` (dx, dy), or -1 off the board. */
export function offset(s: Square, dx: number, dy: number): Square {
  const c = (COL[s] as number) + dx;
  const r = (ROW[s] as number) + dy;
  return c < 0 || c >= SIZE || r < 0 || r >= SIZE ? -1 : r * SIZE + c;
}

export function step(s: Square, dir: Direction): Square {
  const [dx, dy] = DELTA[dir];
  return offset(s, dx, dy);
}

export const ORTHOGONAL: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];
export const DIAGONAL: readonly (readonly [number, number])[] = [
  [1, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
];

/** A block on the board, in the state and (with square names) in the view. */
export interface Block {
  readonly seat: Seat;
  readonly square: Square;
  readonly top: Face;
  readonly north: Face;
  readonly east: Face;
}

/** Which seat's block stands on each square (-1 empty). */
export function occupancy(blocks: readonly Block[]): Int8Array {
  const occ = new Int8Array(SQUARES).fill(-1);
  for (const b of blocks) occ[b.square] = b.seat;
  return occ;
}

export function sortBlocks(blocks: readonly Block[]): Block[] {
  return [...blocks].sort((a, b) => a.square - b.square);
}
