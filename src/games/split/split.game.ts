import { splitEngine } from '../../engine/split';
import { moveSchema, optionsSchema, viewSchema } from '../../engine/split/wire-schema';
import type { GameDefinition } from '../game-definition';

export const splitGame: GameDefinition = {
  engine: splitEngine,
  schemaName: 'Split',
  title: 'Split',
  schemas: { move: moveSchema, view: viewSchema, options: optionsSchema },
};
