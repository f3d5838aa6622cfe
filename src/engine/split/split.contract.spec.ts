import { runContractSuite } from '../core/contract.testkit';
import { countCards, scrambleHidden } from './fixtures';
import { splitEngine } from './index';
import type { SplitState } from './types';

const shared = {
  conservation: { total: 104, count: countCards },
  scrambleHidden,
  maxPlies: 20000,
};

runContractSuite<SplitState, unknown>(splitEngine as never, [
  { name: '2 players', seats: 2, playouts: 4, ...shared },
  { name: '4 players', seats: 4, playouts: 3, ...shared },
  { name: '6 players, 1 round', seats: 6, options: { rounds: 1 }, playouts: 4, ...shared },
]);
