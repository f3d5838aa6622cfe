/**
 * Two evaluations of Reversi's `expert` search against each other (search.ts: 'patterns' and 'classic'), at
 * the same budget in nodes: each opening (OPEN random moves, seeded) is played twice, colours swapped, so an
 * opening's luck cancels out. Prints wins, draws, losses and the mean disc margin of the first.
 *   tsc -p bench/tsconfig.json && PAIRS=20 BUDGET=100000 node dist-bench/bench/reversi-ab.js
 */
import { Rng, seedRng } from '../src/engine/core';
import { moveMask } from '../src/engine/reversi/bitboard';
import { type Evaluation, after, searchBest } from '../src/engine/reversi/search';

const PAIRS = Number(process.env.PAIRS ?? 10);
const BUDGET = Number(process.env.BUDGET ?? 100_000);
const OPEN = Number(process.env.OPEN ?? 6);
const FIRST = Number(process.env.FIRST ?? 0);
const A = (process.env.A ?? 'patterns') as Evaluation;
const B = (process.env.B ?? 'classic') as Evaluation;

const scratch = new Int32Array(2);
const popcount = (x: number): number => {
  let n = 0;
  while (x !== 0) {
    x &= x - 1;
    n++;
  }
  return n;
};
function movesOf(pl: number, ph: number, ol: number, oh: number): { sq: number }[] {
  moveMask(pl, ph, ol, oh, scratch);
  const out: { sq: number }[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const bit = sq < 32 ? ((scratch[0] as number) >>> sq) & 1 : ((scratch[1] as number) >>> (sq - 32)) & 1;
    if (bit) out.push({ sq });
  }
  return out;
}

/** The final margin for black; `evals[0]` plays black. */
function play(seed: string, evals: [Evaluation, Evaluation]): number {
  const rng = new Rng(seedRng(seed));
  let [pl, ph, ol, oh] = [1 << 28, 1 << 3, 1 << 27, 1 << 4];
  let black = true;
  for (let ply = 0; ; ply++) {
    let moves = movesOf(pl, ph, ol, oh);
    if (moves.length === 0) {
      if (movesOf(ol, oh, pl, ph).length === 0) break;
      [pl, ph, ol, oh] = [ol, oh, pl, ph];
      black = !black;
      moves = movesOf(pl, ph, ol, oh);
    }
    const sq =
      ply < OPEN
        ? rng.pick(moves).sq
        : searchBest(rng.shuffle(moves), pl, ph, ol, oh, BUDGET, evals[black ? 0 : 1]).move.sq;
    [pl, ph, ol, oh] = after(sq, pl, ph, ol, oh, scratch);
    black = !black;
  }
  const b = black ? popcount(pl) + popcount(ph) : popcount(ol) + popcount(oh);
  const w = black ? popcount(ol) + popcount(oh) : popcount(pl) + popcount(ph);
  return b - w;
}

const tally = { w: 0, d: 0, l: 0, margin: 0 };
for (let i = FIRST; i < FIRST + PAIRS; i++) {
  const asBlack = play(`ab-${i}`, [A, B]);
  const asWhite = -play(`ab-${i}`, [B, A]);
  for (const m of [asBlack, asWhite]) {
    tally[m > 0 ? 'w' : m < 0 ? 'l' : 'd']++;
    tally.margin += m;
  }
  console.log(
    `opening ${i}: ${A} as black ${asBlack > 0 ? '+' : ''}${asBlack}, as white ${asWhite > 0 ? '+' : ''}${asWhite}`,
  );
}
console.log(
  `${A} vs ${B} at ${BUDGET} nodes: W${tally.w} D${tally.d} L${tally.l}, mean margin ${(tally.margin / (2 * PAIRS)).toFixed(1)}`,
);
