import type { ReversiState } from './rules';
import type { ContractConfig } from '../core/contract.testkit';

/** reversi's contract playouts, run by the registry's contract suite (src/games/registry.contract.spec.ts). */
export const contractConfigs: readonly ContractConfig<ReversiState>[] = [
  {
    name: '2 players',
    seats: 2,
    playouts: 40,
    maxPlies: 64,
    conservation: { total: 64, count: (s) => s.board.length },
    check: (s) => expect(s.board.replace(/[BW]/g, '').length).toBe(60 - s.moves),
  },
];
