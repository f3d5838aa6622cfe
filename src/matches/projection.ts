/** What every append writes on the match row along with its events: the work lists' due times (pure). */
import type { Seat } from '../engine/core';
import { nextDeadline } from './match-clock';
import type { MatchState } from './decider';

/** The match's next clock deadline while it is active: what the scheduler waits for. */
export function deadlineOf(state: MatchState): Date | null {
  if (state.status !== 'active' || state.clock === null) return null;
  const due = nextDeadline(state.clock);
  return due === null ? null : new Date(due.at);
}

/**
 * `at` while a bot seat is to move (the bot runner's work list), else null. A seat whose move the clock now
 * owes (a timeout with `random`) is the clock scheduler's, not the bot's.
 */
export function botDueOf(state: MatchState, toMove: readonly Seat[], at: number): Date | null {
  const owed = state.clock?.autoMove?.seat;
  return toMove.some((seat) => seat !== owed && state.seats[seat]?.bot !== undefined) ? new Date(at) : null;
}
