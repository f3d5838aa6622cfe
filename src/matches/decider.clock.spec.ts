/** The clock in the match decider: deadlines, TimedOut, forfeits (2 and 3+ seats), the server's random move, Fischer. */
import type { ClockSettings } from './match-clock';
import { remainingMs } from './match-clock';
import type { AnyEngine } from '../engine/core';
import { qwirkleEngine } from '../engine/qwirkle';
import { reversiEngine } from '../engine/reversi';
import {
  type MatchCommand,
  type MatchEvent,
  type MatchState,
  type SeatHolder,
  foldEvents,
  matchDecider,
} from './decider';

const held = (name: string): SeatHolder => ({ name, player: null, open: false });
const open: SeatHolder = { name: null, player: null, open: true };
const T0 = 1_000_000;
const perMove = (seconds: number, onTimeout: ClockSettings['onTimeout'] = 'forfeit'): ClockSettings => ({
  timeControl: { perMoveSeconds: seconds },
  onTimeout,
});
const fischer = (
  initial: number,
  increment: number,
  onTimeout: ClockSettings['onTimeout'] = 'forfeit',
): ClockSettings => ({ timeControl: { initialSeconds: initial, incrementSeconds: increment }, onTimeout });

function match(engine: AnyEngine, seats: SeatHolder[], clock: ClockSettings) {
  const decider = matchDecider(engine);
  let state: MatchState = decider.initialState({
    seed: 'clock-seed',
    options: undefined,
    seats,
    expiresAt: null,
    clock,
    createdAt: T0,
  });
  const log: MatchEvent[] = [];
  const run = (command: MatchCommand): MatchEvent[] => {
    const d = decider.decide(state, command);
    if (!d.ok) throw new Error(`${command.type} refused: ${d.error.code}`);
    state = foldEvents(decider, state, d.events);
    log.push(...d.events);
    return [...d.events];
  };
  const refusal = (command: MatchCommand): string | null => {
    const d = decider.decide(state, command);
    return d.ok ? null : d.error.code;
  };
  const firstMove = (seat: number): unknown =>
    engine.encodeMove(engine.legalMoves(state.game, seat)[Symbol.iterator]().next().value);
  return {
    decider,
    get state() {
      return state;
    },
    log,
    run,
    refusal,
    firstMove,
  };
}

describe('the match clock, in the decider', () => {
  it('perMoveSeconds: nothing is due before the deadline; at it, the seat to move times out and a 2-seat match ends', () => {
    const m = match(reversiEngine, [held('ann'), held('bob')], perMove(10));
    expect(m.run({ type: 'Timeout', now: T0 + 9_999, pick: 0 })).toEqual([]);
    expect(m.run({ type: 'Timeout', now: T0 + 10_000, pick: 0 })).toEqual([
      { type: 'TimedOut', seat: 0, at: T0 + 10_000 },
    ]);
    expect(m.state.status).toBe('finished');
    expect(m.decider.toMove(m.state)).toEqual([]);
    expect(m.decider.outcome(m.state)).toMatchObject({ winners: [1], reason: 'timeout' });
    expect(m.run({ type: 'Timeout', now: T0 + 99_999, pick: 0 })).toEqual([]); // once
  });

  it("each move starts the next seat's allowance afresh", () => {
    const m = match(reversiEngine, [held('ann'), held('bob')], perMove(10));
    m.run({ type: 'MakeMove', seat: 0, move: { square: 'd3' }, now: T0 + 9_000 });
    expect(m.run({ type: 'Timeout', now: T0 + 18_999, pick: 0 })).toEqual([]);
    expect(m.run({ type: 'Timeout', now: T0 + 19_000, pick: 0 })).toEqual([
      { type: 'TimedOut', seat: 1, at: T0 + 19_000 },
    ]);
  });

  it("refuses a move decided at or after the seat's deadline, though no timeout is written yet", () => {
    const m = match(reversiEngine, [held('ann'), held('bob')], perMove(10));
    expect(m.refusal({ type: 'MakeMove', seat: 0, move: { square: 'd3' }, now: T0 + 10_000 })).toBe('TIMED_OUT');
    expect(m.refusal({ type: 'MakeMove', seat: 0, move: { square: 'd3' }, now: T0 + 9_999 })).toBeNull();
  });

  it('Fischer: the mover is charged for its turn and credited the increment; remainingMs is live', () => {
    const m = match(reversiEngine, [held('ann'), held('bob')], fischer(60, 5));
    expect(remainingMs(m.state.clock!, T0 + 1_000)).toEqual([59_000, 60_000]);
    m.run({ type: 'MakeMove', seat: 0, move: { square: 'd3' }, now: T0 + 10_000 });
    expect(m.state.clock?.bank).toEqual([55_000, 60_000]);
    expect(remainingMs(m.state.clock!, T0 + 12_000)).toEqual([55_000, 58_000]);
    m.run({ type: 'MakeMove', seat: 1, move: m.firstMove(1), now: T0 + 69_000 });
    expect(m.state.clock?.bank).toEqual([55_000, 6_000]);
    expect(m.run({ type: 'Timeout', now: T0 + 69_000 + 54_999, pick: 0 })).toEqual([]);
    expect(m.run({ type: 'Timeout', now: T0 + 69_000 + 55_000, pick: 0 })).toEqual([
      { type: 'TimedOut', seat: 0, at: T0 + 124_000 },
    ]);
  });

  it("a waiting match's clock starts with the join that fills it", () => {
    const m = match(reversiEngine, [held('ann'), open], perMove(10));
    expect(m.run({ type: 'Timeout', now: T0 + 50_000, pick: 0 })).toEqual([]);
    m.run({ type: 'Join', name: 'bob', now: T0 + 60_000 });
    expect(m.run({ type: 'Timeout', now: T0 + 69_999, pick: 0 })).toEqual([]);
    expect(m.run({ type: 'Timeout', now: T0 + 70_000, pick: 0 })).toEqual([
      { type: 'TimedOut', seat: 0, at: T0 + 70_000 },
    ]);
  });

  it('forfeit in 3 seats: the seat leaves through the engine and the others play on; with two left, the next timeout ends the match', () => {
    const m = match(qwirkleEngine, [held('a'), held('b'), held('c')], perMove(10));
    const first = m.decider.toMove(m.state)[0] as number;
    const [out] = m.run({ type: 'Timeout', now: T0 + 10_000, pick: 0 });
    expect(out).toEqual({ type: 'TimedOut', seat: first, at: T0 + 10_000 });
    expect(m.state.status).toBe('active');
    expect(m.state.left).toEqual([first]);
    const next = m.decider.toMove(m.state)[0] as number;
    expect(next).not.toBe(first);
    expect(qwirkleEngine.view(m.state.game as never, 'spectator').handCounts[first]).toBe(0);
    // The next seat's allowance started when the first one left.
    expect(m.run({ type: 'Timeout', now: T0 + 19_999, pick: 0 })).toEqual([]);
    m.run({ type: 'Timeout', now: T0 + 20_000, pick: 0 });
    expect(m.state.status).toBe('finished');
    const winner = [0, 1, 2].find((s) => s !== first && s !== next);
    expect(m.decider.outcome(m.state)).toMatchObject({ winners: [winner], reason: 'timeout' });
  });

  it('a resignation after a seat left gives the win to the seats still in play only', () => {
    const m = match(qwirkleEngine, [held('a'), held('b'), held('c')], perMove(10));
    const out = m.run({ type: 'Timeout', now: T0 + 10_000, pick: 0 })[0] as { seat: number };
    const next = m.decider.toMove(m.state)[0] as number;
    m.run({ type: 'Resign', seat: next, now: T0 + 11_000 });
    const third = [0, 1, 2].find((s) => s !== out.seat && s !== next);
    expect(m.decider.outcome(m.state)).toMatchObject({ winners: [third], reason: 'resigned' });
  });

  it("random: TimedOut, then the server's legal move for that seat; the seat's own late move is refused", () => {
    const m = match(reversiEngine, [held('ann'), held('bob')], fischer(10, 2, 'random'));
    expect(m.run({ type: 'Timeout', now: T0 + 10_000, pick: 0.5 })).toEqual([
      { type: 'TimedOut', seat: 0, at: T0 + 10_000 },
    ]);
    expect(m.state.status).toBe('active');
    expect(m.decider.toMove(m.state)).toEqual([0]);
    expect(m.refusal({ type: 'MakeMove', seat: 0, move: { square: 'd3' }, now: T0 + 10_001 })).toBe('TIMED_OUT');
    const legal = [...reversiEngine.legalMoves(m.state.game as never, 0)].map((mv) => reversiEngine.encodeMove(mv));
    const [served] = m.run({ type: 'Timeout', now: T0 + 10_001, pick: 0.5 });
    expect(served).toEqual({ type: 'MoveMade', seat: 0, move: legal[Math.floor(0.5 * legal.length)], at: T0 + 10_001 });
    expect(m.decider.toMove(m.state)).toEqual([1]);
    expect(m.state.clock?.bank[0]).toBe(2_000); // out of time: only the increment is left
    expect(m.log.map((e) => e.type)).toEqual(['TimedOut', 'MoveMade']);
  });

  it('folds to the same state from the log as step by step', () => {
    const m = match(reversiEngine, [held('ann'), held('bob')], fischer(10, 2, 'random'));
    m.run({ type: 'MakeMove', seat: 0, move: { square: 'd3' }, now: T0 + 3_000 });
    m.run({ type: 'Timeout', now: T0 + 20_000, pick: 0.1 });
    m.run({ type: 'Timeout', now: T0 + 20_005, pick: 0.1 });
    const replayed = foldEvents(
      m.decider,
      m.decider.initialState({
        seed: 'clock-seed',
        options: undefined,
        seats: [held('ann'), held('bob')],
        expiresAt: null,
        clock: fischer(10, 2, 'random'),
        createdAt: T0,
      }),
      m.log,
    );
    expect(replayed).toEqual(m.state);
  });
});
