import { runContractSuite } from '../core/contract.testkit';
import { reversiEngine } from '.';

runContractSuite(reversiEngine, [
  {
    name: '2 players',
    seats: 2,
    playouts: 40,
    maxPlies: 64,
    conservation: { total: 64, count: (s) => s.board.length },
    check: (s) => expect(s.board.replace(/[BW]/g, '').length).toBe(60 - s.moves),
  },
]);
