/**
 * The `expert` bot's evaluation: a sum of pattern weights (patterns.ts) fitted to self-play games
 * (bench/reversi-train.ts), plus a mobility term, per phase. It predicts the final disc margin for the side
 * to move, in 1/WEIGHT_SCALE of a disc.
 */
import { PHASES, PHASE_WEIGHTS, phaseOf } from './patterns';
import { BIAS, MOBILITY, WEIGHTS } from './pattern-weights';

export const WEIGHT_SCALE = 64;

/**
 * The packing of the weights into a string (engines do no I/O and import nothing of Node's, so no gzip, no
 * file): most weights are 0 (configurations the games never showed), so the list is pairs of varints, the
 * number of zeros before a weight and the weight (zigzag: 2v, or −2v − 1 below 0), each varint 5 bits a
 * character of the base64 alphabet (DIGITS; from index 32 on when more characters of the varint follow).
 * Measured: 2.8 characters a weight that is not 0 (2.1 M characters for 747 k); base64 of the gzip of the raw
 * Int16s took about 2.5.
 */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT_OF: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) t[DIGITS.charCodeAt(i)] = i;
  return t;
})();

export function encodeWeights(weights: Int16Array): string {
  const out: string[] = [];
  const varint = (v: number): void => {
    while (v >= 32) {
      out.push(DIGITS[32 + (v & 31)] as string);
      v >>>= 5;
    }
    out.push(DIGITS[v] as string);
  };
  let zeros = 0;
  for (const w of weights) {
    if (w === 0) {
      zeros++;
      continue;
    }
    varint(zeros);
    varint(w >= 0 ? 2 * w : -2 * w - 1);
    zeros = 0;
  }
  return out.join('');
}

export function decodeWeights(text: string, length: number): Int16Array {
  const out = new Int16Array(length);
  let at = 0;
  let j = 0;
  const varint = (): number => {
    let v = 0;
    let shift = 0;
    for (;;) {
      const d = DIGIT_OF[text.charCodeAt(at++)] as number;
      if (d < 32) return v + d * 2 ** shift;
      v += (d - 32) * 2 ** shift;
      shift += 5;
    }
  };
  while (at < text.length) {
    j += varint();
    const z = varint();
    out[j++] = z & 1 ? -(z + 1) / 2 : z / 2;
  }
  return out;
}

let weights: Int16Array | null = null;
/** The weights, unpacked at first use (PHASES × PHASE_WEIGHTS Int16s, about 5 MB). */
function loaded(): Int16Array {
  if (weights === null) weights = decodeWeights(WEIGHTS, PHASES * PHASE_WEIGHTS);
  return weights;
}

const MOBILITY_SCALED = MOBILITY.map((m) => m * WEIGHT_SCALE);
const BIAS_SCALED = BIAS.map((b) => b * WEIGHT_SCALE);
/**
 * The score for the side to move, from its pattern indexes (patterns.ts `patternIndexes`), the number of
 * empty squares and its mobility (its moves − the other side's).
 */
export function patternScore(indexes: Int32Array, empties: number, mobility: number): number {
  const w = loaded();
  const phase = phaseOf(empties);
  const base = phase * PHASE_WEIGHTS;
  let v = (BIAS_SCALED[phase] as number) + (MOBILITY_SCALED[phase] as number) * mobility;
  for (let i = 0; i < indexes.length; i++) v += w[base + (indexes[i] as number)] as number;
  return Math.round(v);
}
