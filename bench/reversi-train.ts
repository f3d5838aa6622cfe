/**
 * Fits Reversi's pattern evaluation (src/engine/reversi/pattern-eval.ts) to self-play positions
 * (bench/reversi-selfplay.ts): for each phase, a linear model of the final disc margin for the side to move,
 * y ≈ Σ weight[pattern instance's index] + mobilityWeight × (my moves − their moves) + bias, fitted by
 * stochastic gradient descent on the phase's positions and its neighbours' (patterns change slowly from one
 * phase to the next; the neighbours double the data a weight sees). Symmetric readings of an instance share
 * a weight (canonical index), which is the same as training on the 8 symmetries of every position.
 * Holds back every 20th run of 61 positions (about a game) to report the fit: the mean squared error in discs²
 * when predicting 0, and fitted, per phase. Writes src/engine/reversi/pattern-weights.ts.
 *   tsc -p bench/tsconfig.json && IN=/work/data/sp-a.bin,/work/data/sp-b.bin node dist-bench/bench/reversi-train.js
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { moveMask } from '../src/engine/reversi/bitboard';
import { popcount } from './reversi-positions';
import {
  INSTANCES,
  PHASES,
  PHASE_WEIGHTS,
  SHAPES,
  SHAPE_OFFSET,
  SHAPE_SIZE,
  SYMMETRIES,
  patternIndexes,
  phaseOf,
} from '../src/engine/reversi/patterns';
import { WEIGHT_SCALE, decodeWeights, encodeWeights } from '../src/engine/reversi/pattern-eval';

const IN = (process.env.IN ?? '/work/data/sp-a.bin').split(',');
const EPOCHS = Number(process.env.EPOCHS ?? 20);
const RATE = Number(process.env.RATE ?? 0.004);
const DECAY = Number(process.env.DECAY ?? 0.2);
const OUT = process.env.OUT ?? 'src/engine/reversi/pattern-weights.ts';

/**
 * CANON[w]: for weight w (offset + index), the smallest index among the readings of the same squares under
 * the symmetries that map the shape's squares onto themselves.
 */
const CANON: Int32Array = (() => {
  const canon = new Int32Array(PHASE_WEIGHTS);
  SHAPES.forEach((shape, s) => {
    const squares = shape.squares.map(([r, c]) => r * 8 + c);
    const perms: number[][] = [];
    for (const sym of SYMMETRIES) {
      const mapped = shape.squares.map(([r, c]) => {
        const [r2, c2] = sym(r, c);
        return r2 * 8 + c2;
      });
      if ([...mapped].sort((a, b) => a - b).join() !== [...squares].sort((a, b) => a - b).join()) continue;
      // Digit k of the reading moves to the place of the square it lands on.
      perms.push(mapped.map((sq) => squares.indexOf(sq)));
    }
    const n = squares.length;
    const size = SHAPE_SIZE[s] as number;
    const off = SHAPE_OFFSET[s] as number;
    const digits = new Int8Array(n);
    for (let idx = 0; idx < size; idx++) {
      let x = idx;
      for (let k = 0; k < n; k++) {
        digits[k] = x % 3;
        x = Math.floor(x / 3);
      }
      let best = idx;
      for (const p of perms) {
        let v = 0;
        for (let k = 0; k < n; k++) v += (digits[k] as number) * 3 ** (p[k] as number);
        if (v < best) best = v;
      }
      canon[off + idx] = off + best;
    }
  });
  return canon;
})();

function main(): void {
  const rows = IN.map((f) => new Int32Array(new Uint8Array(readFileSync(f)).buffer));
  const total = rows.reduce((a, r) => a + r.length / 5, 0);
  const F = INSTANCES.length;
  const features = new Int32Array(total * F);
  const mobility = new Int8Array(total);
  const phase = new Int8Array(total);
  const label = new Int8Array(total);
  const scratch = new Int32Array(2);
  const idx = new Int32Array(F);
  let n = 0;
  for (const r of rows) {
    for (let k = 0; k < r.length; k += 5) {
      const [pl, ph, ol, oh, y] = [r[k]!, r[k + 1]!, r[k + 2]!, r[k + 3]!, r[k + 4]!];
      patternIndexes(pl, ph, ol, oh, idx);
      for (let f = 0; f < F; f++) features[n * F + f] = CANON[idx[f]!]!;
      moveMask(pl, ph, ol, oh, scratch);
      const mine = popcount(scratch[0]!) + popcount(scratch[1]!);
      moveMask(ol, oh, pl, ph, scratch);
      const theirs = popcount(scratch[0]!) + popcount(scratch[1]!);
      mobility[n] = mine - theirs;
      phase[n] = phaseOf(64 - popcount(pl) - popcount(ph) - popcount(ol) - popcount(oh));
      label[n] = y;
      n++;
    }
  }
  console.log(`${n} positions from ${IN.join(', ')}`);

  const weights = new Float32Array(PHASES * PHASE_WEIGHTS);
  const mobilityWeight = new Float32Array(PHASES);
  const bias = new Float32Array(PHASES);
  const byPhase: number[][] = Array.from({ length: PHASES }, () => []);
  for (let i = 0; i < n; i++) byPhase[phase[i]!]!.push(i);

  let seed = 1;
  const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let p = 0; p < PHASES; p++) {
    const w = new Float32Array(PHASE_WEIGHTS);
    let mw = 0;
    let b = 0;
    const own = byPhase[p]!;
    const train: number[] = [];
    const test: number[] = [];
    for (const i of [...(byPhase[p - 1] ?? []), ...own, ...(byPhase[p + 1] ?? [])]) {
      if (Math.floor(i / 61) % 20 === 0) {
        if (phase[i] === p) test.push(i);
      } else train.push(i);
    }
    const predict = (i: number): number => {
      let v = b + mw * mobility[i]!;
      const base = i * F;
      for (let f = 0; f < F; f++) v += w[features[base + f]!]!;
      return v;
    };
    const mse = (set: number[]): number => set.reduce((a, i) => a + (predict(i) - label[i]!) ** 2, 0) / set.length;
    const zero = test.reduce((a, i) => a + label[i]! ** 2, 0) / Math.max(1, test.length);
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      // Shuffle (Fisher–Yates), then one step a position; the rate falls over the epochs.
      for (let k = train.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [train[k], train[j]] = [train[j]!, train[k]!];
      }
      const rate = RATE * (1 - epoch / EPOCHS) + RATE / 10;
      for (const i of train) {
        const err = label[i]! - predict(i);
        const base = i * F;
        for (let f = 0; f < F; f++) {
          const j = features[base + f]!;
          w[j] = w[j]! + rate * (err - DECAY * w[j]!);
        }
        mw += (rate / 50) * err * mobility[i]!;
        b += (rate / 10) * err;
      }
    }
    // Every reading of a configuration gets its canonical weight.
    for (let j = 0; j < PHASE_WEIGHTS; j++) weights[p * PHASE_WEIGHTS + j] = w[CANON[j]!]!;
    mobilityWeight[p] = mw;
    bias[p] = b;
    console.log(
      `phase ${p} (${p * 4}-${p * 4 + 3} empties): ${own.length} positions, held back ${test.length}: ` +
        `mse ${zero.toFixed(1)} at 0, ${mse(test).toFixed(1)} fitted (train ${mse(train).toFixed(1)}); mobility ${mw.toFixed(2)}, bias ${b.toFixed(2)}`,
    );
  }

  // Integers at WEIGHT_SCALE a disc, packed (pattern-eval.ts encodeWeights); checked by unpacking.
  const q = new Int16Array(weights.length);
  for (let j = 0; j < weights.length; j++)
    q[j] = Math.max(-32767, Math.min(32767, Math.round(weights[j]! * WEIGHT_SCALE)));
  const packed = encodeWeights(q);
  const back = decodeWeights(packed, q.length);
  if (back.some((v, j) => v !== q[j])) throw new Error('the packed weights do not unpack to the same');
  const nonZero = q.reduce((a, v) => a + (v !== 0 ? 1 : 0), 0);
  const text =
    `/**\n * Generated by bench/reversi-train.ts (EPOCHS=${EPOCHS} RATE=${RATE} DECAY=${DECAY}) from ${n} self-play positions\n` +
    ` * (bench/reversi-selfplay.ts: ${process.env.DATA ?? IN.join(', ')}); do not edit.\n` +
    ` * ${q.length} weights (${nonZero} not 0) at ${WEIGHT_SCALE} a disc, PHASES × PHASE_WEIGHTS (patterns.ts), packed by\n` +
    ` * encodeWeights (pattern-eval.ts).\n */\n` +
    `export const MOBILITY: readonly number[] = [${[...mobilityWeight].map((x) => x.toFixed(4)).join(', ')}];\n` +
    `export const BIAS: readonly number[] = [${[...bias].map((x) => x.toFixed(4)).join(', ')}];\n` +
    `export const WEIGHTS: string =\n  '${packed}';\n`;
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}: ${text.length} characters, ${nonZero} weights not 0`);
}

main();
