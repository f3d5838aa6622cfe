import { hand, opening, P, position, row } from './fixtures';
import { qwirkleEngine as engine } from './index';
import type { QwirkleMove, QwirkleState } from './types';

function logEntry(before: QwirkleState, seat: number, move: QwirkleMove) {
  const r = engine.apply(before, seat, move);
  if (!r.ok) throw new Error(r.error.message);
  return { seat, move, before, after: r.value, now: r.value };
}

describe('view', () => {
  const start = () => opening([hand('rc rs rd bl g4 p8'), hand('yc os gd bl p4 r8'), hand('bc bs b4 b8 gl gl')]);

  it('shows a seat its own hand and only counts of the others', () => {
    const s = start();
    const v = engine.view(s, 1);
    expect(v.hand).toEqual(hand('yc os gd bl p4 r8'));
    expect(v.handCounts).toEqual([6, 6, 6]);
    expect(v.bag).toBe(108 - 18);
    expect(v.board).toEqual([]);
    expect(Object.keys(v).sort()).toEqual([
      'bag',
      'board',
      'hand',
      'handCounts',
      'lastTurn',
      'openingSizes',
      'scores',
      'skipped',
      'startingSeat',
      'turns',
    ]);
  });

  it('gives spectators no hand at all', () => {
    expect('hand' in engine.view(start(), 'spectator')).toBe(false);
  });

  it('shows each seat only its own opening size before the first move, then nothing', () => {
    const s = start();
    expect(s.startingSeat).toBe(2); // blue circle, square, star4, star8
    expect(engine.view(s, 0).openingSizes).toEqual([3, null, null]);
    expect(engine.view(s, 2).openingSizes).toEqual([null, null, 4]);
    expect(engine.view(s, 'spectator').openingSizes).toEqual([null, null, null]);
    expect(engine.view(s, 0).startingSeat).toBe(2);
    const after = logEntry(s, 2, { type: 'place', tiles: row('bc bs b4 b8', -3, 0) }).after;
    expect(engine.view(after, 2).openingSizes).toBeNull();
  });

  it('shows the last turn: what was placed and scored, or how many tiles were exchanged', () => {
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')] });
    const placed = logEntry(s, 0, { type: 'place', tiles: [P('rd', 2, 0)] }).after;
    expect(engine.view(placed, 1).lastTurn).toEqual({
      seat: 0,
      type: 'place',
      tiles: [P('rd', 2, 0)],
      points: 3,
      qwirkles: 0,
      bonus: 0,
      drew: 1,
    });
    expect(engine.view(placed, 1).scores).toEqual([3, 0]);
    expect(engine.view(placed, 1).turns).toBe(2);
    const exchanged = logEntry(placed, 1, { type: 'exchange', tiles: hand('yc ys') }).after;
    expect(engine.view(exchanged, 0).lastTurn).toEqual({ seat: 1, type: 'exchange', count: 2 });
  });

  it('does not share structure with the state', () => {
    const s = start();
    const v = engine.view(s, 0);
    (v.hand as { color: string }[])[0]!.color = 'blue';
    expect(s.hands[0]![0]!.color).toBe('red');
  });
});

describe('redactMove', () => {
  const mid = () =>
    position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')],
      bag: hand('gc gs p8 o4'),
    });

  it('shows a placement to all, and the drawn tiles only to the mover', () => {
    const e = logEntry(mid(), 0, { type: 'place', tiles: [P('rd', 2, 0)] });
    const move = { type: 'place', tiles: [P('rd', 2, 0)] };
    const common = { points: 3, qwirkles: 0, bonus: 0, drew: 1, skipped: [] };
    expect(engine.redactMove(e, 0)).toEqual({ move, effects: { ...common, drawn: hand('o4') } });
    expect(engine.redactMove(e, 1)).toEqual({ move, effects: common });
    expect(engine.redactMove(e, 'spectator')).toEqual({ move, effects: common });
  });

  it('shows others only how many tiles an exchange swapped; the mover sees what went out and came in', () => {
    const e = logEntry(mid(), 0, { type: 'exchange', tiles: hand('bl bl') });
    expect(engine.redactMove(e, 0)).toEqual({
      move: { type: 'exchange', tiles: hand('bl bl') },
      effects: { count: 2, drawn: hand('o4 p8'), skipped: [] },
    });
    expect(engine.redactMove(e, 1)).toEqual({
      move: { type: 'exchange', hidden: true },
      effects: { count: 2, skipped: [] },
    });
    expect(engine.redactMove(e, 'spectator')).toEqual({
      move: { type: 'exchange', hidden: true },
      effects: { count: 2, skipped: [] },
    });
  });

  it('reports the end bonus and the seats skipped after the move', () => {
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd pl'), hand('b4 b8'), hand('rl')], bag: [] });
    const e = logEntry(s, 0, { type: 'place', tiles: [P('rd', 2, 0)] });
    expect(engine.redactMove(e, 2).effects).toMatchObject({ drew: 0, skipped: [1] });
    const last = logEntry(e.after, 2, { type: 'place', tiles: [P('rl', 3, 0)] });
    expect(engine.redactMove(last, 0).effects).toMatchObject({ points: 4, bonus: 6 });
  });
});
