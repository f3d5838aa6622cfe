/**
 * The bot registry: every game's bots, weakest first, by game id. Bot seats, tournaments and
 * `GET /games/{game}/bots` read it; bot authors import bots from here (or from `<game>/bots`) along with
 * each engine's `legalMoves` and scoring functions.
 */
import type { AnyBot } from './core';
import { deblockleBots } from './deblockle/bots';
import { qwirkleBots } from './qwirkle/bots';
import { reversiBots } from './reversi/bots';
import { splitBots } from './split/bots';

export type { Bot, BotTurn, AnyBot } from './core';
export { botMove, pickBest, randomBot } from './core';
export { deblockleBots } from './deblockle/bots';
export { qwirkleBots } from './qwirkle/bots';
export { reversiBots } from './reversi/bots';
export { splitBots } from './split/bots';

export const BOTS: Readonly<Record<string, readonly AnyBot[]>> = {
  reversi: reversiBots,
  qwirkle: qwirkleBots,
  deblockle: deblockleBots,
  split: splitBots,
};

/** The bots of a game, weakest first ([] for an unknown game). */
export function botsOf(game: string): readonly AnyBot[] {
  return Object.prototype.hasOwnProperty.call(BOTS, game) ? (BOTS[game] as readonly AnyBot[]) : [];
}

/** A game's bot by id, or null. */
export function findBot(game: string, id: string): AnyBot | null {
  return botsOf(game).find((b) => b.id === id) ?? null;
}
