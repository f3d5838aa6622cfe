/**
 * Reversi (Othello), World Othello Federation rules as written in shared/rules/reversi.md.
 *
 * - Board: 8x8, `a1` top-left, rows 1–8 from the top. Seat 0 is black and moves first; seat 1 is white.
 * - Move on the wire: `{ "square": "d3" }`. Passes are never sent: when the player to move has no legal
 *   move but the opponent has, the engine skips them inside `apply` and the view's `skipped` says so.
 *   The game ends when neither side can move.
 * - Scoring: discs by seat; more discs wins, equal counts share the win (a draw).
 * - No options and no hidden information.
 * - ILLEGAL_MOVE reasons: `reversi/occupied`, `reversi/no-flips`.
 *   MALFORMED_MOVE reasons: `reversi/not-an-object`, `reversi/unknown-field`, `reversi/no-square`, `reversi/bad-square`.
 */
import { type GameEngine, type Result, type Seat, invalidOptions, ok } from '../core';
import { lowestBit, moveMask } from './bitboard';
import { bitsOfBoard } from './board';
import { type ReversiMove, makeMove, parseMove } from './notation';
import { type ReversiState, apply, outcome, scores, setup } from './rules';
import { type ReversiView, redactMove, view } from './view';

export type { ReversiMove } from './notation';
export type { ReversiState } from './rules';
export type { ReversiView } from './view';
export { perft } from './perft';
export { parseBoard, formatBoard, BLACK, WHITE } from './board';
export { makeSquare, parseSquare } from './notation';

export type ReversiOptions = Record<string, never>;

function parseOptions(raw: unknown): Result<ReversiOptions> {
  if (raw === undefined || raw === null) return ok({});
  if (typeof raw !== 'object' || Array.isArray(raw)) return invalidOptions('Options must be an object.');
  const names = Object.keys(raw);
  if (names.length > 0)
    return invalidOptions(`Reversi has no options (got ${names.slice(0, 5).join(', ')}).`, 'reversi/unknown-option');
  return ok({});
}

const scratch = new Int32Array(4);

/** Ascending squares. An array, built at once: cheaper for bots than a generator's step per move. */
function legalMoves(state: ReversiState, seat: Seat): ReversiMove[] {
  const moves: ReversiMove[] = [];
  if (state.turn !== seat) return moves;
  bitsOfBoard(state.board, scratch);
  if (seat === 0)
    moveMask(scratch[0] as number, scratch[1] as number, scratch[2] as number, scratch[3] as number, scratch);
  else moveMask(scratch[2] as number, scratch[3] as number, scratch[0] as number, scratch[1] as number, scratch);
  let ml = scratch[0] as number;
  let mh = scratch[1] as number;
  for (; ml !== 0; ml &= ml - 1) moves.push({ square: lowestBit(ml) });
  for (; mh !== 0; mh &= mh - 1) moves.push({ square: lowestBit(mh) + 32 });
  return moves;
}

export const reversiEngine: GameEngine<ReversiState, ReversiMove, ReversiView, ReversiOptions> = {
  id: 'reversi',
  rulesVersion: 1,
  seats: { min: 2, max: 2 },
  options: [],
  parseOptions,
  parseMove,
  encodeMove: makeMove,
  setup: () => setup(),
  toMove: (state) => (state.turn === null ? [] : [state.turn]),
  legalMoves,
  apply,
  outcome,
  scores,
  view,
  redactMove,
};
