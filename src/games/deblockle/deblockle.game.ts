import { deblockleEngine } from '../../engine/deblockle';
import { moveSchema, optionsSchema, viewSchema } from '../../engine/deblockle/wire-schema';
import type { GameDefinition } from '../game-definition';

export const deblockleGame: GameDefinition = {
  engine: deblockleEngine,
  schemaName: 'Deblockle',
  title: 'Deblockle',
  schemas: { move: moveSchema, view: viewSchema, options: optionsSchema },
};
