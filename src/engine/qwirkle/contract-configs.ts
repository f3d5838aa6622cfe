import type { Rng, Viewer } from '../core';
import type { ContractConfig } from '../core';
import { Grid, lineProblem, COLUMN, ROW } from './board';
import { tileTotal } from './fixtures';
import { TILE_COUNT, type Tile } from './tiles';
import type { QwirkleState } from './types';

/** Re-deals other seats' hands and the bag (order included) from their pooled tiles; new PRNG state. */
function scrambleHidden(state: QwirkleState, viewer: Viewer, rng: Rng): QwirkleState {
  const hidden = (s: number) => viewer === 'spectator' || s !== viewer;
  const pool: Tile[] = state.bag.slice();
  state.hands.forEach((h, s) => hidden(s) && pool.push(...h));
  const dealt = rng.shuffle(pool);
  const hands = state.hands.map((h, s) => (hidden(s) ? dealt.splice(0, h.length) : h));
  return {
    ...state,
    hands,
    bag: dealt,
    rng: [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32()],
  };
}

/** Every line on the grid is valid, and nobody holds more than 6 tiles. */
function check(state: QwirkleState): void {
  // Plain throws: this runs on every state of every playout, and expect() is slow in bulk.
  const grid = Grid.of(state.board);
  if (grid.size !== state.board.length) throw new Error('two tiles on one cell');
  for (const t of state.board) {
    for (const dir of [ROW, COLUMN]) {
      const run = grid.run(t.x, t.y, dir).kinds;
      if (run.length > 1 && lineProblem(run) !== null) throw new Error(`invalid line through ${t.x},${t.y}`);
    }
  }
  if (state.hands.some((h) => h.length > 6)) throw new Error('a hand of more than 6 tiles');
}

const common = {
  conservation: { total: TILE_COUNT, count: tileTotal },
  scrambleHidden,
  check,
  sampleCap: 60,
};

// sampleCap 60 mostly picks placements (listed first); the uncapped config also picks exchanges often.
/** qwirkle's contract playouts (its package's `contractConfigs`), run by the registry's contract suite (src/games/registry.contract.spec.ts). */
export const contractConfigs: readonly ContractConfig<QwirkleState>[] = [
  { name: '2 players', seats: 2, playouts: 6, ...common },
  { name: '3 players', seats: 3, playouts: 4, ...common },
  { name: '6 players', seats: 6, playouts: 3, ...common },
  { name: '2 players, maxTurns 12', seats: 2, options: { maxTurns: 12 }, playouts: 4, ...common },
  { name: '3 players, any legal move', seats: 3, playouts: 3, ...common, sampleCap: 100000 },
];
