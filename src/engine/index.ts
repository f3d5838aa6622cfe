/**
 * `turnbase/engines`: the rules the server judges by, as a library for bots and local simulation (docs/api.md
 * "Engines as a library"). Pure: no server code, no dependency, no I/O; the same code the server runs.
 *
 * Each game comes as its engine (`qwirkleEngine`, …, all of one `GameEngine` interface) and as a namespace
 * with its helpers (`qwirkle.scorePlacement`, `reversi.parseBoard`, …); `engines` maps a game id to its engine, and
 * `GAME_PACKAGES` to its whole package (engine, bots, wire schemas). The per-game names here are the library's
 * conveniences; the server reads only the registry (src/engine/games.ts).
 */
import { deblockleEngine } from './deblockle';
import { qwirkleEngine } from './qwirkle';
import { reversiEngine } from './reversi';
import { splitEngine } from './split';
import { GAME_IDS, GAME_PACKAGES, type GameId } from './games';

export * from './core';
export { deblockleEngine, qwirkleEngine, reversiEngine, splitEngine };
export * as deblockle from './deblockle';
export * as qwirkle from './qwirkle';
export * as reversi from './reversi';
export * as split from './split';
/** The built-in bots, weakest first per game (docs/api.md "Bots and tournaments"). */
export { BOTS, botsOf, findBot } from './bots';
export { deblockleBots } from './deblockle/bots';
export { qwirkleBots } from './qwirkle/bots';
export { reversiBots } from './reversi/bots';
export { splitBots } from './split/bots';
/** The game registry: every game's id and package (src/engine/games.ts). */
export { ALL_GAMES, GAME_IDS, GAME_PACKAGES, type GameId, isGameId } from './games';

/** Every game's engine by the id the server uses in its routes (`/games/{game}`). */
export const engines = Object.fromEntries(GAME_IDS.map((id) => [id, GAME_PACKAGES[id].engine])) as {
  readonly [G in GameId]: (typeof GAME_PACKAGES)[G]['engine'];
};
