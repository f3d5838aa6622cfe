import { deblockleEngine as engine } from './index';
import { type Face } from './block';
import { type BlockSpec, positionFromBlocks } from './fixtures';
import type { DeblockleMove } from './notation';
import type { DeblockleOptions } from './options';
import type { DeblockleState } from './rules';

const G = (square: string, top: Face, north: Face): BlockSpec => ({ seat: 0, square, top, north });
const B = (square: string, top: Face, north: Face): BlockSpec => ({ seat: 1, square, top, north });

function play(state: DeblockleState, seat: number, wire: unknown): DeblockleState {
  const move = engine.parseMove(wire);
  if (!move.ok) throw new Error(move.error.message);
  const next = engine.apply(state, seat, move.value);
  if (!next.ok) throw new Error(`${next.error.reason}: ${next.error.message}`);
  return next.value;
}

function options(raw: unknown): DeblockleOptions {
  const o = engine.parseOptions(raw, 2);
  if (!o.ok) throw new Error(o.error.message);
  return o.value;
}

const blocksOf = (s: DeblockleState) =>
  engine.view(s, 'spectator').blocks.map((b) => `${b.seat}${b.square}:${b.top}/${b.north}/${b.east}`);

describe('skips', () => {
  // Blue's only block sits in the corner a1 with stop facing east: tipping east would show the star on b1,
  // so blue can move only by tipping south onto a2. Gold closes a2 with a stop.
  const start = () =>
    positionFromBlocks({
      blocks: [B('a1', 'x', 'slider'), G('a3', 'hoops', 'star'), G('g7', 'star', 'slider')],
    });

  it('skips a blocked seat: the other seat moves twice in a row, until the blocked seat is free', () => {
    let s = start();
    expect(engine.toMove(s)).toEqual([0]);
    s = play(s, 0, { from: 'a3', tip: 'north', to: 'a2' });
    expect(blocksOf(s)).toContain('0a2:stop/hoops/x');
    expect(engine.toMove(s)).toEqual([0]);
    expect(engine.view(s, 1).skipped).toBe(1);
    expect([...engine.legalMoves(s, 1)]).toEqual([]);
    expect(engine.apply(s, 1, { type: 'turn', from: 0, tip: 'south', to: 7 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });

    // gold moves its other block: blue is still stuck and is skipped again
    s = play(s, 0, { from: 'g7', tip: 'north', to: 'g3' }); // hoops g6 → g5 → g4 → g3
    expect(engine.toMove(s)).toEqual([0]);
    expect(s.skipped).toBe(1);

    // gold opens a2 (cross from b2 to c2): blue moves again and nobody is skipped
    s = play(s, 0, { from: 'a2', tip: 'east', to: 'c2' });
    expect(engine.toMove(s)).toEqual([1]);
    expect(s.skipped).toBeNull();
    expect(engine.view(s, 'spectator').turns).toBe(3);
  });

  it('skips at the start of play when the first seat cannot move', () => {
    const s = positionFromBlocks({ blocks: [B('a1', 'x', 'slider'), G('a2', 'star', 'slider')], toMove: 1 });
    expect(engine.toMove(s)).toEqual([0]);
    expect(s.skipped).toBe(1);
  });

  // Row 1 reads B a1, G b1, B c1, then gold tips f2 west to e2 (x) and hops to d1. Every block is then stuck:
  // a1, b1, c1 have the star facing north (a tip south shows it) and neighbours east and west; d1 has stop
  // facing east (a tip east shows the star) and d2 below is a star gold may enter only with the star up.
  it('is a draw when neither seat can move after a turn', () => {
    let s = positionFromBlocks({
      blocks: [G('f2', 'star', 'slider'), B('a1', 'hoops', 'star'), G('b1', 'hoops', 'star'), B('c1', 'hoops', 'star')],
    });
    s = play(s, 0, { from: 'f2', tip: 'west', to: 'd1' });
    expect(blocksOf(s)).toContain('0d1:x/slider/stop');
    expect(engine.toMove(s)).toEqual([]);
    expect(engine.outcome(s)).toEqual({
      winners: [0, 1],
      scores: [0, 0],
      reason: 'deblockle/both-blocked',
      draw: true,
    });
    expect(s.skipped).toBeNull();
  });
});

describe('removal and the win', () => {
  it('removes a block tipped star up onto the scoring star, and the seat that removes its last block wins', () => {
    let s = positionFromBlocks({
      blocks: [G('d3', 'slider', 'stop'), G('c2', 'x', 'slider'), B('f6', 'star', 'slider')],
      removed: [2, 3],
      options: { blocks: 4 },
    });
    s = play(s, 0, { from: 'd3', tip: 'north', to: 'd2' });
    expect(engine.view(s, 1).removed).toEqual([3, 3]);
    expect(engine.view(s, 1).lastTurn).toEqual({
      seat: 0,
      from: 'd3',
      tip: 'north',
      to: 'd2',
      top: 'star',
      removed: true,
    });
    expect(blocksOf(s)).toEqual(['0c2:x/slider/stop', '1f6:star/slider/x']);
    expect(engine.outcome(s)).toBeNull();
    s = play(s, 1, { from: 'f6', tip: 'north', to: 'f2' }); // hoops f5 → f4 → f3 → f2
    s = play(s, 0, { from: 'c2', tip: 'east', to: 'd2' });
    expect(engine.outcome(s)).toEqual({ winners: [0], scores: [4, 3], reason: 'deblockle/all-removed', draw: false });
    expect(engine.toMove(s)).toEqual([]);
    expect(engine.apply(s, 1, { type: 'turn', from: 0, tip: 'south', to: 7 })).toMatchObject({
      ok: false,
      error: { code: 'GAME_OVER' },
    });
  });

  it('needs "to" to be the scoring star for a removal', () => {
    const s = positionFromBlocks({ blocks: [G('d3', 'slider', 'stop'), B('f6', 'star', 'slider')] });
    const r = engine.apply(s, 0, { type: 'turn', from: 17, tip: 'north', to: 3 });
    expect(r).toMatchObject({ ok: false, error: { code: 'ILLEGAL_MOVE', reason: 'deblockle/hop-mismatch' } });
  });
});

describe('maxTurns', () => {
  it('draws after maxTurns turns in all', () => {
    let s = engine.setup({ seed: 'max-turns', seats: 2, options: options({ setup: 'random', maxTurns: 3 }) });
    for (let i = 0; i < 3; i++) {
      expect(engine.outcome(s)).toBeNull();
      const seat = engine.toMove(s)[0] as number;
      const move = engine.legalMoves(s, seat)[Symbol.iterator]().next().value as DeblockleMove;
      const next = engine.apply(s, seat, move);
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
    }
    expect(s.turns).toBe(3);
    expect(engine.outcome(s)).toEqual({ winners: [0, 1], scores: [0, 0], reason: 'deblockle/max-turns', draw: true });
  });

  it('lets a win on the last allowed turn stand', () => {
    let s = positionFromBlocks({
      blocks: [G('d3', 'slider', 'stop'), B('f6', 'star', 'slider')],
      turns: 9,
      options: { maxTurns: 10 },
    });
    s = play(s, 0, { from: 'd3', tip: 'north', to: 'd2' });
    expect(engine.outcome(s)?.reason).toBe('deblockle/all-removed');
  });
});

describe('firstSeat', () => {
  it.each([0, 1])('seat %i takes the first turn in random setup', (first) => {
    const s = engine.setup({ seed: 'first', seats: 2, options: options({ setup: 'random', firstSeat: first }) });
    expect(engine.toMove(s)).toEqual([first]);
  });

  it('seat 1 takes the first turn after a players setup', () => {
    let s = engine.setup({ seed: 'first-players', seats: 2, options: options({ firstSeat: 1, blocks: 1 }) });
    expect(engine.toMove(s)).toEqual([0, 1]);
    const [r0, r1] = s.rolled as [Face[], Face[]];
    const side = (f: Face): Face => (f === 'star' || f === 'stop' ? 'cross' : 'star');
    s = play(s, 1, { type: 'setup', blocks: [{ square: 'e7', top: r0[0], north: side(r0[0] as Face) }] });
    s = play(s, 0, { type: 'setup', blocks: [{ square: 'c1', top: r1[0], north: side(r1[0] as Face) }] });
    expect(engine.toMove(s)).toEqual([1]);
  });
});

describe('no blocks side by side', () => {
  // gold d4 tips east to e4 showing stop; blue stands on f4 (orthogonal) or f3 (diagonal)
  const pos = (blue: string, noSideBySide: boolean) =>
    positionFromBlocks({ blocks: [G('d4', 'cross', 'slider'), B(blue, 'star', 'slider')], options: { noSideBySide } });

  it('forbids ending a turn orthogonally next to an opponent block', () => {
    const r = engine.apply(pos('f4', true), 0, { type: 'turn', from: 24, tip: 'east', to: 25 });
    expect(r).toMatchObject({ ok: false, error: { code: 'ILLEGAL_MOVE', reason: 'deblockle/side-by-side' } });
    expect(engine.apply(pos('f4', false), 0, { type: 'turn', from: 24, tip: 'east', to: 25 }).ok).toBe(true);
  });

  it('allows diagonal contact', () => {
    expect(engine.apply(pos('f3', true), 0, { type: 'turn', from: 24, tip: 'east', to: 25 }).ok).toBe(true);
  });

  it('drops only the forbidden ends: cross from d5 with blue on f5 may not stop on e5', () => {
    const ends = (nsbs: boolean) =>
      [
        ...engine.legalMoves(
          positionFromBlocks({
            blocks: [G('d4', 'star', 'cross'), B('f5', 'star', 'slider')],
            options: { noSideBySide: nsbs },
          }),
          0,
        ),
      ]
        .filter((m) => m.type === 'turn' && m.from === 24 && m.tip === 'south')
        .map((m) => engine.encodeMove(m));
    expect(ends(false)).toEqual([
      { from: 'd4', tip: 'south', to: 'd4' },
      { from: 'd4', tip: 'south', to: 'c5' },
      { from: 'd4', tip: 'south', to: 'e5' },
    ]);
    expect(ends(true)).toEqual([
      { from: 'd4', tip: 'south', to: 'd4' },
      { from: 'd4', tip: 'south', to: 'c5' },
    ]);
  });
});

describe('view and log in play', () => {
  it('shows everything to everyone, and logs a turn with what it did', () => {
    const before = positionFromBlocks({
      blocks: [B('a1', 'x', 'slider'), G('a3', 'hoops', 'star'), G('g7', 'star', 'slider')],
    });
    const move = engine.parseMove({ from: 'a3', tip: 'north', to: 'a2' });
    if (!move.ok) throw new Error('parse');
    const after = play(before, 0, { from: 'a3', tip: 'north', to: 'a2' });
    const views = ([0, 1, 'spectator'] as const).map((v) => engine.view(after, v));
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
    expect(views[0]).toEqual({
      phase: 'play',
      blocks: [
        { seat: 1, square: 'a1', top: 'x', north: 'slider', east: 'stop' },
        { seat: 0, square: 'a2', top: 'stop', north: 'hoops', east: 'x' },
        { seat: 0, square: 'g7', top: 'star', north: 'slider', east: 'x' },
      ],
      removed: [0, 0],
      turns: 1,
      skipped: 1,
      lastTurn: { seat: 0, from: 'a3', tip: 'north', to: 'a2', top: 'stop', removed: false },
      setup: null,
    });
    for (const v of [0, 1, 'spectator'] as const) {
      expect(engine.redactMove({ seat: 0, move: move.value, before, after, now: after }, v)).toEqual({
        move: { from: 'a3', tip: 'north', to: 'a2' },
        effects: { top: 'stop', removed: false, skipped: 1 },
      });
    }
  });
});
