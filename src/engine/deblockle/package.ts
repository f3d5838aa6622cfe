/** Deblockle as one package: what the server, the bots and the contract suite need of it (ARCHITECTURE rule 11). */
import { defineGame } from '../core';
import { deblockleBots } from './bots';
import { contractConfigs } from './contract-configs';
import { deblockleEngine } from './index';
import { effectsSchema, logMoveSchema, moveSchema, optionsSchema, viewSchema } from './wire-schema';

export const deblocklePackage = defineGame({
  engine: deblockleEngine,
  schemaName: 'Deblockle',
  title: 'Deblockle',
  schemas: {
    move: moveSchema,
    view: viewSchema,
    options: optionsSchema,
    logMove: logMoveSchema,
    effects: effectsSchema,
  },
  legalMovesNote:
    "In play, every legal turn is listed (they are few). During setup, every distinct placement of the opponent's blocks " +
    'is listed (up to 6,144 with four different faces), so that list is paged.',
  bots: deblockleBots,
  contractConfigs,
});
