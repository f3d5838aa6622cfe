/**
 * The engine contract suite, over the game registry: every registered game runs the shared seeded-playout
 * contract (src/engine/core/contract.testkit.ts) with the playouts its engine folder declares in
 * `contract.testkit.ts`, and its bots (src/engine/bots.ts) play seeded playouts through it. A game cannot be
 * registered without them, nor left out.
 */
import { type ContractConfig, runContractSuite } from '../engine/core/contract.testkit';
import { botsOf } from '../engine/bots';
import { GAMES } from './games';

function contractConfigsOf(gameId: string): readonly ContractConfig<unknown>[] {
  // By convention, so that registering a game is the whole of it: its engine folder holds its configs.
  const mod = require(`../engine/${gameId}/contract.testkit`) as { contractConfigs?: readonly ContractConfig<unknown>[] };
  if (!mod.contractConfigs?.length) throw new Error(`src/engine/${gameId}/contract.testkit.ts exports no contractConfigs`);
  return mod.contractConfigs;
}

describe('the game registry', () => {
  it('lists each game once, under the id its engine gives', () => {
    const ids = GAMES.map((g) => g.engine.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(4);
  });
});

for (const { engine } of GAMES) runContractSuite(engine, contractConfigsOf(engine.id), botsOf(engine.id));
