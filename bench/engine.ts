/**
 * Part 1: the Reversi engine alone, in this process, before anything else is started.
 * - perft(9) from the start position (must be 3,005,288), as leaves per second (the best of 3 walks);
 * - legal-move generation per position over ~5,000 positions from seeded random playouts, through the raw
 *   bitboard generator (`moveMask` on bitboards made beforehand, the count by popcount) and through the public
 *   `reversiEngine.legalMoves` (which parses the JSON state's board string and builds the move objects on
 *   every call).
 */
import { performance } from 'node:perf_hooks';
import { Rng, seedRng } from '../src/engine/core';
import { BLACK, type ReversiState, parseBoard, perft, reversiEngine } from '../src/engine/reversi';
import { moveMask, popcount } from '../src/engine/reversi/bitboard';
import { bitsOfBoard } from '../src/engine/reversi/board';
import { START_BOARD } from '../src/engine/reversi/rules';

export const PERFT_DEPTH = 9;
export const PERFT_EXPECTED = 3_005_288;

export interface EngineResult {
  perft: { depth: number; leaves: number; expected: number; correct: boolean; ms: number; leavesPerSecond: number };
  legalMoves: {
    positions: number;
    playouts: number;
    seed: string;
    /** Sum of legal-move counts over all positions: both paths must agree. */
    totalMoves: number;
    rawNsPerPosition: number;
    publicNsPerPosition: number;
    rawPasses: number;
    publicPasses: number;
  };
}

/** Positions with a seat to move, from whole random games played with a seeded Rng (no Math.random). */
export function collectPositions(count: number, seed: string): { states: ReversiState[]; playouts: number } {
  const rng = new Rng(seedRng(seed));
  const states: ReversiState[] = [];
  let playouts = 0;
  while (states.length < count) {
    playouts++;
    let state = reversiEngine.setup({ seed, seats: 2, options: {} });
    while (state.turn !== null && states.length < count) {
      states.push(state);
      const moves = [...reversiEngine.legalMoves(state, state.turn)];
      const next = reversiEngine.apply(state, state.turn, rng.pick(moves));
      if (!next.ok) throw new Error(`playout: ${next.error.message}`);
      state = next.value;
    }
  }
  return { states, playouts };
}

/** Runs `pass` (one sweep over all positions, returning a checksum) until `minMs` has passed; best sweep wins. */
function timeSweeps(pass: () => number, minMs: number): { bestMs: number; passes: number; checksum: number } {
  let bestMs = Infinity;
  let passes = 0;
  let checksum = 0;
  const until = performance.now() + minMs;
  do {
    const t0 = performance.now();
    checksum = pass();
    const ms = performance.now() - t0;
    if (ms < bestMs) bestMs = ms;
    passes++;
  } while (performance.now() < until || passes < 3);
  return { bestMs, passes, checksum };
}

export function runEngineBench(log: (line: string) => void): EngineResult {
  // perft: once at depth 7 to warm the JIT, then the depth-9 walk 3 times; the fastest counts (a shared
  // machine only ever slows a run down).
  perft(parseBoard(START_BOARD), BLACK, 7);
  const cells = parseBoard(START_BOARD);
  let leaves = 0;
  let ms = Infinity;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    leaves = perft(cells, BLACK, PERFT_DEPTH);
    ms = Math.min(ms, performance.now() - t0);
  }
  const perftResult = {
    depth: PERFT_DEPTH,
    leaves,
    expected: PERFT_EXPECTED,
    correct: leaves === PERFT_EXPECTED,
    ms,
    leavesPerSecond: leaves / (ms / 1000),
  };
  log(
    `perft(${PERFT_DEPTH}) = ${leaves.toLocaleString('en-US')} ${perftResult.correct ? '(correct)' : `(WRONG: expected ${PERFT_EXPECTED})`} in ${ms.toFixed(0)} ms`,
  );

  const seed = 'turnbase-bench/positions';
  const { states, playouts } = collectPositions(5000, seed);
  // Bitboards of the side to move then the other, 4 int32 per position.
  const bits = new Int32Array(4 * states.length);
  const one = new Int32Array(4);
  states.forEach((s, i) => {
    bitsOfBoard(s.board, one);
    bits.set(s.turn === 0 ? one : [one[2] as number, one[3] as number, one[0] as number, one[1] as number], 4 * i);
  });
  const seats = states.map((s) => s.turn as number);
  const mask = new Int32Array(2);

  const raw = (): number => {
    let total = 0;
    for (let i = 0; i < bits.length; i += 4) {
      moveMask(bits[i] as number, bits[i + 1] as number, bits[i + 2] as number, bits[i + 3] as number, mask);
      total += popcount(mask[0] as number) + popcount(mask[1] as number);
    }
    return total;
  };
  const pub = (): number => {
    let total = 0;
    for (let i = 0; i < states.length; i++) {
      for (const _ of reversiEngine.legalMoves(states[i] as ReversiState, seats[i] as number)) total++;
    }
    return total;
  };
  const r = timeSweeps(raw, 600);
  const p = timeSweeps(pub, 600);
  if (r.checksum !== p.checksum) throw new Error(`legal moves disagree: raw ${r.checksum}, public ${p.checksum}`);
  const legal = {
    positions: states.length,
    playouts,
    seed,
    totalMoves: r.checksum,
    rawNsPerPosition: (r.bestMs * 1e6) / states.length,
    publicNsPerPosition: (p.bestMs * 1e6) / states.length,
    rawPasses: r.passes,
    publicPasses: p.passes,
  };
  log(
    `legal moves over ${states.length} positions (${playouts} playouts, ${r.checksum} moves): raw ${legal.rawNsPerPosition.toFixed(0)} ns, public ${legal.publicNsPerPosition.toFixed(0)} ns per position`,
  );
  return { perft: perftResult, legalMoves: legal };
}
