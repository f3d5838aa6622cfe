/**
 * A worker thread's side of the think pool (think-pool.ts): it plays a thinking bot's turn, so a search of a
 * second never blocks the server's event loop. Engine code only (src/engine is pure), the same call the runner
 * made in-process: the same state, seat, seed and budget give the same move. It answers the move in its wire
 * form (`encodeMove`: plain JSON, as the runner appends it).
 */
import { parentPort } from 'node:worker_threads';
import { type AnyBot, type AnyEngine, botMove, engines, findBot, isGameId } from '../engine';

export interface ThinkRequest {
  readonly id: number;
  readonly game: string;
  readonly bot: string;
  readonly state: unknown;
  readonly seat: number;
  readonly seed: string;
  readonly budget?: number;
}

export type ThinkAnswer =
  | { readonly id: number; readonly ok: true; readonly move: unknown }
  | { readonly id: number; readonly ok: false; readonly error: string };

export function think(req: ThinkRequest): ThinkAnswer {
  try {
    if (!isGameId(req.game)) throw new Error(`no game ${req.game}`);
    const engine = engines[req.game] as unknown as AnyEngine;
    const bot: AnyBot | null = findBot(req.game, req.bot);
    if (!bot) throw new Error(`no bot ${req.bot} for ${req.game}`);
    const move = botMove(engine, bot, req.state, req.seat, req.seed, req.budget);
    return { id: req.id, ok: true, move: engine.encodeMove(move) };
  } catch (error) {
    return { id: req.id, ok: false, error: (error as Error).message };
  }
}

parentPort?.on('message', (req: ThinkRequest) => parentPort?.postMessage(think(req)));
