/** Positions as the expert search takes them (bitboards, the side to move first), for the bench/reversi-* scripts. */
import { moveMask, popcount } from '../src/engine/reversi/bitboard';
import { after } from '../src/engine/reversi/search';

export { popcount };

/** The start: black (to move) on d5 and e4, white on d4 and e5, as [pl, ph, ol, oh]. */
export const START: readonly [number, number, number, number] = [1 << 28, 1 << 3, 1 << 27, 1 << 4];

const scratch = new Int32Array(2);

/** The legal moves of the side owning p, as `{ sq }` in square order. */
export function movesOf(pl: number, ph: number, ol: number, oh: number): { sq: number }[] {
  moveMask(pl, ph, ol, oh, scratch);
  const out: { sq: number }[] = [];
  for (let sq = 0; sq < 64; sq++) if ((((scratch[sq >> 5] as number) >>> (sq & 31)) & 1) === 1) out.push({ sq });
  return out;
}

export type Position = [number, number, number, number];

/**
 * One game from the start: `choose` picks each move of the side to move (`black` says which colour it is);
 * passes are made for it. Answers every position that had a move to make, and the final margin for black
 * (the empty squares to the winner, the usual Othello count).
 */
export function playGame(choose: (ply: number, moves: { sq: number }[], pos: Position, black: boolean) => number): {
  seen: { pos: Position; black: boolean }[];
  margin: number;
} {
  let [pl, ph, ol, oh] = START;
  let black = true;
  const seen: { pos: Position; black: boolean }[] = [];
  for (let ply = 0; ; ply++) {
    let moves = movesOf(pl, ph, ol, oh);
    if (moves.length === 0) {
      if (movesOf(ol, oh, pl, ph).length === 0) break;
      [pl, ph, ol, oh] = [ol, oh, pl, ph];
      black = !black;
      moves = movesOf(pl, ph, ol, oh);
    }
    const pos: Position = [pl, ph, ol, oh];
    seen.push({ pos, black });
    [pl, ph, ol, oh] = after(choose(ply, moves, pos, black), pl, ph, ol, oh, scratch);
    black = !black;
  }
  const b = black ? popcount(pl) + popcount(ph) : popcount(ol) + popcount(oh);
  const w = black ? popcount(ol) + popcount(oh) : popcount(pl) + popcount(ph);
  const empty = 64 - b - w;
  return { seen, margin: b > w ? b - w + empty : b < w ? b - w - empty : 0 };
}
