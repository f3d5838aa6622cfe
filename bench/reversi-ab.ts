/**
 * Two evaluations of Reversi's `expert` search against each other (search.ts: 'patterns' and 'classic'), at
 * the same budget in nodes: each opening (OPEN random moves, seeded) is played twice, colours swapped, so an
 * opening's luck cancels out. Prints wins, draws, losses and the mean disc margin of the first.
 *   tsc -p bench/tsconfig.json && PAIRS=20 BUDGET=100000 node dist-bench/bench/reversi-ab.js
 */
import { Rng, seedRng } from '../src/engine/core';
import { type Evaluation, searchBest } from '../src/engine/reversi/search';
import { playGame } from './reversi-positions';

const PAIRS = Number(process.env.PAIRS ?? 10);
const BUDGET = Number(process.env.BUDGET ?? 100_000);
const OPEN = Number(process.env.OPEN ?? 6);
const FIRST = Number(process.env.FIRST ?? 0);
const A = (process.env.A ?? 'patterns') as Evaluation;
const B = (process.env.B ?? 'classic') as Evaluation;

/** The final margin for black; `evals[0]` plays black. */
function play(seed: string, evals: [Evaluation, Evaluation]): number {
  const rng = new Rng(seedRng(seed));
  return playGame((ply, moves, [pl, ph, ol, oh], black) =>
    ply < OPEN
      ? rng.pick(moves).sq
      : searchBest(rng.shuffle(moves), pl, ph, ol, oh, BUDGET, evals[black ? 0 : 1]).move.sq,
  ).margin;
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
