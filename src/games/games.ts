import { ALL_GAMES } from '../engine/games';
import type { GameDefinition } from './game-definition';

/**
 * Every game the server hosts, in the registry's order (src/engine/games.ts names them, once). It drives the
 * catalogue, the controllers and the OpenAPI schemas (src/games/games.module.ts, src/app.ts), the engine
 * contract suite (src/games/registry.contract.spec.ts) and the malformed-input e2e tests.
 */
export const GAMES: readonly GameDefinition[] = ALL_GAMES;
