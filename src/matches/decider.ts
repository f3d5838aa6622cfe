/**
 * The match's own rules, as opposed to a game's rules: who holds which seat, waiting → active → finished or
 * aborted, resignation, joins and expiry. After Emmett's decider: `decide(state, command)` says which events
 * a command adds to the log (or why it is refused), `evolve(state, event)` folds one event into the state.
 *
 * Pure, like the engines: no clock (time comes in with the command), no I/O, no framework. A game's rules are
 * reached only through its engine. A new command (a timeout, a bot's turn) is one case in `decide` and, if it
 * has a new event, one case in `evolve`.
 */
import {
  type ClockSettings,
  type ClockState,
  advance,
  newClock,
  nextDeadline,
  ranOut,
  seatDeadline,
} from './match-clock';
import { type AnyEngine, type EngineError, type Outcome, type Seat, play } from '../engine/core';
import type { EventType } from './event-types';

export type MatchStatus = 'waiting' | 'active' | 'finished' | 'aborted';

/** Who holds a seat. An open seat has neither a name nor a player until someone joins it. */
export interface SeatHolder {
  readonly name: string | null;
  /** The player's id when a player (not just a name with a seat token) holds the seat. */
  readonly player: string | null;
  readonly open: boolean;
  /** A server-side bot plays the seat: a built-in bot's id, or "http" (a tournament's HTTP bot). */
  readonly bot?: string;
}

export interface MatchState<S = unknown> {
  /** The number of events folded in. */
  readonly version: number;
  readonly status: MatchStatus;
  readonly seats: readonly SeatHolder[];
  /** The game's state (the engine's), set up at creation even while seats are open. */
  readonly game: S;
  readonly resigned: Seat | null;
  /** Epoch milliseconds after which a waiting match may be aborted; null when it never expires. */
  readonly expiresAt: number | null;
  /** The match's clock; null when it has no time control. */
  readonly clock: ClockState | null;
  /** Seats that left the match (a forfeit on time in 3+ seats): skipped from then on, never winners. */
  readonly left: readonly Seat[];
  /** The seat whose timeout ended the match (a forfeit with two seats in play), or null. */
  readonly timedOut: Seat | null;
}

/**
 * `now` (epoch ms) is when the command is decided; the events it decides carry it as their `at`. A move
 * decided at or after its seat's deadline is refused (TIMED_OUT), whether or not the timeout is written yet.
 */
export type MatchCommand =
  | { readonly type: 'MakeMove'; readonly seat: Seat; readonly move: unknown; readonly now?: number }
  | { readonly type: 'Resign'; readonly seat: Seat; readonly now?: number }
  /** `seat` absent: the first open one. `player` when a player key joins. */
  | {
      readonly type: 'Join';
      readonly seat?: Seat;
      readonly name: string;
      readonly player?: string;
      readonly bot?: string;
      readonly now?: number;
    }
  /** Aborts the match if it is still waiting at `now` (epoch ms) and its wait is over; else does nothing. */
  | { readonly type: 'Expire'; readonly now: number }
  /**
   * Aborts an active match without a clock (a clock times a match out by itself) that nobody has touched for
   * `idleMs`: its last event was at `lastEventAt` (epoch ms, the stored time of the state's last event) and it
   * is `now`. Else does nothing.
   */
  | { readonly type: 'Abandon'; readonly now: number; readonly lastEventAt: number; readonly idleMs: number }
  /**
   * Applies the clock at `now`: a seat past its deadline times out (TimedOut); a seat that timed out with
   * `onTimeout: random` gets the server's move, a legal move chosen by `pick` (in [0, 1), drawn by the
   * caller, so this stays pure). Does nothing when nothing is due.
   */
  | { readonly type: 'Timeout'; readonly now: number; readonly pick: number }
  /** A bot seat to move gave no legal answer in time (an HTTP bot): it times out now, under the match's policy. */
  | { readonly type: 'MissTurn'; readonly seat: Seat; readonly now: number };

/** `at`: when the event was recorded (epoch ms); the clock is folded from it. */
export type MatchEvent =
  /** `move` in its wire form, as `POST …/moves` takes it. */
  | { readonly type: 'MoveMade'; readonly seat: Seat; readonly move: unknown; readonly at?: number }
  | { readonly type: 'PlayerResigned'; readonly seat: Seat; readonly at?: number }
  | {
      readonly type: 'SeatJoined';
      readonly seat: Seat;
      readonly name: string;
      readonly player?: string;
      readonly bot?: string;
      readonly at?: number;
    }
  /** `expired`: it waited for players past its time; `abandoned`: it was active and left idle. */
  | { readonly type: 'MatchAborted'; readonly reason: 'expired' | 'abandoned'; readonly at?: number }
  | { readonly type: 'TimedOut'; readonly seat: Seat; readonly at?: number };

/** The events above are exactly the list of EVENT_TYPES (event-types.ts): one missing either way does not compile. */
const EVERY_EVENT_TYPE: [MatchEvent['type']] extends [EventType]
  ? [EventType] extends [MatchEvent['type']]
    ? true
    : never
  : never = true;
void EVERY_EVENT_TYPE;

export type MatchErrorCode =
  | EngineError['code']
  | 'MATCH_NOT_STARTED'
  | 'SEAT_TAKEN'
  | 'NO_OPEN_SEAT'
  | 'ALREADY_SEATED'
  | 'NO_SUCH_SEAT'
  | 'MATCH_NOT_FINISHED'
  | 'TIMED_OUT';

export interface MatchError {
  readonly code: MatchErrorCode;
  readonly message: string;
  readonly reason?: string;
}

export type Decision =
  { readonly ok: true; readonly events: readonly MatchEvent[] } | { readonly ok: false; readonly error: MatchError };

/** A stored event that no longer folds (the engine changed under the log). Reported, never patched. */
export class FoldError extends Error {
  constructor(
    readonly seq: number,
    readonly engineError: EngineError,
  ) {
    super(`event ${seq} no longer applies: ${engineError.code} ${engineError.reason ?? ''} ${engineError.message}`);
  }
}

export interface CreatedMatch {
  readonly seed: string;
  readonly options: unknown;
  readonly seats: readonly SeatHolder[];
  readonly expiresAt: number | null;
  /** The time control, if any, and when the match was created (epoch ms: a clock starts then if every seat is held). */
  readonly clock?: ClockSettings | null;
  readonly createdAt?: number;
}

const refuse = (code: MatchErrorCode, message: string, reason?: string): Decision => ({
  ok: false,
  error: reason === undefined ? { code, message } : { code, message, reason },
});
const accept = (...events: MatchEvent[]): Decision => ({ ok: true, events });
/**
 * Stamps the command's time on an event `decide` has just built (never on one it was given). Set on the new
 * object rather than spread into a copy: V8 (Node 20) takes a slow path, about 1 µs, for a spread that adds a
 * property the source lacks (bench/README.md, "Object spreads").
 */
const at = <E extends MatchEvent>(event: E, now: number | undefined): E => {
  if (now !== undefined) (event as { at?: number }).at = now;
  return event;
};
/** The server's moves for a seat that ran out with `random` are chosen among the first this many legal moves. */
const RANDOM_MOVE_CHOICES = 1000;

export interface MatchDecider<S = unknown> {
  /** The state at version 0. Throws an EngineError-carrying FoldError if the stored options no longer parse. */
  initialState(created: CreatedMatch): MatchState<S>;
  decide(state: MatchState<S>, command: MatchCommand): Decision;
  evolve(state: MatchState<S>, event: MatchEvent): MatchState<S>;
  /** Seats that may move now: none unless the match is active. */
  toMove(state: MatchState<S>): Seat[];
  /** How the match ended, or null while it has not (an aborted match has no outcome). */
  outcome(state: MatchState<S>): Outcome | null;
  /** The holders of the next match, seat i moving to seat (i + 1) mod n; only once this one is finished. */
  rematchSeats(state: MatchState<S>): { ok: true; seats: SeatHolder[] } | { ok: false; error: MatchError };
}

interface Decided<S> {
  readonly from: S;
  readonly to: S;
}

export function matchDecider<S>(engine: AnyEngine): MatchDecider<S> {
  const gameOver = (state: MatchState<S>): boolean =>
    state.resigned !== null || state.timedOut !== null || engine.outcome(state.game) !== null;
  /** The status that the seats and the game imply; `aborted` is only ever set by its event. */
  const statusOf = (state: MatchState<S>): MatchStatus => {
    if (state.status === 'aborted') return 'aborted';
    if (state.seats.some((s) => s.open)) return 'waiting';
    return gameOver(state) ? 'finished' : 'active';
  };
  const over = (state: MatchState<S>): Decision | null => {
    if (state.status === 'waiting') return refuse('MATCH_NOT_STARTED', 'The match is waiting for players to join.');
    if (state.status !== 'active') return refuse('GAME_OVER', 'The match is over.');
    return null;
  };

  /** The clock after an event at `at` (by `mover`, if a move): turns that began start, turns that ended stop. */
  const withClock = (state: MatchState<S>, time: number | undefined, mover: Seat | null): MatchState<S> => {
    if (state.clock === null) return state;
    const toMove = state.status === 'active' ? engine.toMove(state.game) : [];
    return { ...state, clock: advance(state.clock, time ?? 0, mover, toMove) };
  };
  /** TIMED_OUT when `seat`'s turn ran out at `now` (or the server now owes its move). */
  const lateFor = (state: MatchState<S>, seat: Seat, now: number | undefined): Decision | null => {
    if (state.clock === null || now === undefined) return null;
    const deadline = seatDeadline(state.clock, seat);
    const late = state.clock.autoMove?.seat === seat || (deadline !== null && now >= deadline);
    return late ? refuse('TIMED_OUT', "This seat's time for the move ran out.") : null;
  };
  /**
   * A seat ran out. `random`: the server owes its move (decided by the next Timeout). `forfeit`: with two
   * seats in play the match ends and the others win; with more, the seat leaves and the others play on.
   */
  const timedOut = (state: MatchState<S>, seat: Seat, time: number): MatchState<S> => {
    const clock = state.clock;
    if (clock?.settings.onTimeout === 'random') return { ...state, clock: ranOut(clock, seat, time) };
    const inPlay = state.seats.length - state.left.length;
    if (inPlay <= 2 || !engine.leave) return withClock({ ...state, timedOut: seat, status: 'finished' }, time, null);
    const left = engine.leave(state.game, seat);
    if (!left.ok) throw new FoldError(state.version, left.error);
    const next = { ...state, game: left.value as S, left: [...state.left, seat].sort((a, b) => a - b) };
    return withClock({ ...next, status: statusOf(next) }, time, null);
  };

  /**
   * The game state each move event this decider decided leads to, from the state it was decided on: folding
   * the event it just decided (the append does, at once) then costs no second parse and apply of the move. Keyed
   * by the event object, so an event read back from the log, or copied, is played again; the engines are pure,
   * so both ways give the same state.
   */
  const decided = new WeakMap<MatchEvent, Decided<S>>();

  const decider: MatchDecider<S> = {
    initialState(created) {
      const options = engine.parseOptions(created.options, created.seats.length);
      if (!options.ok) throw new FoldError(0, options.error);
      const game = engine.setup({ seed: created.seed, seats: created.seats.length, options: options.value }) as S;
      const base: MatchState<S> = {
        version: 0,
        status: 'active',
        seats: created.seats,
        game,
        resigned: null,
        expiresAt: created.expiresAt,
        clock: created.clock ? newClock(created.clock, created.seats.length) : null,
        left: [],
        timedOut: null,
      };
      return withClock({ ...base, status: statusOf(base) }, created.createdAt ?? 0, null);
    },

    decide(state, command) {
      switch (command.type) {
        case 'MakeMove': {
          const refused = over(state) ?? lateFor(state, command.seat, command.now);
          if (refused) return refused;
          const played = play(engine, state.game, command.seat, command.move);
          if (!played.ok) return { ok: false, error: played.error };
          const made = at(
            { type: 'MoveMade', seat: command.seat, move: engine.encodeMove(played.value.move) } as const,
            command.now,
          );
          decided.set(made, { from: state.game, to: played.value.state as S });
          return accept(made);
        }
        case 'Resign':
          return over(state) ?? accept(at({ type: 'PlayerResigned', seat: command.seat }, command.now));
        case 'Join': {
          if (state.status === 'finished' || state.status === 'aborted')
            return refuse('GAME_OVER', 'The match is over.');
          if (command.player !== undefined && state.seats.some((s) => s.player === command.player)) {
            return refuse('ALREADY_SEATED', 'This player already holds a seat in this match.');
          }
          let seat = command.seat;
          if (seat === undefined) {
            seat = state.seats.findIndex((s) => s.open);
            if (seat < 0) return refuse('NO_OPEN_SEAT', 'Every seat of this match is taken.');
          } else if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats.length) {
            return refuse('NO_SUCH_SEAT', `This match has seats 0 to ${state.seats.length - 1}.`);
          } else if (!state.seats[seat]?.open) {
            return refuse('SEAT_TAKEN', `Seat ${seat} is taken.`);
          }
          const joined: MatchEvent = { type: 'SeatJoined', seat, name: command.name };
          if (command.player !== undefined) return accept(at({ ...joined, player: command.player }, command.now));
          return accept(at(command.bot === undefined ? joined : { ...joined, bot: command.bot }, command.now));
        }
        case 'Expire':
          if (state.status !== 'waiting' || state.expiresAt === null || command.now < state.expiresAt) return accept();
          return accept({ type: 'MatchAborted', reason: 'expired' });
        case 'Abandon':
          if (state.status !== 'active' || state.clock !== null || command.now - command.lastEventAt < command.idleMs)
            return accept();
          return accept({ type: 'MatchAborted', reason: 'abandoned', at: command.now });
        case 'Timeout': {
          if (state.status !== 'active' || state.clock === null) return accept();
          const due = nextDeadline(state.clock);
          if (due === null || command.now < due.at) return accept();
          if (state.clock.autoMove === null) return accept({ type: 'TimedOut', seat: due.seat, at: command.now });
          const choices: unknown[] = [];
          for (const move of engine.legalMoves(state.game, due.seat)) {
            choices.push(move);
            if (choices.length === RANDOM_MOVE_CHOICES) break;
          }
          const chosen = choices[Math.min(choices.length - 1, Math.floor(command.pick * choices.length))];
          if (chosen === undefined) return accept();
          return accept({ type: 'MoveMade', seat: due.seat, move: engine.encodeMove(chosen), at: command.now });
        }
        case 'MissTurn': {
          const refused = over(state);
          if (refused) return refused;
          if (!engine.toMove(state.game).includes(command.seat))
            return refuse('NOT_YOUR_TURN', `Seat ${command.seat} is not to move.`);
          return accept({ type: 'TimedOut', seat: command.seat, at: command.now });
        }
      }
    },

    evolve(state, event) {
      const version = state.version + 1;
      switch (event.type) {
        case 'MoveMade': {
          const memo = decided.get(event);
          let game = memo !== undefined && memo.from === state.game ? memo.to : undefined;
          if (game === undefined) {
            const played = play(engine, state.game, event.seat, event.move);
            if (!played.ok) throw new FoldError(version, played.error);
            game = played.value.state as S;
          }
          const next = { ...state, version, game };
          return withClock({ ...next, status: statusOf(next) }, event.at, event.seat);
        }
        case 'PlayerResigned':
          return withClock({ ...state, version, resigned: event.seat, status: 'finished' }, event.at, null);
        case 'SeatJoined': {
          const holder: SeatHolder = { name: event.name, player: event.player ?? null, open: false };
          const seats = state.seats.map((s, i) =>
            i === event.seat ? (event.bot === undefined ? holder : { ...holder, bot: event.bot }) : s,
          );
          const next = { ...state, version, seats };
          return withClock({ ...next, status: statusOf(next) }, event.at, null);
        }
        case 'MatchAborted':
          return withClock({ ...state, version, status: 'aborted' }, event.at, null);
        case 'TimedOut':
          return timedOut({ ...state, version }, event.seat, event.at ?? 0);
      }
    },

    toMove(state) {
      return state.status === 'active' ? engine.toMove(state.game) : [];
    },

    outcome(state) {
      if (state.resigned !== null) {
        const resigned = state.resigned;
        const winners = state.seats.map((_, seat) => seat).filter((s) => s !== resigned && !state.left.includes(s));
        return { winners, scores: engine.scores(state.game), reason: 'resigned', draw: false };
      }
      if (state.timedOut !== null) {
        const loser = state.timedOut;
        const winners = state.seats.map((_, seat) => seat).filter((s) => s !== loser && !state.left.includes(s));
        return { winners, scores: engine.scores(state.game), reason: 'timeout', draw: false };
      }
      return state.status === 'finished' ? engine.outcome(state.game) : null;
    },

    rematchSeats(state) {
      if (state.status !== 'finished') {
        return {
          ok: false,
          error: {
            code: 'MATCH_NOT_FINISHED',
            message: `A rematch follows a finished match; this one is ${state.status}.`,
          },
        };
      }
      const n = state.seats.length;
      return { ok: true, seats: state.seats.map((_, i) => state.seats[(i - 1 + n) % n] as SeatHolder) };
    },
  };
  return decider;
}

/** Folds events into a state; `onStep` sees each event with the states around it (for the log's redaction). */
export function foldEvents<S>(
  decider: MatchDecider<S>,
  state: MatchState<S>,
  events: Iterable<MatchEvent>,
  onStep?: (event: MatchEvent, before: MatchState<S>, after: MatchState<S>) => void,
): MatchState<S> {
  let current = state;
  for (const event of events) {
    const next = decider.evolve(current, event);
    onStep?.(event, current, next);
    current = next;
  }
  return current;
}
