import { encodeMove, parseMove, parseOptions } from './notation';

const code = (r: { ok: boolean; error?: { code: string } } | { ok: true }) =>
  r.ok ? 'ok' : (r as { error: { code: string } }).error.code;

describe('parseMove', () => {
  const place = { type: 'place', tiles: [{ color: 'red', shape: 'star4', x: 1, y: -2 }] };
  const exchange = {
    type: 'exchange',
    tiles: [
      { color: 'purple', shape: 'clover' },
      { color: 'purple', shape: 'clover' },
    ],
  };

  it('accepts placements and exchanges and encodes them back unchanged', () => {
    for (const raw of [place, exchange]) {
      const r = parseMove(raw);
      if (!r.ok) throw new Error(r.error.message);
      expect(encodeMove(r.value)).toEqual(raw);
    }
  });

  it.each([
    ['not an object', 'place'],
    ['null', null],
    ['an array', [place]],
    ['an unknown type', { type: 'pass', tiles: place.tiles }],
    ['an unknown field', { ...place, points: 3 }],
    [
      'a prototype-pollution key',
      JSON.parse('{"type":"exchange","tiles":[{"color":"red","shape":"circle"}],"__proto__":{"x":1}}'),
    ],
    ['no tiles', { type: 'place', tiles: [] }],
    ['tiles not an array', { type: 'place', tiles: { 0: place.tiles[0] } }],
    ['seven tiles', { type: 'exchange', tiles: Array(7).fill({ color: 'red', shape: 'circle' }) }],
    ['a huge array', { type: 'exchange', tiles: Array(100000).fill({ color: 'red', shape: 'circle' }) }],
    ['an unknown colour', { type: 'exchange', tiles: [{ color: 'teal', shape: 'circle' }] }],
    ['an inherited name as colour', { type: 'exchange', tiles: [{ color: 'constructor', shape: 'circle' }] }],
    ['an unknown shape', { type: 'exchange', tiles: [{ color: 'red', shape: 'star5' }] }],
    ['a tile field unknown', { type: 'exchange', tiles: [{ color: 'red', shape: 'circle', x: 0 }] }],
    ['a placed tile without y', { type: 'place', tiles: [{ color: 'red', shape: 'circle', x: 0 }] }],
    ['a fractional x', { type: 'place', tiles: [{ color: 'red', shape: 'circle', x: 0.5, y: 0 }] }],
    ['a string y', { type: 'place', tiles: [{ color: 'red', shape: 'circle', x: 0, y: '0' }] }],
    ['an absurd x', { type: 'place', tiles: [{ color: 'red', shape: 'circle', x: 1001, y: 0 }] }],
    ['an absurd y', { type: 'place', tiles: [{ color: 'red', shape: 'circle', x: 0, y: -1e12 }] }],
    ['an infinite x', { type: 'place', tiles: [{ color: 'red', shape: 'circle', x: Infinity, y: 0 }] }],
  ])('refuses %s as MALFORMED_MOVE', (_, raw) => {
    expect(code(parseMove(raw))).toBe('MALFORMED_MOVE');
  });

  it('accepts the coordinate limits and turns -0 into 0', () => {
    const r = parseMove({ type: 'place', tiles: [{ color: 'red', shape: 'circle', x: -1000, y: -0 }] });
    expect(r.ok && r.value.tiles[0]).toEqual({ color: 'red', shape: 'circle', x: -1000, y: 0 });
    expect(r.ok && Object.is((r.value.tiles[0] as { y: number }).y, 0)).toBe(true);
  });
});

describe('parseOptions', () => {
  it('fills in the default maxTurns', () => {
    expect(parseOptions(undefined, 2)).toEqual({ ok: true, value: { maxTurns: 1000 } });
    expect(parseOptions({}, 6)).toEqual({ ok: true, value: { maxTurns: 1000 } });
    expect(parseOptions({ maxTurns: 50 }, 3)).toEqual({ ok: true, value: { maxTurns: 50 } });
  });

  it.each([
    ['an unknown option', { maxturns: 10 }],
    ['a string maxTurns', { maxTurns: '10' }],
    ['a null maxTurns', { maxTurns: null }],
    ['a fractional maxTurns', { maxTurns: 10.5 }],
    ['maxTurns 0', { maxTurns: 0 }],
    ['maxTurns too large', { maxTurns: 100001 }],
    ['an array', [1]],
    ['a number', 7],
  ])('refuses %s', (_, raw) => {
    expect(code(parseOptions(raw, 2))).toBe('INVALID_OPTIONS');
  });

  it('refuses seat counts outside 2..6', () => {
    expect(code(parseOptions(undefined, 1))).toBe('INVALID_OPTIONS');
    expect(code(parseOptions(undefined, 7))).toBe('INVALID_OPTIONS');
  });
});
