import type { LogContext, RedactedMove, Seat, Viewer } from '../core';
import { type ReversiMove, makeSquare } from './notation';
import { type ReversiState, scores } from './rules';

/** Reversi has no hidden information: every viewer sees the same view. */
export interface ReversiView {
  /** 8 strings, rows 1 to 8 from the top, columns a to h; `B`, `W` or `.`. */
  readonly board: string[];
  readonly discs: { readonly black: number; readonly white: number };
  readonly turn: Seat | null;
  readonly moves: number;
  readonly lastMove: { readonly seat: Seat; readonly square: string; readonly flipped: number } | null;
  /** The seat skipped by a pass right after the last move, if any. */
  readonly skipped: Seat | null;
}

export function view(state: ReversiState, _viewer: Viewer): ReversiView {
  const [black, white] = scores(state) as [number, number];
  const board: string[] = [];
  for (let r = 0; r < 8; r++) board.push(state.board.slice(r * 8, r * 8 + 8));
  return {
    board,
    discs: { black, white },
    turn: state.turn,
    moves: state.moves,
    lastMove: state.lastMove,
    skipped: state.skipped,
  };
}

export function redactMove(ctx: LogContext<ReversiState, ReversiMove>, _viewer: Viewer): RedactedMove {
  return {
    move: { square: makeSquare(ctx.move.square) },
    effects: { flipped: ctx.after.lastMove?.flipped ?? 0, skipped: ctx.after.skipped },
  };
}
