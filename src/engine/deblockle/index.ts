/**
 * Deblockle, as written in shared/rules/deblockle.md: 7x7 board (a1 top-left, rows 1–7 from the top), star
 * spaces d2 and d6; seat 0 gold (starts c5 e5 c7 e7, scores on d2), seat 1 blue (starts c1 e1 c3 e3,
 * scores on d6). Exactly 2 seats.
 *
 * - Setup: the engine rolls each seat's blocks (seeded). With `setup: "players"` both seats then move at once,
 *   each placing its OPPONENT's blocks: `{ "type": "setup", "blocks": [{ "square": "c1", "top": "cross",
 *   "north": "slider" }, …] }` (tops = the faces rolled for the opponent, distinct opponent start squares,
 *   north a side face of the top), hidden from the other seat until both have placed. `setup: "random"`
 *   places everything at once and starts in play.
 * - A turn: `{ "from": "c5", "tip": "north", "to": "c3" }` (optional `"type": "turn"`); `to` is the
 *   tipped-onto square for stop, the scoring star for a removal. Skips of a blocked seat happen in `apply`.
 * - End: the first seat to remove all its blocks wins; both seats blocked, or `maxTurns` turns, is a draw.
 *   Scores: blocks removed, by seat.
 * - Options: setup ("players" | "random"), firstSeat (0), blocks (4, 1..4), noSideBySide (false), maxTurns (300).
 * - ILLEGAL_MOVE reasons: setup: `deblockle/setup-pending`, `deblockle/wrong-block-count`,
 *   `deblockle/wrong-squares`, `deblockle/duplicate-square`, `deblockle/wrong-faces`, `deblockle/bad-north`;
 *   play: `deblockle/setup-over`, `deblockle/no-block`, `deblockle/not-your-block`, `deblockle/tip-off-board`,
 *   `deblockle/tip-occupied`, `deblockle/tip-onto-star`, `deblockle/star-face-up`, `deblockle/no-hop`,
 *   `deblockle/hop-onto-star`, `deblockle/hop-occupied`, `deblockle/hop-mismatch`, `deblockle/side-by-side`.
 *   MALFORMED_MOVE reasons: `deblockle/not-an-object`, `deblockle/bad-type`, `deblockle/unknown-field`,
 *   `deblockle/bad-square`, `deblockle/bad-tip`, `deblockle/diagonal-tip`, `deblockle/bad-blocks`, `deblockle/bad-face`.
 *   INVALID_OPTIONS reasons: `deblockle/seats`, `deblockle/not-an-object`, `deblockle/unknown-option`, `deblockle/bad-option`.
 * - Outcome reasons: `deblockle/all-removed`, `deblockle/both-blocked`, `deblockle/max-turns`.
 */
import type { GameEngine } from '../core';
import { type DeblockleMove, encodeMove, parseMove } from './notation';
import { type DeblockleOptions, OPTION_SPECS, parseOptions } from './options';
import { type DeblockleState, apply, legalMoves, outcome, scores, setup, toMove } from './rules';
import { type DeblockleView, redactMove, view } from './view';

export type { Face, Direction, Orientation } from './block';
export type { Block, Square } from './board';
export type { DeblockleMove, WireTurn, WireSetup } from './notation';
export type { DeblockleOptions } from './options';
export type { DeblockleState, LastTurn } from './rules';
export type { PlacedBlock, SetupMove } from './setup';
export type { TurnMove } from './turn';
export type { DeblockleView, BlockView } from './view';
export { FACES, DIRECTIONS, ORIENTATIONS, tip, opposite, sideFaces, eastOf } from './block';
export { makeSquare, parseSquare, START_SQUARES, SCORING_STAR, HOME_STAR } from './board';
export { positionFromBlocks, scrambleHidden, type BlockSpec, type PositionSpec } from './fixtures';
export { findSkipLine, type SkipLine } from './skip-search';

export const deblockleEngine: GameEngine<DeblockleState, DeblockleMove, DeblockleView, DeblockleOptions> = {
  id: 'deblockle',
  rulesVersion: 1,
  chance: true,
  seats: { min: 2, max: 2 },
  options: OPTION_SPECS,
  parseOptions,
  parseMove,
  encodeMove,
  setup,
  toMove,
  legalMoves,
  apply,
  outcome,
  scores,
  view,
  redactMove,
};
