import type { GameId } from '../../../src/engine/games';
import { deblockleUi } from './deblockle';
import type { GameUi } from './game-ui';
import { qwirkleUi } from './qwirkle';
import { reversiUi } from './reversi';
import { splitUi } from './split';

/**
 * The pages' part of each game, by game id (the server's registry, src/engine/games.ts, has the rules): every
 * game of the registry must have its board here, or the pages do not compile.
 */
export const GAME_UIS: Readonly<Record<GameId, GameUi>> = {
  reversi: reversiUi,
  qwirkle: qwirkleUi,
  deblockle: deblockleUi,
  split: splitUi,
};

/** The board of the game a page's address names, or undefined for an unknown game. */
export function gameUi(game: string): GameUi | undefined {
  return Object.prototype.hasOwnProperty.call(GAME_UIS, game) ? GAME_UIS[game as GameId] : undefined;
}
