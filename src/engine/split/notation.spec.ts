import fc from 'fast-check';
import { encodeMove, parseMove } from './notation';

const parsed = (raw: unknown) => {
  const r = parseMove(raw);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const code = (raw: unknown) => {
  const r = parseMove(raw);
  return r.ok ? 'ok' : r.error.code;
};

describe('moves on the wire', () => {
  it.each([
    [{ type: 'draw' }],
    [{ type: 'take', index: 3 }],
    [{ type: 'match', cards: ['7H', '7D'], bonus: { target: 2 } }],
    [{ type: 'match', cards: ['7H', '7D'], bonus: { draw: true } }],
    [{ type: 'match', cards: ['7S', '7D'], bonus: { swap: { mine: 'm3', theirs: 'm7' } } }],
    [{ type: 'match', cards: ['10S', '10D'] }],
    [{ type: 'upgrade', match: 'm4', card: '7D', replace: '7S', bonus: { draw: true } }],
    [{ type: 'upgrade', match: 'm4', card: '7D', replace: '7S' }],
    [{ type: 'discard', card: '7H' }],
    [{ type: 'lastMelds', matches: [['7H', '7D']] }],
    [{ type: 'lastMelds', matches: [] }],
  ])('reads and writes back %j', (raw) => {
    expect(encodeMove(parsed(raw))).toEqual(raw);
  });

  it('puts a pair in canonical order (rank, then S C H D) and sorts last melds', () => {
    expect(encodeMove(parsed({ type: 'match', cards: ['7D', '7S'] }))).toEqual({ type: 'match', cards: ['7S', '7D'] });
    expect(
      encodeMove(
        parsed({
          type: 'lastMelds',
          matches: [
            ['KD', 'KH'],
            ['2C', '2S'],
          ],
        }),
      ),
    ).toEqual({
      type: 'lastMelds',
      matches: [
        ['2S', '2C'],
        ['KH', 'KD'],
      ],
    });
  });

  it.each([
    ['no type', {}],
    ['an unknown type', { type: 'pass' }],
    ['an unknown field', { type: 'draw', index: 1 }],
    ['a bad card name', { type: 'discard', card: '1H' }],
    ['a lower-case card', { type: 'discard', card: '7h' }],
    ['a card as a number', { type: 'discard', card: 7 }],
    ['three cards in a match', { type: 'match', cards: ['7H', '7D', '7S'] }],
    ['a negative index', { type: 'take', index: -1 }],
    ['a fractional index', { type: 'take', index: 1.5 }],
    ['a bonus with two kinds', { type: 'match', cards: ['7H', '7D'], bonus: { draw: true, target: 1 } }],
    ['draw: false', { type: 'match', cards: ['7H', '7D'], bonus: { draw: false } }],
    ['a null bonus', { type: 'match', cards: ['7H', '7D'], bonus: null }],
    ['a bad match id', { type: 'upgrade', match: '4', card: '7D', replace: '7S' }],
    [
      'a swap with an extra field',
      { type: 'match', cards: ['7S', '7D'], bonus: { swap: { mine: 'm1', theirs: 'm2', x: 1 } } },
    ],
    ['a target that is not a number', { type: 'match', cards: ['7H', '7H'], bonus: { target: '1' } }],
    ['a bonus on last melds', { type: 'lastMelds', matches: [], bonus: { draw: true } }],
    ['a huge list of last melds', { type: 'lastMelds', matches: Array.from({ length: 100000 }, () => ['7H', '7D']) }],
    ['a prototype key', JSON.parse('{"type":"draw","__proto__":{"x":1}}')],
    ['an array', ['draw']],
    ['null', null],
  ])('refuses %s as MALFORMED_MOVE', (_what, raw) => {
    expect(code(raw)).toBe('MALFORMED_MOVE');
  });

  it('never throws, whatever JSON comes in', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => void parseMove(raw)),
      { numRuns: 500 },
    );
  });
});
