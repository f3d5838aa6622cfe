/** Upgrades: strictly stronger only; the replaced card goes on the row; the match becomes the upgrader's. */
import { buildPosition, playWire, refusal } from './fixtures';
import { splitEngine } from './index';
import type { SplitState } from './types';

// Seat 1 of three is melding. m1 weak [8S 8H] and m5 perfect [9S 9S] are seat 0's; m2 weak [JS JH] and
// m3 strong [4H 4D] are seat 2's; m4 strong [6H 6D] is seat 1's own.
const start = () =>
  buildPosition({
    hands: [['2S'], ['8C', '8S', '8D', 'JD', '4S', '6H', '9C', '2C'], ['3H']],
    matches: [
      { seat: 0, cards: ['8S', '8H'] },
      { seat: 2, cards: ['JS', 'JH'] },
      { seat: 2, cards: ['4H', '4D'] },
      { seat: 1, cards: ['6H', '6D'] },
      { seat: 0, cards: ['9S', '9S'] },
    ],
    discardRow: ['3C'],
    turnOf: 1,
    step: 'meld',
  });

const match = (s: SplitState, id: string) => splitEngine.view(s, 1).matches.find((m) => m.id === id);
const up = (id: string, card: string, replace: string, bonus?: unknown) =>
  bonus === undefined
    ? { type: 'upgrade', match: id, card, replace }
    : { type: 'upgrade', match: id, card, replace, bonus };

describe('legal upgrades', () => {
  it("weak to strong steals an opponent's match; the replaced card tops the row; the strong bonus applies", () => {
    const s = playWire(start(), 1, up('m1', '8C', '8H', { draw: true }));
    expect(match(s, 'm1')).toEqual({ id: 'm1', seat: 1, cards: ['8S', '8C'], type: 'strong' });
    const v = splitEngine.view(s, 1);
    expect(v.discardRow).toEqual(['3C', '8H']);
    expect(v.hand).not.toContain('8C');
    expect(v.extraDraws).toBe(1);
  });

  it('weak to strong without the optional bonus', () => {
    const s = playWire(start(), 1, up('m2', 'JD', 'JS'));
    expect(match(s, 'm2')).toEqual({ id: 'm2', seat: 1, cards: ['JH', 'JD'], type: 'strong' });
    expect(splitEngine.view(s, 1).extraDraws).toBe(0);
  });

  it('weak to perfect: the perfect bonus names a target', () => {
    const s = playWire(start(), 1, up('m1', '8S', '8H', { target: 2 }));
    expect(match(s, 'm1')).toEqual({ id: 'm1', seat: 1, cards: ['8S', '8S'], type: 'perfect' });
    expect(splitEngine.view(s, 1).sheets.map((x) => x.negative)).toEqual([0, 0, 1]);
    expect(refusal(start(), 1, up('m1', '8S', '8H')).reason).toBe('split/bonus-required');
  });

  it("strong to perfect, on one's own match", () => {
    const s = playWire(start(), 1, up('m4', '6H', '6D', { target: 0 }));
    expect(match(s, 'm4')).toEqual({ id: 'm4', seat: 1, cards: ['6H', '6H'], type: 'perfect' });
    expect(splitEngine.view(s, 1).discardRow).toEqual(['3C', '6D']);
  });

  it('lists exactly these upgrades among the legal moves', () => {
    const ups = [...splitEngine.legalMoves(start(), 1)]
      .filter((m) => m.type === 'upgrade')
      .map((m) => splitEngine.encodeMove(m));
    expect(ups).toEqual([
      up('m1', '8S', '8H', { target: 0 }),
      up('m1', '8S', '8H', { target: 2 }),
      up('m1', '8C', '8H'),
      up('m1', '8C', '8H', { draw: true }),
      up('m1', '8D', '8S'), // [8H 8D]: both red
      up('m1', '8D', '8S', { draw: true }),
      up('m2', 'JD', 'JS'),
      up('m2', 'JD', 'JS', { draw: true }),
      up('m4', '6H', '6D', { target: 0 }),
      up('m4', '6H', '6D', { target: 2 }),
    ]);
  });
});

describe('illegal upgrades', () => {
  it.each([
    ['strong to weak', up('m3', '4S', '4H'), 'split/not-stronger'],
    ['weak to weak', up('m1', '8D', '8H'), 'split/not-stronger'],
    ['perfect to strong', up('m5', '9C', '9S'), 'split/not-stronger'],
    ['a card of another rank', up('m1', '2C', '8H'), 'split/rank-mismatch'],
    ['a replaced card not in the match', up('m1', '8C', '8D'), 'split/replace-not-in-match'],
    ['a match not on the table', up('m9', '8C', '8H'), 'split/no-such-match'],
    ['a card not held', up('m1', '8H', '8S'), 'split/card-not-held'],
    ['the wrong bonus for the new type', up('m1', '8C', '8H', { target: 0 }), 'split/bonus-mismatch'],
    ['a swap bonus', up('m1', '8C', '8H', { swap: { mine: 'm4', theirs: 'm3' } }), 'split/bonus-mismatch'],
  ])('refuses %s', (_what, move, reason) => {
    const e = refusal(start(), 1, move);
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', reason]);
  });

  it('refuses to lay the last card as an upgrade', () => {
    const s = buildPosition({
      hands: [['2S'], ['8C']],
      matches: [{ seat: 0, cards: ['8S', '8H'] }],
      turnOf: 1,
      step: 'meld',
    });
    expect(refusal(s, 1, up('m1', '8C', '8H')).reason).toBe('split/last-card');
  });
});
