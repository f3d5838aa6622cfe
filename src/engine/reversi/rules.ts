import { type Outcome, type Result, type Seat, fail, gameOver, illegal, notYourTurn, ok } from '../core';
import { flipMask, moveMask, popcount } from './bitboard';
import { BLACK, WHITE, bitsOfBoard, boardOfBits, formatBoard } from './board';
import { type ReversiMove, makeSquare } from './notation';

/** Seat 0 plays black and moves first; seat 1 plays white. Plain JSON, as stored. */
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
  const bits = new Int32Array(4);
  bitsOfBoard(state.board, bits);
  // p = the mover's discs, o = the opponent's, as (lo, hi) halves.
  const black = seat === 0;
  let pl = (black ? bits[0] : bits[2]) as number;
  let ph = (black ? bits[1] : bits[3]) as number;
  let ol = (black ? bits[2] : bits[0]) as number;
  let oh = (black ? bits[3] : bits[1]) as number;
  const sq = move.square;
  const lo = sq < 32;
  // A square off the board (only a typed move from code can carry one) is refused as the mailbox engine did.
  const onBoard = Number.isInteger(sq) && sq >= 0 && sq < 64;
  if (!onBoard || (((lo ? pl | ol : ph | oh) >>> sq) & 1) !== 0)
    return illegal('reversi/occupied', `${makeSquare(sq)} is already taken.`);
  flipMask(sq, pl, ph, ol, oh, bits);
  const fl = bits[0] as number;
  const fh = bits[1] as number;
  const flipped = popcount(fl) + popcount(fh);
  if (flipped === 0) return illegal('reversi/no-flips', `${makeSquare(sq)} flips no disc.`);
  pl |= fl | (lo ? 1 << sq : 0);
  ph |= fh | (lo ? 0 : 1 << sq);
  ol ^= fl;
  oh ^= fh;

  const other: Seat = 1 - seat;
  let turn: Seat | null = other;
  let skipped: Seat | null = null;
  if (!anyMove(ol, oh, pl, ph, bits)) {
    if (anyMove(pl, ph, ol, oh, bits)) {
      turn = seat;
      skipped = other;
    } else {
      turn = null;
    }
  }
  return ok({
    board: black ? boardOfBits(pl, ph, ol, oh) : boardOfBits(ol, oh, pl, ph),
    turn,
    moves: state.moves + 1,
    lastMove: { seat, square: makeSquare(sq), flipped },
    skipped,
  });
}

function anyMove(pl: number, ph: number, ol: number, oh: number, scratch: Int32Array): boolean {
  moveMask(pl, ph, ol, oh, scratch);
  return ((scratch[0] as number) | (scratch[1] as number)) !== 0;
}

export function scores(state: ReversiState): number[] {
  const bits = new Int32Array(4);
  bitsOfBoard(state.board, bits);
  return [
    popcount(bits[0] as number) + popcount(bits[1] as number),
    popcount(bits[2] as number) + popcount(bits[3] as number),
  ];
}

export function outcome(state: ReversiState): Outcome | null {
  if (state.turn !== null) return null;
  const [black, white] = scores(state) as [number, number];
  const winners = black > white ? [0] : white > black ? [1] : [0, 1];
  return {
    winners,
    scores: [black, white],
    reason: black === white ? 'reversi/draw' : 'reversi/no-moves',
    draw: black === white,
  };
}
