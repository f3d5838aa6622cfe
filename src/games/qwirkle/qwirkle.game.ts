import { qwirkleEngine } from '../../engine/qwirkle';
import { moveSchema, optionsSchema, viewSchema } from '../../engine/qwirkle/wire-schema';
import type { GameDefinition } from '../game-definition';

export const qwirkleGame: GameDefinition = {
  engine: qwirkleEngine,
  schemaName: 'Qwirkle',
  title: 'Qwirkle',
  schemas: { move: moveSchema, view: viewSchema, options: optionsSchema },
};
