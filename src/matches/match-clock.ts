/**
 * A match's clock, as pure data folded from the log (no timer, no `Date`: every time is an event's `at`, or
 * the `now` a caller passes in, in epoch milliseconds). Two kinds (docs/api.md "Clocks"):
 * - correspondence, `perMoveSeconds`: each turn has the same allowance, nothing carries over;
 * - Fischer, `initialSeconds` + `incrementSeconds`: each seat has a bank, charged while the seat is to move,
 *   credited with the increment after each of its moves.
 * Several seats may be to move at once (simultaneous phases); each one's clock runs from when its turn began.
 */
import type { Seat } from '../engine/core';

export type TimeControl =
  { readonly perMoveSeconds: number } | { readonly initialSeconds: number; readonly incrementSeconds: number };

export type OnTimeout = 'forfeit' | 'random';

export interface ClockSettings {
  readonly timeControl: TimeControl;
  readonly onTimeout: OnTimeout;
}

export interface ClockState {
  readonly settings: ClockSettings;
  /** By seat, ms: the bank (Fischer) or the allowance (correspondence), as of the start of the seat's turn. */
  readonly bank: readonly number[];
  /** By seat: when its current turn began (epoch ms); null while it is not to move. */
  readonly since: readonly (number | null)[];
  /** A seat that ran out with `onTimeout: random`, and when: the server's move for it is due at once. */
  readonly autoMove: { readonly seat: Seat; readonly at: number } | null;
}

const perMoveMs = (c: ClockSettings): number | null =>
  'perMoveSeconds' in c.timeControl ? c.timeControl.perMoveSeconds * 1000 : null;
const incrementMs = (c: ClockSettings): number =>
  'incrementSeconds' in c.timeControl ? c.timeControl.incrementSeconds * 1000 : 0;

export function newClock(settings: ClockSettings, seats: number): ClockState {
  const full =
    perMoveMs(settings) ?? ('initialSeconds' in settings.timeControl ? settings.timeControl.initialSeconds * 1000 : 0);
  return {
    settings,
    bank: Array.from({ length: seats }, () => full),
    since: Array.from({ length: seats }, () => null),
    autoMove: null,
  };
}

/**
 * The clock after an event at `at`: the seat that moved (if any) is charged for its turn and credited its
 * increment; then every seat to move now whose turn was not running starts it, and every other stops.
 */
export function advance(clock: ClockState, at: number, mover: Seat | null, toMove: readonly Seat[]): ClockState {
  const bank = clock.bank.slice();
  const since = clock.since.slice();
  let autoMove = clock.autoMove;
  if (mover !== null) {
    const began = since[mover];
    if (perMoveMs(clock.settings) === null && began !== null && began !== undefined) {
      bank[mover] = Math.max(0, (bank[mover] ?? 0) - (at - began)) + incrementMs(clock.settings);
    }
    since[mover] = null;
    if (autoMove?.seat === mover) autoMove = null;
  }
  for (let s = 0; s < since.length; s++) {
    if (!toMove.includes(s)) since[s] = null;
    else if (since[s] === null) since[s] = at;
  }
  return { ...clock, bank, since, autoMove };
}

/** After a timeout with `onTimeout: random`: the seat's bank is spent and the server moves for it at once. */
export function ranOut(clock: ClockState, seat: Seat, at: number): ClockState {
  const bank = perMoveMs(clock.settings) === null ? clock.bank.map((b, s) => (s === seat ? 0 : b)) : clock.bank;
  return { ...clock, bank, autoMove: { seat, at } };
}

/** When the seat's running turn runs out (epoch ms); null when it is not running. */
export function seatDeadline(clock: ClockState, seat: Seat): number | null {
  const began = clock.since[seat];
  if (began === null || began === undefined) return null;
  return began + (perMoveMs(clock.settings) ?? clock.bank[seat] ?? 0);
}

/** The next deadline of the match and the seat it is for; an owed server move is due when its timeout was. */
export function nextDeadline(clock: ClockState): { seat: Seat; at: number } | null {
  if (clock.autoMove) return clock.autoMove;
  let first: { seat: Seat; at: number } | null = null;
  for (let s = 0; s < clock.since.length; s++) {
    const at = seatDeadline(clock, s);
    if (at !== null && (first === null || at < first.at)) first = { seat: s, at };
  }
  return first;
}

/** Each seat's time as of `now`: the running ones' time left, the others' time in hand. */
export function remainingMs(clock: ClockState, now: number): number[] {
  return clock.bank.map((bank, s) => {
    const at = seatDeadline(clock, s);
    return at === null ? bank : Math.max(0, at - now);
  });
}
