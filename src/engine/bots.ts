/**
 * The bot registry: every game's bots, weakest first, by game id. Bot seats, tournaments and
 * `GET /games/{game}/bots` read it; bot authors import bots from here (or from `<game>/bots`) along with
 * each engine's `legalMoves` and scoring functions.
 */
import type { AnyBot } from './core';
import { GAME_IDS, GAME_PACKAGES, type GameId, isGameId } from './games';

export type { Bot, BotTurn, AnyBot } from './core';
export { botMove, pickBest, randomBot } from './core';

/** Each game's bots (its package's `bots`), by game id. */
export const BOTS: { readonly [G in GameId]: readonly AnyBot[] } = Object.fromEntries(
  GAME_IDS.map((id) => [id, GAME_PACKAGES[id].bots as readonly AnyBot[]]),
) as { readonly [G in GameId]: readonly AnyBot[] };

/** The bots of a game, weakest first ([] for an unknown game). */
export function botsOf(game: string): readonly AnyBot[] {
  return isGameId(game) ? BOTS[game] : [];
}

/** A game's bot by id, or null. */
export function findBot(game: string, id: string): AnyBot | null {
  return botsOf(game).find((b) => b.id === id) ?? null;
}
