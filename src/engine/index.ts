/**
 * `turnbase/engines`: the rules the server judges by, as a library for bots and local simulation (README
 * "Engines as a library"). Pure: no server code, no dependency, no I/O; the same code the server runs.
 *
 * Each game comes as its engine (`qwirkleEngine`, …, all of one `GameEngine` interface) and as a namespace
 * with its helpers (`qwirkle.scorePlacement`, `reversi.parseBoard`, …); `engines` maps a game id to its engine.
 */
import { deblockleEngine } from './deblockle';
import { qwirkleEngine } from './qwirkle';
import { reversiEngine } from './reversi';
import { splitEngine } from './split';

export * from './core';
export { deblockleEngine, qwirkleEngine, reversiEngine, splitEngine };
export * as deblockle from './deblockle';
export * as qwirkle from './qwirkle';
export * as reversi from './reversi';
export * as split from './split';
/** The built-in bots, weakest first per game (README "Bots"). */
export { BOTS, botsOf, findBot, deblockleBots, qwirkleBots, reversiBots, splitBots } from './bots';

/** Every game by the id the server uses in its routes (`/games/{game}`). */
export const engines = {
  reversi: reversiEngine,
  qwirkle: qwirkleEngine,
  deblockle: deblockleEngine,
  split: splitEngine,
} as const;

export type GameId = keyof typeof engines;

export function isGameId(id: string): id is GameId {
  return Object.prototype.hasOwnProperty.call(engines, id);
}
