/**
 * Qwirkle for 2-6 players (rules: shared/rules/qwirkle.md), rules version 1.
 *
 * Variant: 108 tiles (6 colours x 6 shapes x 3), hands of 6, seeded bag. The seat with the largest
 * opening size (tiles sharing a colour or shape, identical ones once) starts, ties to the lowest seat; its
 * first move places exactly that many tiles in one line, which must cover (0, 0) (our anchor for the
 * unbounded grid). Then each turn places tiles (and refills) or exchanges 1-6 tiles (only while the bag
 * holds as many; drawn before the old ones go back; the bag is then reshuffled). A seat that can neither
 * place nor exchange is skipped inside `apply`. Ends: last tile played with the bag empty (+6),
 * nobody can place with the bag empty, or option `maxTurns` (default 1000) moves made.
 *
 * Moves: `{ "type": "place", "tiles": [{ "color", "shape", "x", "y" }, ...] }` (1-6; integer |x|, |y| <= 1000)
 * and `{ "type": "exchange", "tiles": [{ "color", "shape" }, ...] }` (1-6). Colours red orange yellow
 * green blue purple; shapes circle square diamond clover star4 star8.
 *
 * Scoring: every line of 2+ tiles through a placed tile, once per turn: its length, +6 if it holds 6
 * (a Qwirkle); a lone opening tile scores 1. Highest score wins; equal top scores share the win.
 * `scorePlacement(board, placement)` gives bots the same verdict and points.
 *
 * Legal moves (legal-moves.ts): a lazy generator, single-tile placements first, then longer placements
 * by size, then exchanges; `legalMovesInfo` says cheaply whether the seat can place and exchange.
 *
 * ILLEGAL_MOVE reasons: qwirkle/tiles-not-held, qwirkle/wrong-opening-size, qwirkle/opening-off-origin,
 * qwirkle/opening-must-place, qwirkle/bag-too-small, qwirkle/duplicate-cell, qwirkle/cell-occupied,
 * qwirkle/not-in-line, qwirkle/no-shared-attribute, qwirkle/gap, qwirkle/no-contact,
 * qwirkle/line-too-long, qwirkle/mixed-line, qwirkle/duplicate-tile. `scorePlacement` only:
 * qwirkle/empty-placement, qwirkle/not-a-tile. Outcome reasons: qwirkle/out-of-tiles, qwirkle/blocked,
 * qwirkle/max-turns.
 */
import type { GameEngine } from '../core';
import { legalMoves, legalMovesInfo } from './legal-moves';
import { encodeMove, MAX_TURNS, parseMove, parseOptions, SEATS } from './notation';
import { apply, leave, outcome, setup } from './rules';
import type { QwirkleMove, QwirkleOptions, QwirkleState } from './types';
import { type QwirkleView, redactMove, view } from './view';

export type { EndReason, LastTurn, QwirkleMove, QwirkleOptions, QwirkleState } from './types';
export type { Color, PlacedTile, Shape, Tile } from './tiles';
export { COLORS, SHAPES, TILE_COUNT } from './tiles';
export type { QwirkleView } from './view';
export { scorePlacement, type PlacementScore } from './scoring';
export { legalMoves, legalMovesInfo, type LegalMovesInfo } from './legal-moves';
export { moveSchema, optionsSchema, viewSchema } from './wire-schema';

export const qwirkleEngine: GameEngine<QwirkleState, QwirkleMove, QwirkleView, QwirkleOptions> = {
  id: 'qwirkle',
  rulesVersion: 1,
  chance: true,
  seats: SEATS,
  options: [
    {
      name: 'maxTurns',
      type: 'integer',
      default: MAX_TURNS.default,
      minimum: MAX_TURNS.min,
      maximum: MAX_TURNS.max,
      description: 'The match ends with the scores as they stand after this many moves (skips not counted).',
    },
  ],
  parseOptions,
  parseMove,
  encodeMove,
  setup,
  toMove: (state) => (state.ended === null && state.current !== null ? [state.current] : []),
  legalMoves,
  apply,
  leave,
  outcome,
  scores: (state) => state.scores.slice(),
  view,
  redactMove,
  legalMovesInfo: (state, seat) => ({ ...legalMovesInfo(state, seat) }),
};
