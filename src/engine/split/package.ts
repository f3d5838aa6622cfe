/** Split as one package: what the server, the bots and the contract suite need of it (ARCHITECTURE rule 11). */
import { defineGame } from '../core';
import { splitBots } from './bots';
import { contractConfigs } from './contract-configs';
import { splitEngine } from './index';
import {
  effectsSchema,
  logMoveSchema,
  moveSchema,
  optionsSchema,
  viewSchema,
  legalMovesExtraSchema,
} from './wire-schema';

export const splitPackage = defineGame({
  engine: splitEngine,
  schemaName: 'Split',
  title: 'Split',
  schemas: {
    move: moveSchema,
    view: viewSchema,
    options: optionsSchema,
    logMove: logMoveSchema,
    effects: effectsSchema,
    legalMovesExtra: legalMovesExtraSchema,
  },
  legalMovesNote:
    'Every move of the current step: draw and every playable take; then every match with each bonus choice, every upgrade ' +
    'and every discard. In the last-melds phase the list holds no melds, each single pair and one largest set (complete: false); ' +
    'any valid set of pairs is accepted.',
  bots: splitBots,
  contractConfigs,
});
