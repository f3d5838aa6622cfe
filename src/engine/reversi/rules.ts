import { type Outcome, type Result, type Seat, fail, gameOver, illegal, notYourTurn, ok } from '../core';
import { BLACK, WHITE, countDiscs, formatBoard, hasMove, parseBoard, playInPlace } from './board';
import { type ReversiMove, makeSquare } from './notation';

/** Seat 0 plays black and moves first; seat 1 plays white. */
export const colourOf = (seat: Seat): number => (seat === 0 ? BLACK : WHITE);

export interface ReversiState {
  /** 64 characters `B`, `W` or `.`, row by row from a1 (top-left). */
  readonly board: string;
  /** The seat to move, or null once neither seat can move. */
  readonly turn: Seat | null;
  readonly moves: number;
  readonly lastMove: { readonly seat: Seat; readonly square: string; readonly flipped: number } | null;
  /** The seat that had to pass right after the last move, if any. */
  readonly skipped: Seat | null;
}

export const START_BOARD = (() => {
  const cells = new Uint8Array(64);
  cells[3 * 8 + 3] = WHITE; // d4
  cells[4 * 8 + 4] = WHITE; // e5
  cells[4 * 8 + 3] = BLACK; // d5
  cells[3 * 8 + 4] = BLACK; // e4
  return formatBoard(cells);
})();

export function setup(): ReversiState {
  return { board: START_BOARD, turn: 0, moves: 0, lastMove: null, skipped: null };
}

/**
 * Plays `move` for `seat`. Passing is never a move: after the move, if the opponent has no legal move
 * but the mover does, the opponent is skipped; if neither has one, the game is over.
 */
export function apply(state: ReversiState, seat: Seat, move: ReversiMove): Result<ReversiState> {
  if (state.turn === null) return gameOver();
  if (seat !== state.turn) return seat === 0 || seat === 1 ? notYourTurn() : fail('NOT_YOUR_TURN', 'No such seat.');
  const cells = parseBoard(state.board);
  const colour = colourOf(seat);
  if (cells[move.square] !== 0) return illegal('reversi/occupied', `${makeSquare(move.square)} is already taken.`);
  const flipped = playInPlace(cells, move.square, colour, new Int8Array(20));
  if (flipped === 0) return illegal('reversi/no-flips', `${makeSquare(move.square)} flips no disc.`);

  const other: Seat = 1 - seat;
  let turn: Seat | null = other;
  let skipped: Seat | null = null;
  if (!hasMove(cells, colourOf(other))) {
    if (hasMove(cells, colour)) {
      turn = seat;
      skipped = other;
    } else {
      turn = null;
    }
  }
  return ok({
    board: formatBoard(cells),
    turn,
    moves: state.moves + 1,
    lastMove: { seat, square: makeSquare(move.square), flipped },
    skipped,
  });
}

export function scores(state: ReversiState): number[] {
  const { black, white } = countDiscs(parseBoard(state.board));
  return [black, white];
}

export function outcome(state: ReversiState): Outcome | null {
  if (state.turn !== null) return null;
  const [black, white] = scores(state) as [number, number];
  const winners = black > white ? [0] : white > black ? [1] : [0, 1];
  return { winners, scores: [black, white], reason: black === white ? 'reversi/draw' : 'reversi/no-moves', draw: black === white };
}
