/**
 * The game registry: the one place that names every game. `GAME_IDS` is the list (its order is the
 * catalogue's, the OpenAPI document's and the lobby's); `GAME_PACKAGES` maps each id to the package its engine
 * folder exports (`src/engine/<game>/package.ts`). Everything else (the server's routes and schemas, the
 * engines, the bots, the pages' boards, the contract suite) is keyed by `GameId` and built from here, so a
 * game left out of a registry, or a registry entry left out of a game, does not compile.
 *
 * Adding a game: its engine folder with its `package.ts`, its id below, its package in `GAME_PACKAGES`, and its
 * board in web/src/games/index.ts.
 */
import type { AnyGamePackage } from './core/game-package';
import { deblocklePackage } from './deblockle/package';
import { qwirklePackage } from './qwirkle/package';
import { reversiPackage } from './reversi/package';
import { splitPackage } from './split/package';

export const GAME_IDS = ['reversi', 'qwirkle', 'deblockle', 'split'] as const;

/** A game's id, as the routes name it (`/games/{game}`). */
export type GameId = (typeof GAME_IDS)[number];

export const GAME_PACKAGES = {
  reversi: reversiPackage,
  qwirkle: qwirklePackage,
  deblockle: deblocklePackage,
  split: splitPackage,
} as const satisfies { readonly [G in GameId]: AnyGamePackage };

export function isGameId(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}

/** Every game's package, in `GAME_IDS` order. */
export const ALL_GAMES: readonly AnyGamePackage[] = GAME_IDS.map((id) => GAME_PACKAGES[id]);
