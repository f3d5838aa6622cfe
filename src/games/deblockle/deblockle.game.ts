import { deblockleEngine } from '../../engine/deblockle';
import { effectsSchema, logMoveSchema, moveSchema, optionsSchema, viewSchema } from '../../engine/deblockle/wire-schema';
import type { GameDefinition } from '../game-definition';

export const deblockleGame: GameDefinition = {
  engine: deblockleEngine,
  schemaName: 'Deblockle',
  title: 'Deblockle',
  schemas: { move: moveSchema, view: viewSchema, options: optionsSchema, logMove: logMoveSchema, effects: effectsSchema },
  legalMovesNote:
    'In play, every legal turn is listed (they are few). During setup, every distinct placement of the opponent\'s blocks '
    + 'is listed (up to 6,144 with four different faces), so that list is paged.',
};
