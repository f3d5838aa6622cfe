/**
 * Nodes a CPU second of Reversi's `expert` search (src/engine/reversi/search.ts), to set its `nodesPerSecond`
 * (src/engine/reversi/bots.ts): `searchBest` at 1,000,000 nodes on eight positions of seeded random games 12
 * to 36 moves in, timed with `process.cpuUsage`. EVAL=classic measures the hand-made evaluation.
 *   tsc -p bench/tsconfig.json && node dist-bench/bench/reversi-nps.js
 */
import { Rng, seedRng } from '../src/engine/core';
import { type Evaluation, after, searchBest } from '../src/engine/reversi/search';
import { START, movesOf } from './reversi-positions';

const EVAL = (process.env.EVAL ?? 'patterns') as Evaluation;
const BUDGET = Number(process.env.BUDGET ?? 1_000_000);
const scratch = new Int32Array(2);

let nodes = 0;
let ms = 0;
for (const [i, plies] of [12, 18, 24, 30, 36, 12, 20, 28].entries()) {
  const rng = new Rng(seedRng(`nps-${i}`));
  let [pl, ph, ol, oh] = START;
  for (let k = 0; k < plies; k++) {
    const moves = movesOf(pl, ph, ol, oh);
    if (moves.length === 0) [pl, ph, ol, oh] = [ol, oh, pl, ph];
    else [pl, ph, ol, oh] = after(rng.pick(moves).sq, pl, ph, ol, oh, scratch);
  }
  const moves = movesOf(pl, ph, ol, oh);
  if (moves.length < 2) continue;
  const t0 = process.cpuUsage();
  const r = searchBest(moves, pl, ph, ol, oh, BUDGET, EVAL);
  const dt = process.cpuUsage(t0);
  nodes += r.nodes;
  ms += (dt.user + dt.system) / 1000;
  console.log(
    `${plies} moves in: depth ${r.depth}, ${r.nodes} nodes, ${((dt.user + dt.system) / 1000).toFixed(0)} ms of CPU`,
  );
}
console.log(`${EVAL}: ${(nodes / ms / 1000).toFixed(2)} M nodes a CPU second`);
