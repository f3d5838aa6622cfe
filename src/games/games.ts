import { deblockleGame } from './deblockle/deblockle.game';
import type { GameDefinition } from './game-definition';
import { qwirkleGame } from './qwirkle/qwirkle.game';
import { reversiGame } from './reversi/reversi.game';
import { splitGame } from './split/split.game';

/**
 * The game registry: every game the server hosts, once. It drives the catalogue, the controllers and the
 * OpenAPI schemas (src/games/games.module.ts, src/app.ts), the engine contract suite
 * (src/games/registry.contract.spec.ts) and the malformed-input e2e tests. Adding a game is its engine
 * (with `contract-configs.ts`), its definition, and one entry here.
 */
export const GAMES: readonly GameDefinition[] = [reversiGame, qwirkleGame, deblockleGame, splitGame];
