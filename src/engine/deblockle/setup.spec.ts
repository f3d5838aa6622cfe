import { deblockleEngine as engine } from './index';
import { FACES, type Face } from './block';
import { START_SQUARES, makeSquare } from './board';
import type { DeblockleOptions } from './options';
import type { DeblockleState } from './rules';
import { allPlacements } from './setup';

function options(raw: unknown): DeblockleOptions {
  const o = engine.parseOptions(raw, 2);
  if (!o.ok) throw new Error(o.error.message);
  return o.value;
}

const fresh = (raw: unknown = {}, seed = 'setup-spec'): DeblockleState =>
  engine.setup({ seed, seats: 2, options: options(raw) });

/** A valid placement of `owner`'s rolled faces: on its start squares in order, turned with a legal north. */
function placement(state: DeblockleState, owner: 0 | 1, squares: readonly string[], turn = 0): unknown {
  const sides: Record<Face, Face[]> = {
    star: ['slider', 'x', 'hoops', 'cross'],
    stop: ['slider', 'cross', 'hoops', 'x'],
    cross: ['star', 'slider', 'stop', 'hoops'],
    x: ['star', 'hoops', 'stop', 'slider'],
    slider: ['star', 'cross', 'stop', 'x'],
    hoops: ['star', 'x', 'stop', 'cross'],
  };
  return {
    type: 'setup',
    blocks: state.rolled[owner].map((top, i) => ({ square: squares[i], top, north: sides[top][(i + turn) % 4] })),
  };
}

function play(state: DeblockleState, seat: number, wire: unknown) {
  const move = engine.parseMove(wire);
  if (!move.ok) return move;
  return engine.apply(state, seat, move.value);
}

function must(state: DeblockleState, seat: number, wire: unknown): DeblockleState {
  const r = play(state, seat, wire);
  if (!r.ok) throw new Error(`${r.error.reason}: ${r.error.message}`);
  return r.value;
}

describe('the roll', () => {
  it("rolls each seat's blocks and shows the faces to everyone, with an empty board", () => {
    const s = fresh({ blocks: 3 });
    expect(engine.toMove(s)).toEqual([0, 1]);
    for (const v of [0, 1, 'spectator'] as const) {
      const view = engine.view(s, v);
      expect(view.phase).toBe('setup');
      expect(view.blocks).toEqual([]);
      expect(view.setup?.rolled).toEqual([s.rolled[0], s.rolled[1]]);
      expect(view.setup?.rolled.map((r) => r.length)).toEqual([3, 3]);
      expect(view.setup?.placed).toEqual([false, false]);
      expect(view.setup?.mine).toBeNull();
    }
  });

  it('rolls every face about equally often, and the same seed rolls the same faces', () => {
    const counts = new Map<Face, number>(FACES.map((f) => [f, 0]));
    for (let i = 0; i < 1500; i++)
      for (const r of fresh({}, `roll-${i}`).rolled) for (const f of r) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const f of FACES) expect(Math.abs((counts.get(f) as number) - 2000)).toBeLessThan(200); // 12000 rolls, sd about 41
    expect(fresh({}, 'same').rolled).toEqual(fresh({}, 'same').rolled);
  });
});

describe('players setup', () => {
  it('keeps each placement hidden from the other seat until both have placed', () => {
    const s0 = fresh();
    const a = must(s0, 0, placement(s0, 1, ['c1', 'e1', 'c3', 'e3']));
    const b = must(s0, 0, placement(s0, 1, ['e3', 'c3', 'e1', 'c1'], 1));
    expect(engine.toMove(a)).toEqual([1]);
    for (const v of [1, 'spectator'] as const) {
      expect(engine.view(a, v)).toEqual(engine.view(b, v));
      expect(engine.view(a, v).setup?.placed).toEqual([true, false]);
      expect(engine.view(a, v).setup?.mine).toBeNull();
      expect(engine.view(a, v).blocks).toEqual([]);
    }
    const mine = engine.view(a, 0).setup?.mine ?? [];
    expect(mine.map((x) => [x.seat, x.square, x.top])).toEqual(
      ['c1', 'e1', 'c3', 'e3'].map((sq, i) => [1, sq, s0.rolled[1][i]]),
    );
  });

  it('puts both placements on the board once both are in, and starts play', () => {
    const s0 = fresh({ blocks: 2 });
    let s = must(s0, 1, placement(s0, 0, ['e7', 'c5']));
    s = must(s, 0, placement(s, 1, ['e1', 'c3']));
    const view = engine.view(s, 'spectator');
    expect(view.phase).toBe('play');
    expect(view.setup).toBeNull();
    expect(engine.toMove(s)).toEqual([0]);
    expect(view.blocks.map((b) => [b.seat, b.square, b.top])).toEqual([
      [1, 'e1', s0.rolled[1][0]],
      [1, 'c3', s0.rolled[1][1]],
      [0, 'c5', s0.rolled[0][1]],
      [0, 'e7', s0.rolled[0][0]],
    ]);
  });

  it('is placed with "north" turning the block about the vertical axis', () => {
    const s0 = { ...fresh({ blocks: 1 }), rolled: [['star'], ['cross']] as DeblockleState['rolled'] };
    let s = must(s0, 0, { type: 'setup', blocks: [{ square: 'e3', top: 'cross', north: 'hoops' }] });
    s = must(s, 1, { type: 'setup', blocks: [{ square: 'c7', top: 'star', north: 'hoops' }] });
    // cross up, clockwise from above: slider, star, hoops, stop (the rules' check tips (star, slider, x)
    // east into (cross, slider, star)); so hoops north puts stop east.
    expect(engine.view(s, 0).blocks).toEqual([
      { seat: 1, square: 'e3', top: 'cross', north: 'hoops', east: 'stop' },
      { seat: 0, square: 'c7', top: 'star', north: 'hoops', east: 'cross' },
    ]);
  });

  it('refuses placements with the wrong faces, squares or turns', () => {
    const s = {
      ...fresh({ blocks: 2 }),
      rolled: [
        ['star', 'x'],
        ['cross', 'cross'],
      ] as DeblockleState['rolled'],
    };
    const cases: [unknown, string][] = [
      [{ type: 'setup', blocks: [{ square: 'c1', top: 'cross', north: 'star' }] }, 'deblockle/wrong-block-count'],
      [
        {
          type: 'setup',
          blocks: [
            { square: 'c1', top: 'cross', north: 'star' },
            { square: 'e1', top: 'x', north: 'star' },
          ],
        },
        'deblockle/wrong-faces',
      ],
      [
        {
          type: 'setup',
          blocks: [
            { square: 'c1', top: 'cross', north: 'star' },
            { square: 'd1', top: 'cross', north: 'star' },
          ],
        },
        'deblockle/wrong-squares',
      ],
      [
        {
          type: 'setup',
          blocks: [
            { square: 'c5', top: 'cross', north: 'star' },
            { square: 'e5', top: 'cross', north: 'star' },
          ],
        },
        'deblockle/wrong-squares',
      ],
      [
        {
          type: 'setup',
          blocks: [
            { square: 'c1', top: 'cross', north: 'star' },
            { square: 'c1', top: 'cross', north: 'stop' },
          ],
        },
        'deblockle/duplicate-square',
      ],
      [
        {
          type: 'setup',
          blocks: [
            { square: 'c1', top: 'cross', north: 'x' },
            { square: 'c3', top: 'cross', north: 'star' },
          ],
        },
        'deblockle/bad-north',
      ],
      [
        {
          type: 'setup',
          blocks: [
            { square: 'c1', top: 'cross', north: 'cross' },
            { square: 'c3', top: 'cross', north: 'star' },
          ],
        },
        'deblockle/bad-north',
      ],
      [{ from: 'c5', tip: 'north', to: 'c4' }, 'deblockle/setup-pending'],
    ];
    for (const [wire, reason] of cases)
      expect(play(s, 0, wire)).toMatchObject({ ok: false, error: { code: 'ILLEGAL_MOVE', reason } });
    expect(
      play(s, 0, {
        type: 'setup',
        blocks: [
          { square: 'e3', top: 'cross', north: 'slider' },
          { square: 'c1', top: 'cross', north: 'stop' },
        ],
      }).ok,
    ).toBe(true);
  });

  it('lets each seat place once, and takes no setup move in play', () => {
    const s0 = fresh({ blocks: 1 });
    const s1 = must(s0, 0, placement(s0, 1, ['c1']));
    expect(play(s1, 0, placement(s0, 1, ['e1']))).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
    expect([...engine.legalMoves(s1, 0)]).toEqual([]);
    const s2 = must(s1, 1, placement(s0, 0, ['c7']));
    expect(play(s2, 0, placement(s0, 1, ['e1']))).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_MOVE', reason: 'deblockle/setup-over' },
    });
  });

  it('redacts a setup move from everyone but its author while the setup lasts', () => {
    const s0 = fresh({ blocks: 1 });
    const wire = placement(s0, 1, ['e1']);
    const move = engine.parseMove(wire);
    if (!move.ok) throw new Error('parse');
    const s1 = must(s0, 0, wire);
    const s2 = must(s1, 1, placement(s0, 0, ['c7']));
    const entry = (now: DeblockleState, v: 0 | 1 | 'spectator') =>
      engine.redactMove({ seat: 0, move: move.value, before: s0, after: s1, now }, v);
    expect(entry(s1, 0)).toEqual({ move: wire, effects: {} });
    expect(entry(s1, 1)).toEqual({ move: { type: 'setup', hidden: true }, effects: {} });
    expect(entry(s1, 'spectator')).toEqual({ move: { type: 'setup', hidden: true }, effects: {} });
    expect(entry(s2, 1)).toEqual({ move: wire, effects: {} });
    expect(entry(s2, 'spectator')).toEqual({ move: wire, effects: {} });
  });
});

describe('listing placements', () => {
  it('lists every distinct placement once', () => {
    expect([...allPlacements(1, ['star', 'x', 'cross', 'hoops'])]).toHaveLength(24 * 256);
    expect([...allPlacements(1, ['x', 'cross', 'x', 'cross'])]).toHaveLength(6 * 256);
    expect([...allPlacements(0, ['stop', 'stop', 'stop'])]).toHaveLength(4 * 64);
    const one = [...allPlacements(0, ['slider'])].map((p) => p.map((b) => `${makeSquare(b.square)}:${b.north}`).join());
    expect(one.sort()).toEqual(
      ['c5', 'c7', 'e5', 'e7'].flatMap((sq) => ['cross', 'star', 'stop', 'x'].map((n) => `${sq}:${n}`)).sort(),
    );
    const keys = [...allPlacements(1, ['x', 'cross', 'x', 'cross'])].map((p) => JSON.stringify(p));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("offers legal setup moves that all apply, on the opponent's start squares", () => {
    const s = fresh({ blocks: 2 });
    const moves = [...engine.legalMoves(s, 1)];
    expect(moves.length).toBeGreaterThanOrEqual(6 * 16);
    for (const m of moves) {
      expect(engine.apply(s, 1, m).ok).toBe(true);
      if (m.type === 'setup') for (const b of m.blocks) expect(START_SQUARES[0]).toContain(b.square);
    }
  });
});

describe('random setup', () => {
  it.each([1, 2, 3, 4])('places %i rolled blocks a seat on its start squares and starts in play', (n) => {
    const s = fresh({ setup: 'random', blocks: n }, `random-${n}`);
    const view = engine.view(s, 0);
    expect(view.phase).toBe('play');
    expect(engine.toMove(s)).toEqual([0]);
    for (const seat of [0, 1] as const) {
      const mine = view.blocks.filter((b) => b.seat === seat);
      expect(mine).toHaveLength(n);
      for (const b of mine) expect(START_SQUARES[seat].map(makeSquare)).toContain(b.square);
      expect(mine.map((b) => b.top).sort()).toEqual([...s.rolled[seat]].sort());
    }
  });
});
