/** The steps of a turn: draw or take, the must-play rule, the discard, going out, and the pile running dry. */
import { buildPosition, countCards, playWire, refusal } from './fixtures';
import { splitEngine } from './index';

const view: typeof splitEngine.view = (state, viewer) => splitEngine.view(state, viewer);

describe('draw', () => {
  it("takes the pile's top card, then the seat melds; a second draw is refused", () => {
    const s0 = buildPosition({ hands: [['5H', '9D'], ['2C']], turnOf: 0, pile: ['KS', 'QS', 'JS'] });
    expect(view(s0, 0).step).toBe('draw');
    const s = playWire(s0, 0, { type: 'draw' });
    expect(view(s, 0)).toMatchObject({ step: 'meld', hand: ['5H', '9D', 'KS'], drawPile: 2, turnOf: 0 });
    const again = refusal(s, 0, { type: 'draw' });
    expect([again.code, again.reason]).toEqual(['ILLEGAL_MOVE', 'split/already-drew']);
    expect(refusal(s, 0, { type: 'take', index: 0 }).reason).toBe('split/already-drew');
  });

  it('refuses a discard before drawing', () => {
    const s = buildPosition({ hands: [['5H', '9D'], ['2C']], turnOf: 0 });
    const e = refusal(s, 0, { type: 'discard', card: '5H' });
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', 'split/draw-first']);
  });

  it('the discard ends the turn and passes it up the seats, wrapping round', () => {
    let s = buildPosition({ hands: [['5H'], ['2C'], ['3C', '3D']], turnOf: 2, step: 'meld' });
    s = playWire(s, 2, { type: 'discard', card: '3D' });
    expect(view(s, 0)).toMatchObject({ turnOf: 0, step: 'draw', discardRow: ['3D'] });
  });
});

describe('take', () => {
  // Seat 0 holds 5H 9D KS; the row is 2C 5S JH 3D (oldest first); seat 1 has a weak J match on the table.
  const start = () =>
    buildPosition({
      hands: [
        ['5H', '9D', 'KS'],
        ['2C', '4C'],
      ],
      discardRow: ['2C', '5S', 'JH', '3D'],
      matches: [{ seat: 1, cards: ['JS', 'JD'] }],
      turnOf: 0,
    });

  it('takes the picked card and every card discarded after it', () => {
    const s = playWire(start(), 0, { type: 'take', index: 1 });
    const v = view(s, 0);
    expect(v.discardRow).toEqual(['2C']);
    expect(v.hand).toEqual(['3D', '5S', '5H', '9D', 'JH', 'KS']);
    expect(v.mustPlay).toBe('5S');
    expect(view(s, 1)).toMatchObject({ mustPlay: '5S', handCounts: [6, 2] });
  });

  it('refuses the discard until the taken card is laid', () => {
    let s = playWire(start(), 0, { type: 'take', index: 1 });
    const e = refusal(s, 0, { type: 'discard', card: '9D' });
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', 'split/must-play-first']);
    expect([...splitEngine.legalMoves(s, 0)].some((m) => m.type === 'discard')).toBe(false);
    s = playWire(s, 0, { type: 'match', cards: ['5S', '5H'] });
    expect(view(s, 0).mustPlay).toBeNull();
    s = playWire(s, 0, { type: 'discard', card: '9D' });
    expect(view(s, 1).turnOf).toBe(1);
  });

  it('may take a card that can be laid as an upgrade', () => {
    const s = playWire(start(), 0, { type: 'take', index: 2 });
    expect(view(s, 0).mustPlay).toBe('JH');
    const after = playWire(s, 0, { type: 'upgrade', match: 'm1', card: 'JH', replace: 'JS' });
    expect(view(after, 0).matches[0]).toEqual({ id: 'm1', seat: 0, cards: ['JH', 'JD'], type: 'strong' });
    expect(view(after, 0).mustPlay).toBeNull();
  });

  it('refuses a card that cannot be laid at once, and a position past the row', () => {
    const e = refusal(start(), 0, { type: 'take', index: 0 }); // 2C: no 2 held, no 2 match on the table
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', 'split/take-unplayable']);
    expect(refusal(start(), 0, { type: 'take', index: 3 }).reason).toBe('split/take-unplayable');
    expect(refusal(start(), 0, { type: 'take', index: 4 }).reason).toBe('split/no-such-card-in-row');
    const takes = [...splitEngine.legalMoves(start(), 0)].map((m) => splitEngine.encodeMove(m));
    expect(takes).toEqual([{ type: 'draw' }, { type: 'take', index: 1 }, { type: 'take', index: 2 }]);
  });

  it('judges the picked card with the cards taken along with it (Decision)', () => {
    const s = buildPosition({ hands: [['KS', 'QH'], ['2C']], discardRow: ['7C', '9S', '7D'], turnOf: 0 });
    const after = playWire(s, 0, { type: 'take', index: 0 });
    expect(view(after, 0).hand).toEqual(['7C', '7D', '9S', 'QH', 'KS']);
  });

  it('refuses a meld that would leave the taken card with no way to be laid', () => {
    // After taking 5S the hand is 5S 5H 8C 8D: matching the eights would leave 5S 5H, and two cards cannot
    // be matched (the last card must stay).
    const s = playWire(buildPosition({ hands: [['5H', '8C', '8D'], ['2C']], discardRow: ['5S'], turnOf: 0 }), 0, {
      type: 'take',
      index: 0,
    });
    const e = refusal(s, 0, { type: 'match', cards: ['8C', '8D'] });
    expect([e.code, e.reason]).toEqual(['ILLEGAL_MOVE', 'split/must-play-stranded']);
    const legal = [...splitEngine.legalMoves(s, 0)].map((m) => splitEngine.encodeMove(m));
    expect(legal).toEqual([{ type: 'match', cards: ['5S', '5H'] }]);
  });
});

describe('going out', () => {
  it('discarding the last card ends the round; owed extra draws are not taken (Decision)', () => {
    const s0 = buildPosition({
      hands: [['4C'], ['2C', '3C'], ['9D']],
      turnOf: 0,
      dealer: 2,
      step: 'meld',
      extraDraws: 1,
      turnsBegun: [2, 2, 2],
    });
    const s = playWire(s0, 0, { type: 'discard', card: '4C' });
    const v = view(s, 1);
    expect(v.lastRound).toMatchObject({ round: 1, endedBy: 'out', wentOut: 0 });
    expect(v.lastRound?.scored.map((x) => x.cardsLeft)).toEqual([0, 2, 1]);
    expect(v.sheets.map((x) => x.negative)).toEqual([0, 2, 1]);
    // The next round: the player who went out deals, the next seat begins.
    expect(v).toMatchObject({
      round: 2,
      dealer: 0,
      turnOf: 1,
      step: 'draw',
      handCounts: [9, 9, 9],
      drawPile: 104 - 27 - 1,
    });
    expect(v.discardRow).toHaveLength(1);
    expect(countCards(s)).toBe(104);
  });
});

describe('the pile running dry', () => {
  it('drawing its last card ends the round at once; the drawer melds nothing more', () => {
    const s0 = buildPosition({
      hands: [['4C', '4S', '9H'], ['2C']],
      turnOf: 0,
      dealer: 1,
      pile: ['4D'],
      options: { rounds: 2 },
    });
    const s = playWire(s0, 0, { type: 'draw' });
    const v = view(s, 0);
    expect(v.lastRound).toMatchObject({ round: 1, endedBy: 'pile', wentOut: null });
    expect(v.lastRound?.scored.map((x) => x.cardsLeft)).toEqual([4, 1]);
    // The deal passes to the seat after the dealer (Decision): seat 0 deals, seat 1 begins.
    expect(v).toMatchObject({ round: 2, dealer: 0, turnOf: 1 });
  });

  it('an extra draw that takes its last card ends the round too', () => {
    const s0 = buildPosition({
      hands: [['4C', '5C'], ['2C']],
      turnOf: 0,
      step: 'meld',
      pile: ['KD'],
      extraDraws: 2,
      options: { rounds: 1 },
    });
    const s = playWire(s0, 0, { type: 'discard', card: '4C' });
    expect(splitEngine.outcome(s)).not.toBeNull();
    expect(view(s, 0).lastRound).toMatchObject({
      endedBy: 'pile',
      scored: [
        { ranks: [], cardsLeft: 2 },
        { ranks: [], cardsLeft: 1 },
      ],
    });
    expect(view(s, 0).hand).toEqual(['5C', 'KD']);
  });
});
