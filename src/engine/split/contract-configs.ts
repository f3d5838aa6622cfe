import type { SplitState } from './types';
import type { ContractConfig } from '../core';
import { countCards, scrambleHidden } from './fixtures';

const shared = { conservation: { total: 104, count: countCards }, scrambleHidden, maxPlies: 20000 };

/** split's contract playouts (its package's `contractConfigs`), run by the registry's contract suite (src/games/registry.contract.spec.ts). */
export const contractConfigs: readonly ContractConfig<SplitState>[] = [
  { name: '2 players', seats: 2, playouts: 5, ...shared },
  { name: '4 players', seats: 4, playouts: 3, ...shared },
  { name: '6 players', seats: 6, playouts: 2, ...shared },
  {
    name: '6 players, 1 round, a custom score sheet',
    seats: 6,
    options: { rounds: 1, scoreSheet: { negativeBox: 5 } },
    playouts: 2,
    ...shared,
  },
];
