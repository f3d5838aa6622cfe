/** Matches of each type and their bonuses, and the bad matches. */
import { buildPosition, playWire, refusal } from './fixtures';
import { splitEngine } from './index';

// Seat 1 (three seats, dealer 0) has drawn and is melding. On the table: m1 weak (seat 0), m2 weak and
// m3 strong (seat 2). The pile's top cards are AC then AD.
const start = () =>
  buildPosition({
    hands: [
      ['2S', '3S'],
      ['7H', '7H', '7D', '7S', 'KC', 'KS', '10H', '10D', 'QS', 'QH', '5D'],
      ['9C', '9D'],
    ],
    matches: [
      { seat: 0, cards: ['8S', '8H'] },
      { seat: 2, cards: ['JS', 'JD'] },
      { seat: 2, cards: ['4S', '4C'] },
    ],
    pile: ['AC', 'AD', '6S', '6C'],
    turnOf: 1,
    step: 'meld',
  });

const view = (s: ReturnType<typeof start>, seat = 1) => splitEngine.view(s, seat);

describe('a perfect match (same suit)', () => {
  it('is laid with a target, who fills a negative box at once', () => {
    const s = playWire(start(), 1, { type: 'match', cards: ['7H', '7H'], bonus: { target: 2 } });
    const v = view(s);
    expect(v.matches.at(-1)).toEqual({ id: 'm4', seat: 1, cards: ['7H', '7H'], type: 'perfect' });
    expect(v.hand).not.toContain('7H');
    expect(v.sheets[2]).toMatchObject({ negative: 1, total: -10 });
    expect(v.sheets[0]).toMatchObject({ negative: 0, total: 0 });
  });

  it('must name an opponent that exists', () => {
    const s = start();
    expect(refusal(s, 1, { type: 'match', cards: ['7H', '7H'] }).reason).toBe('split/bonus-required');
    const missing = refusal(s, 1, { type: 'match', cards: ['7H', '7H'], bonus: { target: 3 } });
    expect([missing.code, missing.reason]).toEqual(['ILLEGAL_MOVE', 'split/no-such-target']);
    expect(refusal(s, 1, { type: 'match', cards: ['7H', '7H'], bonus: { target: 1 } }).reason).toBe(
      'split/target-self',
    );
    expect(refusal(s, 1, { type: 'match', cards: ['7H', '7H'], bonus: { draw: true } }).reason).toBe(
      'split/bonus-mismatch',
    );
  });

  it('refuses, as a value, a typed move whose target is no seat number (apply validates without parseMove)', () => {
    for (const target of [-1, 0.5, Number.NaN]) {
      const r = splitEngine.apply(start(), 1, {
        type: 'match',
        cards: ['7H', '7H'],
        bonus: { kind: 'target', target },
      });
      expect(r.ok ? 'accepted' : r.error.reason).toBe('split/no-such-target');
    }
  });
});

describe('a strong match (same colour, other suit)', () => {
  it('with the draw bonus gives one extra draw after the discard; two strong matches give two', () => {
    let s = playWire(start(), 1, { type: 'match', cards: ['KC', 'KS'], bonus: { draw: true } });
    expect(view(s).extraDraws).toBe(1);
    expect(view(s).hand).not.toContain('AC'); // nothing drawn before the discard
    s = playWire(s, 1, { type: 'match', cards: ['10H', '10D'], bonus: { draw: true } });
    expect(
      view(s)
        .matches.slice(-2)
        .map((m) => m.type),
    ).toEqual(['strong', 'strong']);
    expect(view(s).extraDraws).toBe(2);
    s = playWire(s, 1, { type: 'discard', card: '5D' });
    const v = view(s, 1);
    expect(v.hand).toEqual(['AC', 'AD', '7S', '7H', '7H', '7D', 'QS', 'QH']);
    expect(v.drawPile).toBe(2);
    expect(v.turnOf).toBe(2);
    expect(v.extraDraws).toBe(0);
  });

  it('without a bonus draws nothing extra', () => {
    let s = playWire(start(), 1, { type: 'match', cards: ['KC', 'KS'] });
    s = playWire(s, 1, { type: 'discard', card: '5D' });
    expect(view(s).handCounts[1]).toBe(8);
    expect(view(s).drawPile).toBe(4);
  });

  it('refuses a target or a swap', () => {
    expect(refusal(start(), 1, { type: 'match', cards: ['KC', 'KS'], bonus: { target: 0 } }).reason).toBe(
      'split/bonus-mismatch',
    );
    const swap = { swap: { mine: 'm4', theirs: 'm3' } };
    expect(refusal(start(), 1, { type: 'match', cards: ['KC', 'KS'], bonus: swap }).reason).toBe(
      'split/bonus-mismatch',
    );
  });
});

describe('a weak match (other colours)', () => {
  it("may swap the new weak match for an opponent's weak match", () => {
    const s = playWire(start(), 1, {
      type: 'match',
      cards: ['QS', 'QH'],
      bonus: { swap: { mine: 'm4', theirs: 'm1' } },
    });
    const owners = Object.fromEntries(view(s).matches.map((m) => [m.id, m.seat]));
    expect(owners).toEqual({ m1: 1, m2: 2, m3: 2, m4: 0 });
  });

  it("may swap any match of yours for an opponent's match of the same type", () => {
    let s = playWire(start(), 1, { type: 'match', cards: ['KC', 'KS'] }); // m4, strong
    s = playWire(s, 1, { type: 'match', cards: ['QS', 'QH'], bonus: { swap: { mine: 'm4', theirs: 'm3' } } });
    const owners = Object.fromEntries(view(s).matches.map((m) => [m.id, m.seat]));
    expect(owners).toEqual({ m1: 0, m2: 2, m3: 1, m4: 2, m5: 1 });
  });

  it('may be laid without a bonus', () => {
    const s = playWire(start(), 1, { type: 'match', cards: ['7S', '7D'] });
    expect(view(s).matches.at(-1)).toEqual({ id: 'm4', seat: 1, cards: ['7S', '7D'], type: 'weak' });
  });

  it('refuses a swap of different types, of a match not yours, or with yourself or nothing', () => {
    const swap = (mine: string, theirs: string) => ({
      type: 'match',
      cards: ['QS', 'QH'],
      bonus: { swap: { mine, theirs } },
    });
    const differ = refusal(start(), 1, swap('m4', 'm3'));
    expect([differ.code, differ.reason]).toEqual(['ILLEGAL_MOVE', 'split/swap-type-mismatch']);
    expect(refusal(start(), 1, swap('m1', 'm2')).reason).toBe('split/swap-not-mine');
    expect(refusal(start(), 1, swap('m4', 'm4')).reason).toBe('split/swap-not-theirs');
    expect(refusal(start(), 1, swap('m4', 'm9')).reason).toBe('split/no-such-match');
    expect(refusal(start(), 1, swap('m8', 'm1')).reason).toBe('split/no-such-match');
    expect(refusal(start(), 1, { type: 'match', cards: ['QS', 'QH'], bonus: { target: 0 } }).reason).toBe(
      'split/bonus-mismatch',
    );
  });
});

describe('bad matches', () => {
  it('refuses a card not held, and a pair held once only', () => {
    const e = refusal(start(), 1, { type: 'match', cards: ['AS', 'AH'] });
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', 'split/card-not-held']);
    expect(refusal(start(), 1, { type: 'match', cards: ['7D', '7D'], bonus: { target: 0 } }).reason).toBe(
      'split/card-not-held',
    );
  });

  it('refuses two cards of different ranks', () => {
    const e = refusal(start(), 1, { type: 'match', cards: ['7H', 'KC'] });
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', 'split/rank-mismatch']);
  });

  it('refuses to lay the last card: one must stay for the discard', () => {
    const s = buildPosition({ hands: [['2S'], ['7H', '7D']], turnOf: 1, dealer: 0, step: 'meld' });
    expect(refusal(s, 1, { type: 'match', cards: ['7H', '7D'] }).reason).toBe('split/last-card');
    expect([...splitEngine.legalMoves(s, 1)].map((m) => m.type)).toEqual(['discard', 'discard']);
  });

  it('refuses a match before the draw, and from a seat whose turn it is not', () => {
    const s = buildPosition({ hands: [['2S'], ['7H', '7D', '9C']], turnOf: 1, step: 'draw' });
    expect(refusal(s, 1, { type: 'match', cards: ['7H', '7D'] }).reason).toBe('split/draw-first');
    expect(refusal(s, 0, { type: 'draw' }).code).toBe('NOT_YOUR_TURN');
  });
});
