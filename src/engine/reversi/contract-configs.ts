import type { ReversiState } from './rules';
import type { ContractConfig } from '../core';

/** reversi's contract playouts (its package's `contractConfigs`), run by the registry's contract suite (src/games/registry.contract.spec.ts). */
export const contractConfigs: readonly ContractConfig<ReversiState>[] = [
  {
    name: '2 players',
    seats: 2,
    playouts: 40,
    maxPlies: 64,
    conservation: { total: 64, count: (s) => s.board.length },
    check: (s) => {
      const empty = s.board.replace(/[BW]/g, '').length;
      if (empty !== 60 - s.moves) throw new Error(`${empty} empty squares after ${s.moves} moves`);
    },
  },
];
