import { flipMask, lowestBit, moveMask, popcount } from './bitboard';
import { BLACK, type Cells, bitsOfCells } from './board';

/**
 * Leaf count of the game tree to `depth`, with a pass counted as a ply and a finished game as a leaf
 * (Aart Bik's convention, the one the published tables use). Walks bitboards (copy-make, nothing to undo);
 * `cells` is only read. The last ply is counted, not played: the leaves under a node are its legal moves.
 */
export function perft(cells: Cells, colour: number, depth: number): number {
  const bits = new Int32Array(4);
  bitsOfCells(cells, bits);
  const [bl, bh, wl, wh] = bits as unknown as [number, number, number, number];
  if (depth === 0) return 1;
  return colour === BLACK ? walk(bl, bh, wl, wh, depth, false) : walk(wl, wh, bl, bh, depth, false);
}

const scratch = new Int32Array(2);

/** `p` is the side to move, `o` the other; `d` >= 1 plies to go. */
function walk(pl: number, ph: number, ol: number, oh: number, d: number, passed: boolean): number {
  moveMask(pl, ph, ol, oh, scratch);
  let ml = scratch[0] as number;
  let mh = scratch[1] as number;
  if ((ml | mh) === 0) {
    if (passed) return 1; // neither side can move: the game is over, a leaf
    moveMask(ol, oh, pl, ph, scratch);
    if (((scratch[0] as number) | (scratch[1] as number)) === 0) return 1;
    return d === 1 ? 1 : walk(ol, oh, pl, ph, d - 1, true);
  }
  if (d === 1) return popcount(ml) + popcount(mh);
  let total = 0;
  while (ml !== 0) {
    const sq = lowestBit(ml);
    ml &= ml - 1;
    flipMask(sq, pl, ph, ol, oh, scratch);
    const fl = scratch[0] as number;
    const fh = scratch[1] as number;
    total += walk(ol ^ fl, oh ^ fh, pl | fl | (1 << sq), ph | fh, d - 1, false);
  }
  while (mh !== 0) {
    const sq = lowestBit(mh) + 32;
    mh &= mh - 1;
    flipMask(sq, pl, ph, ol, oh, scratch);
    const fl = scratch[0] as number;
    const fh = scratch[1] as number;
    total += walk(ol ^ fl, oh ^ fh, pl | fl, ph | fh | (1 << sq), d - 1, false);
  }
  return total;
}
