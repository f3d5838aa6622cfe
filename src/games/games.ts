import { deblockleGame } from './deblockle/deblockle.game';
import { DeblockleModule } from './deblockle/deblockle.module';
import type { GameDefinition } from './game-definition';
import { qwirkleGame } from './qwirkle/qwirkle.game';
import { QwirkleModule } from './qwirkle/qwirkle.module';
import { reversiGame } from './reversi/reversi.game';
import { ReversiModule } from './reversi/reversi.module';
import { splitGame } from './split/split.game';
import { SplitModule } from './split/split.module';

/** Every game the server hosts: its definition (engine + schemas) and its NestJS module. */
export const GAMES: readonly GameDefinition[] = [reversiGame, qwirkleGame, deblockleGame, splitGame];
export const GAME_MODULES = [ReversiModule, QwirkleModule, DeblockleModule, SplitModule];
