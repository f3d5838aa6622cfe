/**
 * Training positions for Reversi's pattern evaluation (src/engine/reversi/pattern-eval.ts), by self-play:
 * each game opens with OPEN_MIN–OPEN_MAX uniformly random moves (so the games differ), then both sides play
 * the `expert` search (EVAL: its hand-made evaluation unless told) at BUDGET nodes a move until EXACT empties
 * are left, and from there the exact solve (perfect play). Every position with a move to make is written with
 * the game's final disc margin for the side to move (empty squares to the winner): exact from EXACT empties
 * on, the result of fair play before. Rows of 5 int32 (pl, ph, ol, oh, margin), appended to OUT every 50
 * games; run one a core with other SEEDs. Deterministic: the same SEED and GAMES give the same file.
 * bench/README.md has the commands that made the committed weights; bench/reversi-train.ts fits them.
 */
import { appendFileSync } from 'node:fs';
import { Rng, seedRng } from '../src/engine/core';
import { type Evaluation, ReversiSearch, after, searchBest } from '../src/engine/reversi/search';
import { playGame, popcount } from './reversi-positions';

const GAMES = Number(process.env.GAMES ?? 100);
const SEED = process.env.SEED ?? 'selfplay';
const OUT = process.env.OUT ?? '/tmp/selfplay.bin';
const BUDGET = Number(process.env.BUDGET ?? 15_000);
const EXACT = Number(process.env.EXACT ?? 14);
const OPEN_MIN = Number(process.env.OPEN_MIN ?? 4);
const OPEN_MAX = Number(process.env.OPEN_MAX ?? 18);
/** The weights of pattern-weights.ts came from games of the hand-made evaluation. */
const EVAL = (process.env.EVAL ?? 'classic') as Evaluation;

const scratch = new Int32Array(2);

/** The exact solve: the move with the best final margin (PVS at the root). */
function exactBest(moves: readonly { sq: number }[], pl: number, ph: number, ol: number, oh: number): number {
  const search = new ReversiSearch('classic');
  let best = moves[0]!.sq;
  let alpha = -Infinity;
  for (const [k, m] of moves.entries()) {
    const [a, b, c, d] = after(m.sq, pl, ph, ol, oh, scratch);
    let v: number;
    if (k === 0) v = -search.search(a, b, c, d, 64, -Infinity, Infinity, 1, false);
    else {
      v = -search.search(a, b, c, d, 64, -alpha - 1, -alpha, 1, false);
      if (v > alpha) v = -search.search(a, b, c, d, 64, -Infinity, -alpha, 1, false);
    }
    if (v > alpha) {
      alpha = v;
      best = m.sq;
    }
  }
  return best;
}

function game(rng: Rng): number[][] {
  const open = OPEN_MIN + rng.int(OPEN_MAX - OPEN_MIN + 1);
  const { seen, margin } = playGame((ply, moves, [pl, ph, ol, oh]) => {
    const empties = 64 - popcount(pl) - popcount(ph) - popcount(ol) - popcount(oh);
    if (ply < open) return rng.pick(moves).sq;
    if (empties <= EXACT) return exactBest(moves, pl, ph, ol, oh);
    return searchBest(rng.shuffle(moves), pl, ph, ol, oh, BUDGET, EVAL).move.sq;
  });
  return seen.map(({ pos, black }) => [...pos, black ? margin : -margin]);
}

function main(): void {
  const rng = new Rng(seedRng(SEED));
  let rows: number[][] = [];
  let positions = 0;
  const t0 = Date.now();
  for (let g = 1; g <= GAMES; g++) {
    rows.push(...game(rng));
    if (g % 50 === 0 || g === GAMES) {
      positions += rows.length;
      appendFileSync(OUT, Buffer.from(Int32Array.from(rows.flat()).buffer));
      rows = [];
      console.log(`${g} games, ${positions} positions, ${((Date.now() - t0) / g).toFixed(0)} ms a game`);
    }
  }
}

main();
