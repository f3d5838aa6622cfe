/**
 * Finds a line of real play that reaches a skip (one seat blocked, the other moving twice in a row), for
 * tests that must show one through the public API (e2e), whatever the setup rolled.
 *
 * Both seats are played by the caller, so the search is cooperative: each turn picks, among the legal
 * turns, one that leaves the target seat the fewest legal turns (ties broken by a seeded Rng), and tries
 * again from the start with another tie-break stream when a line runs long.
 *
 * An e2e test over HTTP, whatever seed the server drew: place in setup (any legal placement, e.g. the first
 * of GET legal-moves), read the match, rebuild it with `positionFromBlocks({ blocks: view.blocks,
 * toMove: match.toMove[0], turns: view.turns, removed: view.removed, options })`, call `findSkipLine` on it
 * and POST its moves in order as their seats. After the last one `view.skipped` is the blocked seat and
 * `toMove` is the seat that just moved, which then moves again (twice in a row).
 */
import { Rng, type Seat, seedRng } from '../core';
import { type DeblockleMove, type WireSetup, type WireTurn, encodeMove } from './notation';
import { type DeblockleState, apply, legalMoves, toMove } from './rules';
import { legalTurns } from './turn';

export interface SkipLine {
  /** The moves to play from the given state, in order, in wire form. */
  readonly moves: readonly { readonly seat: Seat; readonly move: WireTurn | WireSetup }[];
  /** The seat that is skipped right after the last of them. */
  readonly skipped: Seat;
  readonly state: DeblockleState;
}

export interface SkipSearchOptions {
  /** Restarts with a new tie-break stream (default 200). */
  readonly attempts?: number;
  /** Turns per attempt (default 60). */
  readonly depth?: number;
  readonly searchSeed?: string;
}

function mobility(state: DeblockleState, seat: Seat): number {
  let n = 0;
  for (const _ of legalTurns(state.blocks, seat, state.options.noSideBySide)) n++;
  return n;
}

/**
 * From `start` (in setup or in play), a line of moves after which a seat is skipped; null if none was
 * found. Setup moves, when `start` is in setup, are the first legal placements.
 */
export function findSkipLine(start: DeblockleState, opts: SkipSearchOptions = {}): SkipLine | null {
  const rng = new Rng(seedRng(opts.searchSeed ?? 'deblockle-skip-search'));
  const attempts = opts.attempts ?? 200;
  const depth = opts.depth ?? 60;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const target: Seat = attempt % 2;
    let state = start;
    const moves: { seat: Seat; move: WireTurn | WireSetup }[] = [];
    const play = (seat: Seat, move: DeblockleMove): void => {
      const next = apply(state, seat, move);
      if (!next.ok) throw new Error(`skip search: a legal move was refused: ${next.error.message}`);
      moves.push({ seat, move: encodeMove(move) });
      state = next.value;
    };
    while (state.phase === 'setup') {
      const seat = toMove(state)[0] as Seat;
      play(seat, legalMoves(state, seat).next().value as DeblockleMove);
    }
    for (let turn = 0; turn < depth && state.result === null; turn++) {
      const seat = state.turn as Seat;
      let best: DeblockleMove[] = [];
      let bestScore = Infinity;
      for (const move of legalMoves(state, seat)) {
        const next = apply(state, seat, move);
        if (!next.ok) continue;
        if (next.value.skipped === target) {
          best = [move];
          bestScore = -1;
          break;
        }
        const score = next.value.result === null ? mobility(next.value, target) : Infinity;
        if (score < bestScore) {
          best = [move];
          bestScore = score;
        } else if (score === bestScore) best.push(move);
      }
      if (best.length === 0) break;
      play(seat, rng.pick(best));
      if (state.skipped !== null) return { moves, skipped: state.skipped, state };
    }
  }
  return null;
}
