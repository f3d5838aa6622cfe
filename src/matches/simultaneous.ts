import type { AnyEngine, Seat } from '../engine/core';
import type { StoredEvent } from './event-store.port';

/** One replayed event of the log: the states around it and the typed move (undefined for a resignation). */
export interface LogStep {
  readonly event: StoredEvent;
  readonly before: unknown;
  readonly after: unknown;
  readonly move: unknown;
}

/**
 * The simultaneous-phase rule (docs/api.md "Simultaneous phases"): a move decided on an older version is not stale
 * when every event since is a move of ANOTHER seat, made while `seat` was also to move, whose content the log
 * hides from `seat` (`move.hidden`). Then `seat` saw the match as it still is for it; the move must still be
 * legal now, and its append is guarded by the current version as always.
 */
export function hiddenFromSeat(engine: AnyEngine, steps: readonly LogStep[], seat: Seat, now: unknown): boolean {
  return (
    steps.length > 0 &&
    steps.every(({ event, before, after, move }) => {
      if (event.type !== 'MoveMade' || event.seat === seat || !engine.toMove(before).includes(seat)) return false;
      const shown = engine.redactMove({ seat: event.seat as Seat, move, before, after, now }, seat).move as {
        hidden?: unknown;
      } | null; // a MoveMade names its seat
      return shown?.hidden === true;
    })
  );
}
