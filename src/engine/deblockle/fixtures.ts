/**
 * Test support, exported for engine specs and e2e tests: build a play position from a list of blocks,
 * and re-deal what a viewer may not see (for the contract suite).
 */
import { type Rng, type Seat, type Viewer, seedRng } from '../core';
import { type Face, eastOf } from './block';
import { type Block, parseSquare, sortBlocks } from './board';
import { DEFAULT_OPTIONS, type DeblockleOptions } from './options';
import { type DeblockleState, type Pair, settle } from './rules';
import { randomPlacement } from './setup';

export interface BlockSpec {
  readonly seat: Seat;
  readonly square: string;
  readonly top: Face;
  readonly north: Face;
  /** Checked against top and north when given. */
  readonly east?: Face;
}

export interface PositionSpec {
  readonly blocks: readonly BlockSpec[];
  /** The seat whose turn it is (default 0); if it cannot move, the usual skip or draw applies. */
  readonly toMove?: Seat;
  readonly options?: Partial<DeblockleOptions>;
  readonly removed?: Pair<number>;
  readonly turns?: number;
}

/** A state in play with exactly these blocks; throws on an impossible position (a bug in the test). */
export function positionFromBlocks(spec: PositionSpec): DeblockleState {
  const options: DeblockleOptions = { ...DEFAULT_OPTIONS, setup: 'random', ...spec.options };
  const blocks: Block[] = spec.blocks.map((b) => {
    const square = parseSquare(b.square);
    const east = eastOf(b.top, b.north);
    if (square === null) throw new Error(`positionFromBlocks: bad square ${b.square}`);
    if (b.seat !== 0 && b.seat !== 1) throw new Error(`positionFromBlocks: bad seat ${b.seat}`);
    if (east === null || (b.east !== undefined && b.east !== east)) {
      throw new Error(`positionFromBlocks: no block has (${b.top}, ${b.north}, ${b.east ?? '?'})`);
    }
    return { seat: b.seat, square, top: b.top, north: b.north, east };
  });
  if (new Set(blocks.map((b) => b.square)).size !== blocks.length)
    throw new Error('positionFromBlocks: two blocks on one square');
  if (blocks.some((b) => b.square === parseSquare('d2') || b.square === parseSquare('d6'))) {
    throw new Error('positionFromBlocks: no block stands on a star space');
  }
  const turns = spec.turns ?? 0;
  const sorted = sortBlocks(blocks);
  return {
    options,
    rng: seedRng('deblockle-fixture'),
    phase: 'play',
    rolled: [
      sorted.filter((b) => b.seat === 0).map((b) => b.top),
      sorted.filter((b) => b.seat === 1).map((b) => b.top),
    ],
    placements: [null, null],
    blocks: sorted,
    removed: spec.removed ?? [0, 0],
    turns,
    lastTurn: null,
    ...settle(sorted, options, turns, spec.toMove ?? 0, null),
  };
}

/**
 * Re-deals what `viewer` may not see: during setup, the other seat's placement (if made) becomes another
 * valid placement of the same rolled faces; the PRNG state is always redrawn.
 */
export function scrambleHidden(state: DeblockleState, viewer: Viewer, rng: Rng): DeblockleState {
  const fresh = seedRng(String(rng.nextUint32()));
  if (state.phase !== 'setup') return { ...state, rng: fresh };
  const placements = state.placements.map((p, placer) => {
    if (p === null || placer === viewer) return p;
    return randomPlacement(1 - placer, state.rolled[1 - placer] as Face[], rng);
  }) as unknown as DeblockleState['placements'];
  return { ...state, rng: fresh, placements };
}
