import { deblockleEngine as engine } from './index';

describe('moves on the wire', () => {
  it('parses a turn into squares and back', () => {
    const r = engine.parseMove({ from: 'c5', tip: 'north', to: 'c3' });
    expect(r).toEqual({ ok: true, value: { type: 'turn', from: 30, tip: 'north', to: 16 } });
    if (r.ok) expect(engine.encodeMove(r.value)).toEqual({ from: 'c5', tip: 'north', to: 'c3' });
  });

  it('accepts an optional "type": "turn" and drops it', () => {
    const r = engine.parseMove({ type: 'turn', from: 'a1', tip: 'east', to: 'g7' });
    expect(r.ok && engine.encodeMove(r.value)).toEqual({ from: 'a1', tip: 'east', to: 'g7' });
  });

  it('parses a setup and gives it back in the same order', () => {
    const wire = {
      type: 'setup',
      blocks: [
        { square: 'e3', top: 'x', north: 'star' },
        { square: 'c1', top: 'cross', north: 'slider' },
      ],
    };
    const r = engine.parseMove(wire);
    expect(r.ok && r.value).toEqual({
      type: 'setup',
      blocks: [
        { square: 18, top: 'x', north: 'star' },
        { square: 2, top: 'cross', north: 'slider' },
      ],
    });
    expect(r.ok && engine.encodeMove(r.value)).toEqual(wire);
  });

  const bad: [string, unknown, string][] = [
    ['null', null, 'deblockle/not-an-object'],
    ['a string', 'c5 north c3', 'deblockle/not-an-object'],
    ['an array', [{ from: 'c5' }], 'deblockle/not-an-object'],
    ['an unknown type', { type: 'pass' }, 'deblockle/bad-type'],
    ['an unknown field', { from: 'c5', tip: 'north', to: 'c3', path: ['c4'] }, 'deblockle/unknown-field'],
    [
      'a __proto__ key',
      JSON.parse('{"from":"c5","tip":"north","to":"c3","__proto__":{"x":1}}'),
      'deblockle/unknown-field',
    ],
    ['a square off the board', { from: 'h1', tip: 'north', to: 'c3' }, 'deblockle/bad-square'],
    ['row 8', { from: 'c5', tip: 'north', to: 'c8' }, 'deblockle/bad-square'],
    ['an upper-case square', { from: 'C5', tip: 'north', to: 'c3' }, 'deblockle/bad-square'],
    ['a numeric square', { from: 30, tip: 'north', to: 'c3' }, 'deblockle/bad-square'],
    ['a missing "to"', { from: 'c5', tip: 'north' }, 'deblockle/bad-square'],
    ['a missing tip', { from: 'c5', to: 'c3' }, 'deblockle/bad-tip'],
    ['a diagonal tip', { from: 'c5', tip: 'north-west', to: 'b4' }, 'deblockle/diagonal-tip'],
    ['a setup without blocks', { type: 'setup' }, 'deblockle/bad-blocks'],
    [
      'a setup with five blocks',
      { type: 'setup', blocks: Array(5).fill({ square: 'c1', top: 'x', north: 'star' }) },
      'deblockle/bad-blocks',
    ],
    ['a setup with a huge list', { type: 'setup', blocks: new Array(1e6) }, 'deblockle/bad-blocks'],
    [
      'a setup with a hole',
      { type: 'setup', blocks: [, { square: 'c1', top: 'x', north: 'star' }] },
      'deblockle/bad-blocks',
    ],
    [
      'a setup with a bad face',
      { type: 'setup', blocks: [{ square: 'c1', top: 'X', north: 'star' }] },
      'deblockle/bad-face',
    ],
    [
      'a setup block with extra fields',
      { type: 'setup', blocks: [{ square: 'c1', top: 'x', north: 'star', east: 'hoops' }] },
      'deblockle/unknown-field',
    ],
    [
      'a setup with turn fields',
      { type: 'setup', blocks: [{ square: 'c1', top: 'x', north: 'star' }], from: 'c1' },
      'deblockle/unknown-field',
    ],
  ];
  it.each(bad)('refuses %s as malformed', (_, raw, reason) => {
    expect(engine.parseMove(raw)).toMatchObject({ ok: false, error: { code: 'MALFORMED_MOVE', reason } });
  });
});

describe('options', () => {
  it('fills in the defaults', () => {
    const want = { setup: 'players', firstSeat: 0, blocks: 4, noSideBySide: false, maxTurns: 300 };
    expect(engine.parseOptions(undefined, 2)).toEqual({ ok: true, value: want });
    expect(engine.parseOptions({}, 2)).toEqual({ ok: true, value: want });
    expect(engine.options.map((o) => [o.name, o.default])).toEqual(Object.entries(want));
  });

  it('takes every option', () => {
    expect(
      engine.parseOptions({ setup: 'random', firstSeat: 1, blocks: 2, noSideBySide: true, maxTurns: 50 }, 2),
    ).toEqual({ ok: true, value: { setup: 'random', firstSeat: 1, blocks: 2, noSideBySide: true, maxTurns: 50 } });
  });

  it.each([
    [{ setup: 'dice' }],
    [{ firstSeat: 2 }],
    [{ firstSeat: '1' }],
    [{ blocks: 0 }],
    [{ blocks: 5 }],
    [{ blocks: 2.5 }],
    [{ noSideBySide: 'yes' }],
    [{ maxTurns: 0 }],
    [{ maxTurns: 1e9 }],
    [{ colour: 'gold' }],
    [[]],
    ['random'],
    [JSON.parse('{"__proto__":{"blocks":1}}')],
  ])('refuses %j', (raw) => {
    expect(engine.parseOptions(raw, 2)).toMatchObject({ ok: false, error: { code: 'INVALID_OPTIONS' } });
  });

  it('normalises a JSON -0 for firstSeat, so the state stays plain JSON (JSON round trip gives 0)', () => {
    const r = engine.parseOptions(JSON.parse('{"firstSeat": -0, "setup": "random"}'), 2);
    expect(r.ok && Object.is(r.value.firstSeat, 0)).toBe(true);
    if (!r.ok) return;
    const s = engine.setup({ seed: 'neg-zero', seats: 2, options: r.value });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(Object.is(engine.toMove(s)[0], 0)).toBe(true);
  });

  it('is for exactly two seats', () => {
    expect(engine.parseOptions({}, 3)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_OPTIONS', reason: 'deblockle/seats' },
    });
    expect(engine.parseOptions(undefined, 1).ok).toBe(false);
  });
});
