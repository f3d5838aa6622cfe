import { reversiEngine } from '../../engine/reversi';
import { effectsSchema, logMoveSchema, moveSchema, optionsSchema, viewSchema } from '../../engine/reversi/wire-schema';
import type { GameDefinition } from '../game-definition';

export const reversiGame: GameDefinition = {
  engine: reversiEngine,
  schemaName: 'Reversi',
  title: 'Reversi',
  schemas: { move: moveSchema, view: viewSchema, options: optionsSchema, logMove: logMoveSchema, effects: effectsSchema },
};
