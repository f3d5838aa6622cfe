import { splitEngine } from '../../engine/split';
import { effectsSchema, logMoveSchema, moveSchema, optionsSchema, viewSchema, legalMovesExtraSchema } from '../../engine/split/wire-schema';
import type { GameDefinition } from '../game-definition';

export const splitGame: GameDefinition = {
  engine: splitEngine,
  schemaName: 'Split',
  title: 'Split',
  schemas: { move: moveSchema, view: viewSchema, options: optionsSchema, logMove: logMoveSchema, effects: effectsSchema, legalMovesExtra: legalMovesExtraSchema },
  legalMovesNote:
    'Every move of the current step: draw and every playable take; then every match with each bonus choice, every upgrade '
    + 'and every discard. In the last-melds phase the list holds no melds, each single pair and one largest set (complete: false); '
    + 'any valid set of pairs is accepted.',
};
