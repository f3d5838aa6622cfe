import { reversiEngine } from '../engine/reversi';
import { type MatchEvent, type SeatHolder, foldEvents, matchDecider } from './decider';

const held = (name: string): SeatHolder => ({ name, player: null, open: false });
const open: SeatHolder = { name: null, player: null, open: true };
const IDLE = 1000;

function stateOf(seats: SeatHolder[], events: MatchEvent[] = []) {
  const decider = matchDecider(reversiEngine);
  return {
    decider,
    state: foldEvents(decider, decider.initialState({ seed: 's', options: undefined, seats, expiresAt: null }), events),
  };
}

describe('the decider: Abandon', () => {
  const abandon = (seats: SeatHolder[], events: MatchEvent[], now: number, lastEventAt = 0) => {
    const { decider, state } = stateOf(seats, events);
    return decider.decide(state, { type: 'Abandon', now, lastEventAt, idleMs: IDLE });
  };

  it('aborts an active match once its last event is idleMs old, not a moment before', () => {
    const moved: MatchEvent[] = [{ type: 'MoveMade', seat: 0, move: { square: 'd3' } }];
    expect(abandon([held('a'), held('b')], moved, 999)).toEqual({ ok: true, events: [] });
    expect(abandon([held('a'), held('b')], moved, 1000)).toEqual({
      ok: true,
      events: [{ type: 'MatchAborted', reason: 'abandoned', at: 1000 }],
    });
    expect(abandon([held('a'), held('b')], [], 5000, 4500)).toEqual({ ok: true, events: [] });
  });

  it('leaves waiting, finished and aborted matches alone (waiting ones expire by their own time)', () => {
    expect(abandon([held('a'), open], [], 10_000)).toEqual({ ok: true, events: [] });
    expect(abandon([held('a'), held('b')], [{ type: 'PlayerResigned', seat: 0 }], 10_000)).toEqual({
      ok: true,
      events: [],
    });
    expect(abandon([held('a'), held('b')], [{ type: 'MatchAborted', reason: 'abandoned' }], 10_000)).toEqual({
      ok: true,
      events: [],
    });
  });

  it('leaves a match with a clock alone: its clock times it out', () => {
    const decider = matchDecider(reversiEngine);
    const state = decider.initialState({
      seed: 's',
      options: undefined,
      seats: [held('a'), held('b')],
      expiresAt: null,
      clock: { timeControl: { perMoveSeconds: 31_536_000 }, onTimeout: 'forfeit' },
      createdAt: 0,
    });
    expect(state.status).toBe('active');
    expect(decider.decide(state, { type: 'Abandon', now: 10_000, lastEventAt: 0, idleMs: IDLE })).toEqual({
      ok: true,
      events: [],
    });
  });

  it('folds the abort into an aborted match with no one to move and no outcome', () => {
    const { decider, state } = stateOf([held('a'), held('b')], [{ type: 'MatchAborted', reason: 'abandoned' }]);
    expect([state.status, state.version, decider.toMove(state), decider.outcome(state)]).toEqual([
      'aborted',
      1,
      [],
      null,
    ]);
  });
});
