/** A seat leaves (a forfeit on time in 3+ seats): decisions.ts `leave`, docs/api.md "a seat that leaves". */
import { buildPosition, countCards, playWire } from './fixtures';
import { splitEngine } from './index';
import type { SplitState } from './types';

const leave = (s: SplitState, seat: number): SplitState => {
  const r = splitEngine.leave?.(s, seat);
  if (!r?.ok) throw new Error(`leave refused: ${JSON.stringify(r)}`);
  return r.value;
};

describe('a Split seat leaves', () => {
  const three = (turnOf = 1) =>
    buildPosition({
      hands: [
        ['2S', '3H', '9D'],
        ['4C', '4D', 'KC'],
        ['9C', '7D'],
      ],
      turnOf,
      dealer: 0,
    });

  it('keeps its cards hidden and counted; the turn of the seat that left passes on', () => {
    const s = three(1);
    const after = leave(s, 1);
    expect(after.hands[1]).toEqual(s.hands[1]);
    expect(countCards(after)).toBe(104);
    expect(splitEngine.toMove(after)).toEqual([2]);
    expect(splitEngine.view(after, 0)).not.toHaveProperty('hands');
    expect(s.left).toBeUndefined(); // never mutates
  });

  it('is passed over from then on', () => {
    const after = leave(three(2), 1);
    expect(splitEngine.toMove(after)).toEqual([2]);
    let s = playWire(after, 2, { type: 'draw' });
    s = playWire(s, 2, { type: 'discard', card: '9C' });
    expect(splitEngine.toMove(s)).toEqual([0]);
    s = playWire(s, 0, { type: 'draw' });
    s = playWire(s, 0, { type: 'discard', card: '2S' });
    expect(splitEngine.toMove(s)).toEqual([2]);
  });

  it('sends no last melds: a phase waiting only for it ends', () => {
    // Seat 1 goes out on its first turn; seats 2 and 0 had none. Seat 0 sends, then seat 2 leaves.
    const s0 = buildPosition({
      hands: [['2S', '2S', '3H'], ['4C'], ['9C', '9D']],
      matches: [{ seat: 1, cards: ['QS', 'QS'] }],
      turnOf: 1,
      dealer: 0,
      step: 'meld',
      turnsBegun: [0, 1, 0],
      options: { rounds: 1 },
    });
    let s = playWire(s0, 1, { type: 'discard', card: '4C' });
    expect(splitEngine.toMove(s)).toEqual([0, 2]);
    s = playWire(s, 0, { type: 'lastMelds', matches: [['2S', '2S']] });
    s = leave(s, 2);
    expect(splitEngine.toMove(s)).toEqual([]);
    expect(splitEngine.outcome(s)).not.toBeNull();
  });

  it('cannot win, whatever its total', () => {
    const s0 = buildPosition({
      hands: [['2S'], ['4C'], ['9C', '9D']],
      matches: [
        { seat: 1, cards: ['AS', 'AS'] },
        { seat: 2, cards: ['5S', '5S'] },
      ],
      turnOf: 0,
      dealer: 2,
      step: 'meld',
      options: { rounds: 1 },
    });
    const done = playWire(leave(s0, 1), 0, { type: 'discard', card: '2S' });
    const outcome = splitEngine.outcome(done);
    expect(outcome?.scores).toEqual([0, 20, -10]);
    expect(outcome?.winners).toEqual([0]);
  });

  it('is refused once the match is over, and a second leave changes nothing', () => {
    const once = leave(three(), 1);
    expect(leave(once, 1)).toBe(once);
    expect(splitEngine.leave?.({ ...once, phase: 'over' }, 0)).toMatchObject({
      ok: false,
      error: { code: 'GAME_OVER' },
    });
  });
});
