/** Reversi as one package: what the server, the bots and the contract suite need of it (ARCHITECTURE rule 11). */
import { defineGame } from '../core';
import { reversiBots } from './bots';
import { contractConfigs } from './contract-configs';
import { reversiEngine } from './index';
import { effectsSchema, logMoveSchema, moveSchema, optionsSchema, viewSchema } from './wire-schema';

export const reversiPackage = defineGame({
  engine: reversiEngine,
  schemaName: 'Reversi',
  title: 'Reversi',
  schemas: {
    move: moveSchema,
    view: viewSchema,
    options: optionsSchema,
    logMove: logMoveSchema,
    effects: effectsSchema,
  },
  bots: reversiBots,
  contractConfigs,
});
