/** Qwirkle as one package: what the server, the bots and the contract suite need of it (ARCHITECTURE rule 11). */
import { defineGame } from '../core';
import { qwirkleBots } from './bots';
import { contractConfigs } from './contract-configs';
import { qwirkleEngine } from './index';
import {
  effectsSchema,
  logMoveSchema,
  moveSchema,
  optionsSchema,
  viewSchema,
  legalMovesExtraSchema,
} from './wire-schema';

export const qwirklePackage = defineGame({
  engine: qwirkleEngine,
  schemaName: 'Qwirkle',
  title: 'Qwirkle',
  schemas: {
    move: moveSchema,
    view: viewSchema,
    options: optionsSchema,
    logMove: logMoveSchema,
    effects: effectsSchema,
    legalMovesExtra: legalMovesExtraSchema,
  },
  legalMovesNote:
    'Qwirkle placements can number thousands (a 6-tile opening alone has up to 8,640), so the list is lazy and paged: ' +
    'every single-tile placement first, then longer placements by size (2 to 6), then exchanges (distinct sets of hand tiles). ' +
    'Without paging, the response also says what the seat can do: canPlace (some placement is legal), canExchange ' +
    '(the bag holds enough tiles), singleTilePlacements, openingSize (before the first move) and exchangeMax.',
  bots: qwirkleBots,
  contractConfigs,
});
