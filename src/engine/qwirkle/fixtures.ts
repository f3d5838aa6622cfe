/**
 * Shorthand for specs: a tile is two letters, colour then shape: r o y g b p (red orange yellow green
 * blue purple) and c s d l 4 8 (circle square diamond clover star4 star8). `P('rc', 0, 0)` is a red
 * circle at (0, 0). `position` builds a mid-game state by hand.
 */
import { seedRng } from '../core';
import { chooseStarter } from './rules';
import {
  allTiles,
  type Color,
  COLORS,
  openingSize,
  type PlacedTile,
  type Shape,
  SHAPES,
  sameTile,
  type Tile,
} from './tiles';
import type { QwirkleState } from './types';

const COLOR_CODES = 'roygbp';
const SHAPE_CODES = 'csdl48';

export function T(code: string): Tile {
  const c = COLOR_CODES.indexOf(code[0] ?? '?');
  const s = SHAPE_CODES.indexOf(code[1] ?? '?');
  if (code.length !== 2 || c < 0 || s < 0) throw new Error(`bad tile code ${code}`);
  return { color: COLORS[c] as Color, shape: SHAPES[s] as Shape };
}

export const P = (code: string, x: number, y: number): PlacedTile => ({ ...T(code), x, y });

/** A row of tiles from (x, y) to the right. */
export const row = (codes: string, x: number, y: number): PlacedTile[] =>
  codes.split(' ').map((c, i) => P(c, x + i, y));
/** A column of tiles from (x, y) downwards. */
export const column = (codes: string, x: number, y: number): PlacedTile[] =>
  codes.split(' ').map((c, i) => P(c, x, y + i));

export const hand = (codes: string): Tile[] => (codes ? codes.split(' ').map(T) : []);

/** The 108 tiles minus those given: the rest, in a fixed order, as the bag. */
export function remainder(used: readonly Tile[]): Tile[] {
  const rest = allTiles();
  for (const t of used) {
    const i = rest.findIndex((r) => sameTile(r, t));
    if (i < 0) throw new Error(`too many ${t.color} ${t.shape}`);
    rest.splice(i, 1);
  }
  return rest;
}

/** A state after the opening, seat `current` to move; the bag holds the rest unless given. */
export function position(p: {
  board: PlacedTile[];
  hands: Tile[][];
  bag?: Tile[];
  current?: number;
  scores?: number[];
  turns?: number;
  maxTurns?: number;
}): QwirkleState {
  const used = [...p.board, ...p.hands.flat()];
  const bag = p.bag ?? remainder(used);
  return {
    seats: p.hands.length,
    maxTurns: p.maxTurns ?? 1000,
    board: p.board,
    hands: p.hands,
    bag,
    scores: p.scores ?? p.hands.map(() => 0),
    openingSizes: p.hands.map(() => 1),
    startingSeat: 0,
    current: p.current ?? 0,
    turns: p.turns ?? 1,
    lastTurn: null,
    skipped: [],
    ended: null,
    rng: seedRng('fixture'),
  };
}

/** A state before the first move with the given hands, opening sizes and starter worked out as setup does. */
export function opening(hands: Tile[][]): QwirkleState {
  const sizes = hands.map(openingSize);
  const startingSeat = chooseStarter(sizes);
  return { ...position({ board: [], hands, turns: 0 }), openingSizes: sizes, startingSeat, current: startingSeat };
}

/** Tiles anywhere in the state: hands, grid and bag. */
export const tileTotal = (s: QwirkleState): number =>
  s.board.length + s.bag.length + s.hands.reduce((n, h) => n + h.length, 0);
