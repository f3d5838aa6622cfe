import { type EngineError, type Result, ok } from './result';
import type { GameEngine, Seat, SetupInput } from './types';

/** One entry of a stored move log: who moved and the move as it came over the wire. */
export interface LoggedMove {
  readonly seat: Seat;
  readonly move: unknown;
}

export interface ReplayError {
  readonly code: 'REPLAY_FAILED';
  /** Index into the log (0-based) of the first move that no longer applies. */
  readonly index: number;
  readonly cause: EngineError;
}

/** Parses and applies one wire move: the single path by which any move reaches an engine. */
export function play<S, M>(
  engine: GameEngine<S, M>,
  state: S,
  seat: Seat,
  raw: unknown,
): Result<{ state: S; move: M }> {
  const parsed = engine.parseMove(raw);
  if (!parsed.ok) return parsed;
  const next = engine.apply(state, seat, parsed.value);
  if (!next.ok) return next;
  return ok({ state: next.value, move: parsed.value });
}

/**
 * Applies `log` to `start` (the setup state, or a later cached state). A log that no longer replays is
 * reported, never patched: the stored log is the truth and a failure means the engine changed under it.
 */
export function replayFrom<S, M>(
  engine: GameEngine<S, M>,
  start: S,
  log: readonly LoggedMove[],
  firstIndex = 0,
): Result<S, ReplayError> {
  let state = start;
  for (let i = 0; i < log.length; i++) {
    const entry = log[i] as LoggedMove;
    const next = play(engine, state, entry.seat, entry.move);
    if (!next.ok) return { ok: false, error: { code: 'REPLAY_FAILED', index: firstIndex + i, cause: next.error } };
    state = next.value.state;
  }
  return ok(state);
}

export function replay<S, M, O>(
  engine: GameEngine<S, M, unknown, O>,
  input: SetupInput<O>,
  log: readonly LoggedMove[],
): Result<S, ReplayError> {
  return replayFrom(engine, engine.setup(input), log);
}
