import { DEFAULT_SCORE_ROWS, MAX_ROUNDS, SCORE_SHEET_LIMITS } from './decisions';
import { parseOptions } from './options';
import { optionsSchema } from './wire-schema';

const refused = (raw: unknown, seats = 3) => {
  const r = parseOptions(raw, seats);
  return r.ok ? 'accepted' : r.error.code;
};

describe('options', () => {
  it('defaults to 3 rounds and the Decision score pad', () => {
    const r = parseOptions(undefined, 4);
    expect(r.ok && r.value.rounds).toBe(3);
    expect(r.ok && r.value.scoreSheet.rows.A).toEqual([30, 70, 120, 180]);
    expect(r.ok && r.value.scoreSheet.rows['2']).toEqual([5, 20, 40, 70]);
    expect(r.ok && r.value.scoreSheet.rows['9']).toEqual([10, 30, 60, 100]);
    expect(r.ok && r.value.scoreSheet.rows.Q).toEqual([20, 50, 90, 140]);
    expect(r.ok && r.value.scoreSheet.negativeBox).toBe(10);
  });

  it('takes rounds and a partial score sheet; other ranks keep their defaults', () => {
    const r = parseOptions({ rounds: 1, scoreSheet: { rows: { K: [1, 2, 3], '10': [0] }, negativeBox: 25 } }, 2);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rounds).toBe(1);
    expect(r.value.scoreSheet.rows.K).toEqual([1, 2, 3]);
    expect(r.value.scoreSheet.rows['10']).toEqual([0]);
    expect(r.value.scoreSheet.rows.J).toEqual([20, 50, 90, 140]);
    expect(r.value.scoreSheet.negativeBox).toBe(25);
    expect(DEFAULT_SCORE_ROWS.K).toEqual([20, 50, 90, 140]); // the defaults are not touched
  });

  it.each([
    ['an unknown option', { colour: 'red' }],
    ['rounds 0', { rounds: 0 }],
    ['rounds not an integer', { rounds: 2.5 }],
    ['rounds as a string', { rounds: '3' }],
    ['too many rounds', { rounds: MAX_ROUNDS + 1 }],
    ['options as an array', [1]],
    ['options null', null],
    ['scoreSheet not an object', { scoreSheet: 3 }],
    ['an unknown scoreSheet field', { scoreSheet: { bonus: 1 } }],
    ['an unknown rank', { scoreSheet: { rows: { Z: [1] } } }],
    ['an empty row', { scoreSheet: { rows: { A: [] } } }],
    [
      'a row too long',
      { scoreSheet: { rows: { A: Array.from({ length: SCORE_SHEET_LIMITS.maxBoxes + 1 }, () => 1) } } },
    ],
    ['a negative box value', { scoreSheet: { rows: { A: [-1, 2] } } }],
    ['a fractional box value', { scoreSheet: { rows: { A: [1.5] } } }],
    ['a negative negative-box cost', { scoreSheet: { negativeBox: -10 } }],
    ['a prototype key', JSON.parse('{"__proto__": {"rounds": 1}}')],
    ['a prototype key in rows', { scoreSheet: { rows: JSON.parse('{"__proto__": [1]}') as unknown } }],
  ])('refuses %s', (_what, raw) => {
    expect(refused(raw)).toBe('INVALID_OPTIONS');
  });

  it('refuses seat counts other than 2 to 6', () => {
    expect(refused(undefined, 1)).toBe('INVALID_OPTIONS');
    expect(refused(undefined, 7)).toBe('INVALID_OPTIONS');
    expect(refused(undefined, 2)).toBe('accepted');
    expect(refused(undefined, 6)).toBe('accepted');
  });

  it('documents the same bounds in the OpenAPI options schema', () => {
    const p = optionsSchema.properties;
    expect(p.rounds.maximum).toBe(MAX_ROUNDS);
    expect(p.rounds.default).toBe(3);
    expect(p.scoreSheet.properties.negativeBox.maximum).toBe(SCORE_SHEET_LIMITS.maxNegativeCost);
    const row = p.scoreSheet.properties.rows.properties.A;
    expect([row?.maxItems, row?.items.maximum]).toEqual([SCORE_SHEET_LIMITS.maxBoxes, SCORE_SHEET_LIMITS.maxValue]);
  });

  it("takes scoreSheet: null, the catalogue's default, as the default sheet", () => {
    expect(parseOptions({ rounds: 2, scoreSheet: null }, 3)).toEqual(parseOptions({ rounds: 2 }, 3));
  });
});
