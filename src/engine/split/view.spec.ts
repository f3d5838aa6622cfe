/** The deal, the view each seat gets, and the log entries: what each may and may not see. */
import { buildPosition, playWire } from './fixtures';
import { splitEngine } from './index';
import type { SplitState } from './types';

const setup = (seats: number, seed = 'view-seed') => {
  const options = splitEngine.parseOptions(undefined, seats);
  if (!options.ok) throw new Error(options.error.message);
  return splitEngine.setup({ seed, seats, options: options.value });
};

describe('the deal', () => {
  it.each([2, 4, 6])('gives %i seats 9 cards each, turns one card up, and seat 1 begins after dealer 0', (seats) => {
    const v = splitEngine.view(setup(seats), 0);
    expect(v).toMatchObject({
      round: 1,
      rounds: 3,
      dealer: 0,
      turnOf: 1,
      step: 'draw',
      phase: 'play',
      mustPlay: null,
      matches: [],
    });
    expect(v.handCounts).toEqual(Array.from({ length: seats }, () => 9));
    expect(v.discardRow).toHaveLength(1);
    expect(v.drawPile).toBe(104 - 9 * seats - 1);
    expect(v.sheets.every((x) => x.total === 0 && x.negative === 0)).toBe(true);
  });

  it('depends on the seed only', () => {
    expect(setup(3, 'a').hands).toEqual(setup(3, 'a').hands);
    expect(setup(3, 'a').hands).not.toEqual(setup(3, 'b').hands);
  });
});

describe('the view', () => {
  const s = buildPosition({
    hands: [
      ['5H', '9D'],
      ['2C', 'KS', 'KS'],
    ],
    matches: [{ seat: 1, cards: ['JS', 'JD'] }],
    discardRow: ['3C', '4D'],
    pile: ['AC', 'AD'],
    turnOf: 0,
  });

  it('shows a seat its own hand, and everyone the counts, the row and the table', () => {
    expect(splitEngine.view(s, 0)).toMatchObject({
      hand: ['5H', '9D'],
      handCounts: [2, 3],
      drawPile: 2,
      discardRow: ['3C', '4D'],
      matches: [{ id: 'm1', seat: 1, cards: ['JS', 'JD'], type: 'weak' }],
      nextMatchId: 'm2',
      extraDraws: 0,
      lastMelds: null,
      lastRound: null,
    });
    expect(splitEngine.view(s, 1).hand).toEqual(['2C', 'KS', 'KS']);
  });

  it("shows a spectator no hand, and nobody another seat's hand or the pile", () => {
    expect('hand' in splitEngine.view(s, 'spectator')).toBe(false);
    const text = JSON.stringify(splitEngine.view(s, 0));
    expect(text).not.toContain('KS');
    expect(text).not.toContain('AC');
    expect(text).not.toContain('"rng"');
  });
});

describe('the view as data', () => {
  it('shares nothing with the state: changing a view changes neither the state nor another match', () => {
    const s0 = buildPosition({
      hands: [['3C'], ['4C', '5D']],
      turnOf: 0,
      step: 'meld',
      turnsBegun: [2, 2],
      options: { rounds: 2 },
    });
    const s = playWire(s0, 0, { type: 'discard', card: '3C' }); // seat 0 goes out: lastRound is filled in
    const other = buildPosition({ hands: [['3C'], ['4C', '5D']], turnOf: 0 });
    const snapshot = JSON.stringify(s);
    const otherSnapshot = JSON.stringify(other);
    const v = splitEngine.view(s, 0);
    (v.scoreSheet.rows.A as number[])[0] = 999;
    const scored = v.lastRound?.scored[1] as unknown as { ranks: string[]; cardsLeft: number };
    scored.ranks.push('K');
    scored.cardsLeft = 99;
    expect(JSON.stringify(s)).toBe(snapshot);
    expect(JSON.stringify(other)).toBe(otherSnapshot);
    expect(splitEngine.view(s, 1).scoreSheet.rows.A).toEqual([30, 70, 120, 180]);
  });
});

describe('the log', () => {
  const entry = (before: SplitState, seat: number, raw: unknown) => {
    const move = splitEngine.parseMove(raw);
    if (!move.ok) throw new Error(move.error.message);
    const after = playWire(before, seat, raw);
    return { seat, move: move.value, before, after, now: after };
  };

  it('shows a card drawn from the pile to the drawer only', () => {
    const s = buildPosition({ hands: [['5H'], ['2C']], pile: ['AC', 'AD'], turnOf: 0 });
    const e = entry(s, 0, { type: 'draw' });
    expect(splitEngine.redactMove(e, 0)).toEqual({ move: { type: 'draw' }, effects: { drawn: ['AC'] } });
    expect(splitEngine.redactMove(e, 1)).toEqual({ move: { type: 'draw' }, effects: { drawn: 1 } });
    expect(splitEngine.redactMove(e, 'spectator')).toEqual({ move: { type: 'draw' }, effects: { drawn: 1 } });
  });

  it("shows the strong bonus's extra draws to the drawer only, and the discard to all", () => {
    const s = buildPosition({
      hands: [['5H', '9D'], ['2C']],
      pile: ['AC', 'AD', 'QC'],
      turnOf: 0,
      step: 'meld',
      extraDraws: 2,
    });
    const e = entry(s, 0, { type: 'discard', card: '9D' });
    expect(splitEngine.redactMove(e, 0)).toEqual({
      move: { type: 'discard', card: '9D' },
      effects: { drawn: ['AC', 'AD'] },
    });
    expect(splitEngine.redactMove(e, 1)).toEqual({ move: { type: 'discard', card: '9D' }, effects: { drawn: 2 } });
  });

  it('shows takes, matches and upgrades to everyone, and says when a round ended', () => {
    const s = buildPosition({ hands: [['5H', '5S', '9D'], ['2C']], discardRow: ['5D'], turnOf: 0 });
    const take = entry(s, 0, { type: 'take', index: 0 });
    expect(splitEngine.redactMove(take, 1)).toEqual({ move: { type: 'take', index: 0 }, effects: {} });
    const out = buildPosition({ hands: [['5H'], ['2C']], turnOf: 0, step: 'meld', turnsBegun: [2, 2] });
    expect(splitEngine.redactMove(entry(out, 0, { type: 'discard', card: '5H' }), 1)).toEqual({
      move: { type: 'discard', card: '5H' },
      effects: { roundEnded: 1 },
    });
  });
});
