import type { ContractConfig } from '../core';
import { scrambleHidden } from './fixtures';
import type { DeblockleState } from './rules';

/** Blocks are never lost: rolled in setup, then on the board or removed. */
const conservation = (blocks: number) => ({
  total: 2 * blocks,
  count: (s: DeblockleState): number =>
    s.phase === 'setup' ? s.rolled[0].length + s.rolled[1].length : s.blocks.length + s.removed[0] + s.removed[1],
});

// A players setup lists up to 6144 placements: sample all of them so the random setups are really random.
const players = { sampleCap: 7000 };

// Random play rarely removes every block, so most playouts run to maxTurns: keep them short but varied.
/** deblockle's contract playouts (its package's `contractConfigs`), run by the registry's contract suite (src/games/registry.contract.spec.ts). */
export const contractConfigs: readonly ContractConfig<DeblockleState>[] = [
  {
    name: 'players setup, 4 blocks, default options',
    seats: 2,
    playouts: 4,
    ...players,
    conservation: conservation(4),
    scrambleHidden,
  },
  {
    name: 'random setup, 4 blocks',
    seats: 2,
    options: { setup: 'random', maxTurns: 150 },
    playouts: 6,
    conservation: conservation(4),
    scrambleHidden,
  },
  {
    name: 'players setup, 3 blocks, seat 1 first',
    seats: 2,
    options: { blocks: 3, firstSeat: 1, maxTurns: 120 },
    playouts: 6,
    ...players,
    conservation: conservation(3),
    scrambleHidden,
  },
  {
    name: 'random setup, 2 blocks, no side by side',
    seats: 2,
    options: { setup: 'random', blocks: 2, noSideBySide: true, maxTurns: 150 },
    playouts: 6,
    conservation: conservation(2),
    scrambleHidden,
  },
  {
    name: 'players setup, 2 blocks, no side by side',
    seats: 2,
    options: { blocks: 2, noSideBySide: true, maxTurns: 150 },
    playouts: 6,
    ...players,
    conservation: conservation(2),
    scrambleHidden,
  },
  {
    name: 'players setup, 1 block',
    seats: 2,
    options: { blocks: 1, maxTurns: 150 },
    playouts: 8,
    conservation: conservation(1),
    scrambleHidden,
  },
  {
    name: 'random setup, 1 block, seat 1 first',
    seats: 2,
    options: { setup: 'random', blocks: 1, firstSeat: 1, maxTurns: 150 },
    playouts: 8,
    conservation: conservation(1),
    scrambleHidden,
  },
];
