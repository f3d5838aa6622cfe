import { type Cells, generateMoves, hasMove, opponent, playInPlace, undoInPlace } from './board';

/**
 * Leaf count of the game tree to `depth`, with a pass counted as a ply and a finished game as a leaf
 * (Aart Bik's convention, the one the published tables use). Mutates `cells` during the walk and restores it.
 */
export function perft(cells: Cells, colour: number, depth: number): number {
  const moveBuf = Array.from({ length: depth + 1 }, () => new Int8Array(32));
  const flipBuf = Array.from({ length: depth + 1 }, () => new Int8Array(24));
  const walk = (side: number, d: number, passed: boolean): number => {
    if (d === 0) return 1;
    const moves = moveBuf[d] as Int8Array;
    const n = generateMoves(cells, side, moves);
    if (n === 0) {
      if (passed || !hasMove(cells, opponent(side))) return 1; // game over: a leaf
      return walk(opponent(side), d - 1, true);
    }
    if (d === 1) return n;
    const flips = flipBuf[d] as Int8Array;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const sq = moves[i] as number;
      const k = playInPlace(cells, sq, side, flips);
      total += walk(opponent(side), d - 1, false);
      undoInPlace(cells, sq, side, flips, k);
    }
    return total;
  };
  return walk(colour, depth, false);
}
