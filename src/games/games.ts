import { reversiGame } from './reversi/reversi.game';
import { ReversiModule } from './reversi/reversi.module';
import type { GameDefinition } from './game-definition';

/** Every game the server hosts: its definition (engine + schemas) and its NestJS module. */
export const GAMES: readonly GameDefinition[] = [reversiGame];
export const GAME_MODULES = [ReversiModule];
