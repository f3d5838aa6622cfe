import { hand, opening, P, position, row, tileTotal } from './fixtures';
import { qwirkleEngine as engine } from './index';
import type { QwirkleState } from './types';

const left = (s: QwirkleState, seat: number): QwirkleState => {
  const r = engine.leave?.(s, seat);
  if (!r?.ok) throw new Error(`leave refused: ${JSON.stringify(r)}`);
  return r.value;
};

describe('a seat leaves (forfeit on time, 3+ seats)', () => {
  const three = () =>
    position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl g8'), hand('yc ys yd'), hand('pl p4 oc')],
      current: 1,
      scores: [5, 9, 2],
    });

  it('puts its tiles back into the bag, keeps all 108 tiles, and hides nothing new', () => {
    const s = three();
    const after = left(s, 1);
    expect(after.hands[1]).toEqual([]);
    expect(after.bag.length).toBe(s.bag.length + 3);
    expect(tileTotal(after)).toBe(tileTotal(s));
    expect(engine.view(after, 0).handCounts).toEqual([3, 0, 3]);
    expect(engine.view(after, 0).hand).toEqual(s.hands[0]);
    expect(after.rng).not.toEqual(s.rng); // the bag was reshuffled, from the game's own PRNG
    expect(s.hands[1]?.length).toBe(3); // leave never mutates
  });

  it('passes the turn on when the seat to move leaves, without counting a move', () => {
    const after = left(three(), 1);
    expect(engine.toMove(after)).toEqual([2]);
    expect(after.turns).toBe(three().turns);
  });

  it('passes over the seat from then on, without listing it as skipped', () => {
    const s = position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl g8'), hand('yc ys yd'), hand('pl p4 oc')],
      current: 0,
    });
    const after = left(s, 1);
    expect(engine.toMove(after)).toEqual([0]);
    const played = engine.apply(after, 0, { type: 'place', tiles: [P('rd', 2, 0)] });
    if (!played.ok) throw new Error(played.error.message);
    expect(engine.toMove(played.value)).toEqual([2]);
    expect(played.value.skipped).toEqual([]);
    expect(
      engine.apply(played.value, 1, { type: 'exchange', tiles: [{ color: 'yellow', shape: 'circle' }] }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
  });

  it('cannot win, whatever its score', () => {
    const s = position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl'), hand('yc'), hand('bc')],
      current: 0,
      scores: [5, 50, 2],
      turns: 4,
      maxTurns: 5,
    });
    const ended = engine.apply(left(s, 1), 0, { type: 'place', tiles: [P('rd', 2, 0)] });
    if (!ended.ok) throw new Error(ended.error.message);
    expect(engine.outcome(ended.value)).toEqual({
      winners: [0],
      scores: [8, 50, 2],
      reason: 'qwirkle/max-turns',
      draw: false,
    });
  });

  it('a draw is every seat still in play sharing the win, whatever the seat that left scored', () => {
    const s = position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl'), hand('yc'), hand('bc')],
      current: 0,
      scores: [5, 50, 8],
      turns: 4,
      maxTurns: 5,
    });
    const ended = engine.apply(left(s, 1), 0, { type: 'place', tiles: [P('rd', 2, 0)] });
    if (!ended.ok) throw new Error(ended.error.message);
    expect(engine.outcome(ended.value)).toEqual({
      winners: [0, 2],
      scores: [8, 50, 8],
      reason: 'qwirkle/max-turns',
      draw: true,
    });
  });

  it('before the opening, the next seat opens with its own opening size', () => {
    const s = opening([hand('rc rs rd'), hand('bc bs'), hand('gc')]);
    expect(engine.toMove(s)).toEqual([0]);
    const after = left(s, 0);
    expect(engine.toMove(after)).toEqual([1]);
    expect(engine.apply(after, 1, { type: 'place', tiles: [P('bc', 0, 0), P('bs', 1, 0)] }).ok).toBe(true);
  });

  it('is refused once the match is over, and a second leave changes nothing', () => {
    const s = three();
    const once = left(s, 1);
    expect(left(once, 1)).toBe(once);
    const over = { ...s, ended: 'qwirkle/blocked' as const, current: null };
    expect(engine.leave?.(over, 0)).toMatchObject({ ok: false, error: { code: 'GAME_OVER' } });
  });
});
