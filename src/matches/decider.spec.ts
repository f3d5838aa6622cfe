import type { AnyEngine } from '../engine/core';
import { qwirkleEngine } from '../engine/qwirkle';
import { ALL_GAMES } from '../engine/games';
import { reversiEngine } from '../engine/reversi';
import {
  type MatchCommand,
  type MatchEvent,
  type MatchState,
  type SeatHolder,
  FoldError,
  foldEvents,
  matchDecider,
} from './decider';

const held = (name: string, player: string | null = null): SeatHolder => ({ name, player, open: false });
const open: SeatHolder = { name: null, player: null, open: true };
const EXPIRES = 1_000_000;

/** given(seats, events).when(command) → the events decided, or the refusal's code. */
function given(engine: AnyEngine, seats: SeatHolder[], events: MatchEvent[] = []) {
  const decider = matchDecider(engine);
  const state = foldEvents(
    decider,
    decider.initialState({ seed: 'seed-1', options: undefined, seats, expiresAt: EXPIRES }),
    events,
  );
  return {
    state,
    decider,
    when: (command: MatchCommand) => {
      const d = decider.decide(state, command);
      return d.ok ? { events: d.events } : { refused: d.error.code };
    },
  };
}

const reversi = (events: MatchEvent[] = [], seats = [held('ann'), held('bob')]) => given(reversiEngine, seats, events);
const waiting = (events: MatchEvent[] = []) => reversi(events, [held('ann'), open]);
const resigned: MatchEvent[] = [{ type: 'PlayerResigned', seat: 1 }];
const aborted: MatchEvent[] = [{ type: 'MatchAborted', reason: 'expired' }];

/** The events of a whole Reversi match, each seat playing its first legal move. */
function playedOut(): MatchEvent[] {
  const decider = matchDecider(reversiEngine);
  let state: MatchState = decider.initialState({
    seed: 's',
    options: undefined,
    seats: [held('ann'), held('bob')],
    expiresAt: null,
  });
  const events: MatchEvent[] = [];
  while (state.status === 'active') {
    const seat = decider.toMove(state)[0] as number;
    const move = reversiEngine.encodeMove(
      reversiEngine
        .legalMoves(state.game as never, seat)
        [Symbol.iterator]()
        .next().value as Parameters<typeof reversiEngine.encodeMove>[0],
    );
    const d = decider.decide(state, { type: 'MakeMove', seat, move });
    if (!d.ok) throw new Error(d.error.message);
    events.push(...d.events);
    state = foldEvents(decider, state, d.events);
  }
  return events;
}

describe('the match decider', () => {
  describe('in each status', () => {
    const statuses: [string, () => ReturnType<typeof reversi>][] = [
      ['waiting', () => waiting()],
      ['active', () => reversi()],
      ['finished by resignation', () => reversi(resigned)],
      ['finished by play', () => reversi(playedOut())],
      ['aborted', () => waiting(aborted)],
    ];

    it.each(statuses)('%s: the status and seats to move follow from the events', (name, make) => {
      const { state, decider } = make();
      const status = name.startsWith('finished') ? 'finished' : name;
      expect(state.status).toBe(status);
      expect(decider.toMove(state)).toEqual(status === 'active' ? [0] : []);
      expect(decider.outcome(state) !== null).toBe(status === 'finished');
    });

    const expected: Record<string, Record<MatchCommand['type'], string | MatchEvent[]>> = {
      waiting: {
        MakeMove: 'MATCH_NOT_STARTED',
        Resign: 'MATCH_NOT_STARTED',
        Join: [{ type: 'SeatJoined', seat: 1, name: 'cy' }],
        Expire: [{ type: 'MatchAborted', reason: 'expired' }],
        Timeout: [],
        MissTurn: 'MATCH_NOT_STARTED',
        Abandon: [],
      },
      active: {
        MakeMove: [{ type: 'MoveMade', seat: 0, move: { square: 'd3' } }],
        Resign: [{ type: 'PlayerResigned', seat: 0 }],
        Join: 'NO_OPEN_SEAT',
        Expire: [],
        Timeout: [],
        MissTurn: [{ type: 'TimedOut', seat: 0, at: 5 }],
        Abandon: [{ type: 'MatchAborted', reason: 'abandoned', at: EXPIRES }],
      },
      'finished by resignation': {
        MakeMove: 'GAME_OVER',
        Resign: 'GAME_OVER',
        Join: 'GAME_OVER',
        Expire: [],
        Timeout: [],
        MissTurn: 'GAME_OVER',
        Abandon: [],
      },
      'finished by play': {
        MakeMove: 'GAME_OVER',
        Resign: 'GAME_OVER',
        Join: 'GAME_OVER',
        Expire: [],
        Timeout: [],
        MissTurn: 'GAME_OVER',
        Abandon: [],
      },
      aborted: {
        MakeMove: 'GAME_OVER',
        Resign: 'GAME_OVER',
        Join: 'GAME_OVER',
        Expire: [],
        Timeout: [],
        MissTurn: 'GAME_OVER',
        Abandon: [],
      },
    };
    const commands: MatchCommand[] = [
      { type: 'MakeMove', seat: 0, move: { square: 'd3' } },
      { type: 'Resign', seat: 0 },
      { type: 'Join', name: 'cy' },
      { type: 'Expire', now: EXPIRES },
      { type: 'Timeout', now: Number.MAX_SAFE_INTEGER, pick: 0 },
      { type: 'MissTurn', seat: 0, now: 5 },
      { type: 'Abandon', now: EXPIRES, lastEventAt: 0, idleMs: EXPIRES },
    ];
    const matrix = statuses.flatMap(([status, make]) =>
      commands.map((command) => [status, command.type, make, command] as const),
    );

    it.each(matrix)('%s, when %s', (status, type, make, command) => {
      const want = expected[status]?.[type];
      const got = make().when(command);
      expect(got).toEqual(typeof want === 'string' ? { refused: want } : { events: want });
    });
  });

  describe('bot seats and missed turns', () => {
    it('a bot joins an open seat: the holder says which bot plays it', () => {
      const { state, decider, when } = waiting();
      const { events } = when({ type: 'Join', name: 'greedy', bot: 'greedy' }) as { events: MatchEvent[] };
      expect(events).toEqual([{ type: 'SeatJoined', seat: 1, name: 'greedy', bot: 'greedy' }]);
      expect(foldEvents(decider, state, events).seats[1]).toEqual({
        name: 'greedy',
        player: null,
        open: false,
        bot: 'greedy',
      });
    });

    it('a missed turn without a clock forfeits: the match ends on time, the other seat wins', () => {
      const { state, decider, when } = reversi();
      expect(when({ type: 'MissTurn', seat: 1, now: 5 })).toEqual({ refused: 'NOT_YOUR_TURN' });
      const { events } = when({ type: 'MissTurn', seat: 0, now: 5 }) as { events: MatchEvent[] };
      const after = foldEvents(decider, state, events);
      expect(after.status).toBe('finished');
      expect(decider.outcome(after)).toMatchObject({ winners: [1], reason: 'timeout' });
    });
  });

  describe('MakeMove', () => {
    it("passes the game's own refusals through", () => {
      expect(reversi().when({ type: 'MakeMove', seat: 1, move: { square: 'd3' } })).toEqual({
        refused: 'NOT_YOUR_TURN',
      });
      expect(reversi().when({ type: 'MakeMove', seat: 0, move: { square: 'a1' } })).toEqual({
        refused: 'ILLEGAL_MOVE',
      });
      expect(reversi().when({ type: 'MakeMove', seat: 0, move: { square: 'z9' } })).toEqual({
        refused: 'MALFORMED_MOVE',
      });
    });

    it('records the move in its canonical wire form, and evolve applies it', () => {
      const { state, decider, when } = reversi();
      const { events } = when({ type: 'MakeMove', seat: 0, move: { square: 'd3' } }) as { events: MatchEvent[] };
      const next = foldEvents(decider, state, events);
      expect(next.version).toBe(1);
      expect(decider.toMove(next)).toEqual([1]);
      expect(state.version).toBe(0); // evolve never mutates
    });

    it('folds a move it just decided to the state a replay of the stored event gives, in every game', () => {
      // The decider remembers where the events it decides lead (no second apply when the append folds them);
      // a replay reads them back from the log as new objects. Both must reach the same states.
      for (const { engine } of ALL_GAMES) {
        const live = matchDecider(engine);
        const replay = matchDecider(engine);
        const created = { seed: 'same-fold', options: undefined, seats: [held('ann'), held('bob')], expiresAt: null };
        let state = live.initialState(created);
        let replayed = replay.initialState(created);
        let moves = 0;
        while (state.status === 'active' && moves < 40) {
          const seat = live.toMove(state)[0] as number;
          const first: unknown = engine.legalMoves(state.game, seat)[Symbol.iterator]().next().value;
          const d = live.decide(state, { type: 'MakeMove', seat, move: engine.encodeMove(first), now: 1000 + moves });
          if (!d.ok) throw new Error(d.error.message);
          state = foldEvents(live, state, d.events);
          replayed = foldEvents(replay, replayed, JSON.parse(JSON.stringify(d.events)) as MatchEvent[]);
          expect(state).toEqual(replayed);
          moves++;
        }
        expect(moves).toBeGreaterThan(3);
      }
    });

    it('plays a decided event again when it is folded into another state than the one it was decided on', () => {
      const { state, decider, when } = reversi();
      const { events } = when({ type: 'MakeMove', seat: 0, move: { square: 'd3' } }) as { events: MatchEvent[] };
      // After d3 c3 it is black's turn again and d3 is taken: the same event object must be refused, not reused.
      const later = foldEvents(decider, state, [...events, { type: 'MoveMade', seat: 1, move: { square: 'c3' } }]);
      expect(() => decider.evolve(later, events[0] as MatchEvent)).toThrow(FoldError);
    });

    it('ends the match when the game ends', () => {
      const events = playedOut();
      const { state, decider } = reversi(events);
      expect(state.version).toBe(events.length);
      expect(decider.outcome(state)).toEqual(reversiEngine.outcome(state.game as never));
    });
  });

  describe('Resign', () => {
    it('gives the win to every other seat', () => {
      const { state, decider } = given(
        qwirkleEngine,
        [held('a'), held('b'), held('c')],
        [{ type: 'PlayerResigned', seat: 1 }],
      );
      expect(decider.outcome(state)).toMatchObject({ winners: [0, 2], reason: 'resigned' });
    });
  });

  describe('Join', () => {
    const three = (events: MatchEvent[] = []) => given(qwirkleEngine, [held('ann'), open, open], events);

    it('fills the first open seat, or the one named, and stays waiting until every seat is held', () => {
      expect(three().when({ type: 'Join', name: 'bob' })).toEqual({
        events: [{ type: 'SeatJoined', seat: 1, name: 'bob' }],
      });
      expect(three().when({ type: 'Join', name: 'bob', seat: 2, player: 'p1' })).toEqual({
        events: [{ type: 'SeatJoined', seat: 2, name: 'bob', player: 'p1' }],
      });
      const one = three([{ type: 'SeatJoined', seat: 2, name: 'cy', player: 'p1' }]);
      expect(one.state.status).toBe('waiting');
      expect(one.state.seats[2]).toEqual({ name: 'cy', player: 'p1', open: false });
      expect(one.when({ type: 'Join', name: 'dan' })).toEqual({
        events: [{ type: 'SeatJoined', seat: 1, name: 'dan' }],
      });
      const full = three([
        { type: 'SeatJoined', seat: 2, name: 'cy', player: 'p1' },
        { type: 'SeatJoined', seat: 1, name: 'dan' },
      ]);
      expect(full.state.status).toBe('active');
      expect(full.decider.toMove(full.state).length).toBe(1);
    });

    it('refuses a taken seat, a seat that does not exist, and a second seat for one player', () => {
      const one = three([{ type: 'SeatJoined', seat: 1, name: 'bob', player: 'p1' }]);
      expect(one.when({ type: 'Join', name: 'x', seat: 1 })).toEqual({ refused: 'SEAT_TAKEN' });
      expect(one.when({ type: 'Join', name: 'x', seat: 0 })).toEqual({ refused: 'SEAT_TAKEN' });
      expect(one.when({ type: 'Join', name: 'x', seat: 3 })).toEqual({ refused: 'NO_SUCH_SEAT' });
      expect(one.when({ type: 'Join', name: 'x', seat: 2, player: 'p1' })).toEqual({ refused: 'ALREADY_SEATED' });
      expect(one.when({ type: 'Join', name: 'x', seat: 2, player: 'p2' })).toEqual({
        events: [{ type: 'SeatJoined', seat: 2, name: 'x', player: 'p2' }],
      });
    });
  });

  describe('Expire', () => {
    it('aborts a waiting match only once its wait is over', () => {
      expect(waiting().when({ type: 'Expire', now: EXPIRES - 1 })).toEqual({ events: [] });
      expect(waiting().when({ type: 'Expire', now: EXPIRES + 1 })).toEqual({
        events: [{ type: 'MatchAborted', reason: 'expired' }],
      });
      const never = given(reversiEngine, [held('a'), open]);
      const noExpiry = never.decider.initialState({
        seed: 's',
        options: undefined,
        seats: [held('a'), open],
        expiresAt: null,
      });
      expect(never.decider.decide(noExpiry, { type: 'Expire', now: Number.MAX_SAFE_INTEGER })).toEqual({
        ok: true,
        events: [],
      });
    });
  });

  describe('rematch seats', () => {
    it('rotates the holders by one seat once the match is finished, and only then', () => {
      const seats = [held('a'), held('b', 'p-b'), held('c')];
      const done = given(qwirkleEngine, seats, [{ type: 'PlayerResigned', seat: 0 }]);
      expect(done.decider.rematchSeats(done.state)).toEqual({
        ok: true,
        seats: [held('c'), held('a'), held('b', 'p-b')],
      });
      const active = given(qwirkleEngine, seats);
      expect(active.decider.rematchSeats(active.state)).toMatchObject({
        ok: false,
        error: { code: 'MATCH_NOT_FINISHED' },
      });
      const gone = waiting(aborted);
      expect(gone.decider.rematchSeats(gone.state)).toMatchObject({ ok: false, error: { code: 'MATCH_NOT_FINISHED' } });
    });
  });

  it('reports a stored move that no longer applies, with its seq', () => {
    const { state, decider } = reversi();
    const thrown = (() => {
      try {
        decider.evolve(state, { type: 'MoveMade', seat: 0, move: { square: 'a1' } });
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(FoldError);
    expect((thrown as FoldError).seq).toBe(1);
  });
});
