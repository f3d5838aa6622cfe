import { deblockleUi } from './deblockle';
import type { GameUi } from './game-ui';
import { qwirkleUi } from './qwirkle';
import { reversiUi } from './reversi';
import { splitUi } from './split';

/** The pages' part of each game, by game id (the server's registry has the rules). */
export const GAME_UIS: Record<string, GameUi> = { reversi: reversiUi, qwirkle: qwirkleUi, deblockle: deblockleUi, split: splitUi };
