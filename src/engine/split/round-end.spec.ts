/** The end of a round: last melds after a first-turn going out, the score sheets, rounds and the winner. */
import { RANKS, type Rank } from './cards';
import { DEFAULT_SCORE_ROWS, rowValue } from './decisions';
import { buildPosition, playWire, refusal } from './fixtures';
import { splitEngine } from './index';
import type { SeatSheet } from './types';

const view: typeof splitEngine.view = (state, viewer) => splitEngine.view(state, viewer);
const sheet = (boxes: Partial<Record<Rank, number>>, negative = 0): SeatSheet => ({
  boxes: { ...Object.fromEntries(RANKS.map((r) => [r, 0])), ...boxes } as Record<Rank, number>,
  negative,
});

describe('the first-turn last-melds phase', () => {
  // Three seats, dealer 0: seat 1 moves first and goes out on its first turn; seats 2 and 0 had no turn.
  const wentOut = () => {
    const s = buildPosition({
      hands: [['2S', '2S', '3H', '3D', '3S', 'KC'], ['4C'], ['9C', '9D']],
      matches: [{ seat: 1, cards: ['QS', 'QS'] }],
      turnOf: 1,
      dealer: 0,
      step: 'meld',
      turnsBegun: [0, 1, 0],
    });
    return playWire(s, 1, { type: 'discard', card: '4C' });
  };

  it('lets every seat that has not had a turn lay matches, all at the same time', () => {
    const s = wentOut();
    expect(splitEngine.toMove(s)).toEqual([0, 2]);
    expect(view(s, 1)).toMatchObject({
      phase: 'lastMelds',
      step: 'lastMelds',
      turnOf: null,
      lastMelds: { waiting: [0, 2], sent: [] },
    });
    expect(refusal(s, 1, { type: 'lastMelds', matches: [] }).code).toBe('NOT_YOUR_TURN');
    const moves = [...splitEngine.legalMoves(s, 0)].map((m) => splitEngine.encodeMove(m));
    expect(moves).toEqual([
      { type: 'lastMelds', matches: [] },
      { type: 'lastMelds', matches: [['2S', '2S']] },
      { type: 'lastMelds', matches: [['3S', '3H']] },
      { type: 'lastMelds', matches: [['3S', '3D']] },
      { type: 'lastMelds', matches: [['3H', '3D']] },
      {
        type: 'lastMelds',
        matches: [
          ['2S', '2S'],
          ['3S', '3H'],
        ],
      },
    ]);
  });

  it("keeps a seat's melds hidden until all have sent, then lays them and scores the round", () => {
    let s = playWire(wentOut(), 0, {
      type: 'lastMelds',
      matches: [
        ['2S', '2S'],
        ['3H', '3D'],
      ],
    });
    expect(splitEngine.toMove(s)).toEqual([2]);
    expect(view(s, 2).lastMelds).toEqual({ waiting: [2], sent: [0] });
    expect(view(s, 0).lastMelds).toEqual({
      waiting: [2],
      sent: [0],
      mine: [
        ['2S', '2S'],
        ['3H', '3D'],
      ],
    });
    expect(view(s, 2).matches).toHaveLength(1);
    const before = s;
    s = playWire(s, 2, { type: 'lastMelds', matches: [['9C', '9D']] }); // every card may go (Decision)
    const v = view(s, 0);
    expect(v.lastRound).toMatchObject({
      endedBy: 'out',
      wentOut: 1,
      scored: [
        { ranks: ['2', '3'], cardsLeft: 2 },
        { ranks: ['Q'], cardsLeft: 0 },
        { ranks: ['9'], cardsLeft: 0 },
      ],
    });
    // 2-row 5, 3-row 10, two cards left −20; Q 20; 9 10.
    expect(v.sheets.map((x) => x.total)).toEqual([5 + 10 - 20, 20, 10]);
    expect(v).toMatchObject({ round: 2, dealer: 1, turnOf: 2, phase: 'play' });
    // In the log, seat 0's melds were hidden from seat 2 until the round was scored.
    const entry = {
      seat: 0,
      move: {
        type: 'lastMelds' as const,
        matches: [
          ['2S', '2S'],
          ['3H', '3D'],
        ] as [string, string][],
      },
      before: wentOut(),
      after: before,
    };
    expect(splitEngine.redactMove({ ...entry, now: before }, 2)).toEqual({
      move: { type: 'lastMelds', hidden: true },
      effects: {},
    });
    expect(splitEngine.redactMove({ ...entry, now: s }, 2)).toEqual({
      move: {
        type: 'lastMelds',
        matches: [
          ['2S', '2S'],
          ['3H', '3D'],
        ],
      },
      effects: {},
    });
  });

  it('allows no bonus, no upgrade and no other move, and only held pairs of one rank', () => {
    const s = wentOut();
    expect(refusal(s, 0, { type: 'lastMelds', matches: [['2S', '2S']], bonus: { target: 1 } }).code).toBe(
      'MALFORMED_MOVE',
    );
    expect(refusal(s, 0, { type: 'upgrade', match: 'm1', card: '2S', replace: 'QS' }).reason).toBe(
      'split/last-melds-phase',
    );
    expect(refusal(s, 0, { type: 'draw' }).reason).toBe('split/last-melds-phase');
    expect(refusal(s, 0, { type: 'lastMelds', matches: [['2S', '3S']] }).reason).toBe('split/rank-mismatch');
    expect(refusal(s, 0, { type: 'lastMelds', matches: [['KC', 'KD']] }).reason).toBe('split/card-not-held');
    expect(
      refusal(s, 0, {
        type: 'lastMelds',
        matches: [
          ['3H', '3D'],
          ['3H', '3S'],
        ],
      }).reason,
    ).toBe('split/card-not-held');
  });

  it('does not happen when every other seat has had its turn', () => {
    const s0 = buildPosition({
      hands: [['4C'], ['2C'], ['9C']],
      turnOf: 0,
      dealer: 0,
      step: 'meld',
      turnsBegun: [1, 1, 1],
    });
    const s = playWire(s0, 0, { type: 'discard', card: '4C' });
    expect(view(s, 0)).toMatchObject({ phase: 'play', round: 2, lastMelds: null });
  });

  it('is not offered outside that phase', () => {
    const s = buildPosition({ hands: [['4C', '4S', '5C'], ['2C']], turnOf: 0, step: 'meld' });
    expect(refusal(s, 0, { type: 'lastMelds', matches: [] }).reason).toBe('split/not-last-melds');
  });
});

describe('scoring a whole round (worked by hand)', () => {
  // Seat 0 goes out holding matches A, A, K, 2; its sheet had A 1 box, K 4 boxes, 1 negative box.
  // Seat 1 holds 7, 7, Q and 3 cards; seat 2 holds nothing and 2 cards, with 5 1 box and 2 negative boxes.
  const position = () =>
    buildPosition({
      hands: [['3C'], ['4C', '5D', '6H'], ['8C', '9D']],
      matches: [
        { seat: 0, cards: ['AS', 'AH'] },
        { seat: 1, cards: ['7S', '7C'] },
        { seat: 0, cards: ['AD', 'AD'] },
        { seat: 0, cards: ['KS', 'KC'] },
        { seat: 1, cards: ['7H', '7H'] },
        { seat: 1, cards: ['QS', 'QD'] },
        { seat: 0, cards: ['2S', '2H'] },
      ],
      sheets: [sheet({ A: 1, K: 4 }, 1), sheet({}), sheet({ '5': 1 }, 2)],
      turnOf: 0,
      dealer: 2,
      step: 'meld',
      turnsBegun: [2, 2, 2],
      options: { rounds: 1 },
    });

  it('fills the boxes and negative boxes and totals each sheet', () => {
    const s = playWire(position(), 0, { type: 'discard', card: '3C' });
    const v = view(s, 'spectator');
    // Seat 0: A row 3 boxes → 120; K row already full → stays 140; 2 row 1 box → 5; 1 negative → −10.
    expect(v.sheets[0]).toEqual({
      boxes: expect.objectContaining({ A: 3, K: 4, '2': 1 }) as unknown,
      negative: 1,
      total: 120 + 140 + 5 - 10,
    });
    // Seat 1: 7 row 2 boxes → 30; Q row 1 box → 20; 3 cards left → −30.
    expect(v.sheets[1]).toEqual({
      boxes: expect.objectContaining({ '7': 2, Q: 1 }) as unknown,
      negative: 3,
      total: 30 + 20 - 30,
    });
    // Seat 2: 5 row 1 box → 10; 2 + 2 negative boxes → −40.
    expect(v.sheets[2]).toEqual({ boxes: expect.objectContaining({ '5': 1 }) as unknown, negative: 4, total: 10 - 40 });
    expect(splitEngine.outcome(s)).toEqual({
      winners: [0],
      scores: [255, 20, -30],
      reason: 'split/rounds-complete',
      draw: false,
    });
    expect(splitEngine.toMove(s)).toEqual([]);
    expect(view(s, 0)).toMatchObject({ phase: 'over', step: null, turnOf: null });
  });

  it("uses the scoreSheet option's values", () => {
    const parsed = splitEngine.parseOptions(
      { rounds: 1, scoreSheet: { rows: { A: [1, 2, 3, 4] }, negativeBox: 1 } },
      3,
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const s = playWire({ ...position(), options: parsed.value }, 0, { type: 'discard', card: '3C' });
    expect(splitEngine.scores(s)).toEqual([3 + 140 + 5 - 1, 30 + 20 - 3, 10 - 4]);
  });
});

describe('a score row (Decision, in decisions.ts)', () => {
  it('scores the value of its last filled box, nothing when empty, and no more once full', () => {
    const row = DEFAULT_SCORE_ROWS.A;
    expect([0, 1, 2, 3, 4, 5].map((filled) => rowValue(row, filled))).toEqual([0, 30, 70, 120, 180, 180]);
    expect(rowValue([7], 3)).toBe(7);
  });
});

describe('rounds and the final totals', () => {
  it('carries the sheets over the rounds and deals again; match ids go on counting (Decision)', () => {
    const s0 = buildPosition({
      hands: [['3C'], ['4C', '5D']],
      matches: [
        { seat: 0, cards: ['JS', 'JC'] },
        { seat: 1, cards: ['9H', '9H'] },
      ],
      turnOf: 0,
      dealer: 1,
      step: 'meld',
      turnsBegun: [2, 2],
      options: { rounds: 2 },
    });
    const s = playWire(s0, 0, { type: 'discard', card: '3C' });
    const v = view(s, 0);
    expect(v).toMatchObject({
      round: 2,
      rounds: 2,
      dealer: 0,
      turnOf: 1,
      matches: [],
      nextMatchId: 'm3',
      handCounts: [9, 9],
    });
    expect(v.sheets.map((x) => x.total)).toEqual([20, 10 - 20]);
    expect(splitEngine.outcome(s)).toBeNull();
  });

  it('after the last round the highest total wins and equal totals share the win', () => {
    const s0 = buildPosition({
      hands: [['3C', '3D'], ['4C'], ['5D']],
      matches: [{ seat: 1, cards: ['JS', 'JC'] }],
      sheets: [sheet({ K: 1 }), sheet({}, 0), sheet({ '2': 1 })],
      pile: ['KD'],
      round: 3,
      turnOf: 0,
      dealer: 2,
      turnsBegun: [2, 2, 2],
    });
    const s = playWire(s0, 0, { type: 'draw' }); // the last card of the pile: the round and the game end
    // Seat 0: K 20, 3 cards → −30 = −10. Seat 1: J 20, 1 card → 10. Seat 2: 2-row 5, 1 card → −5.
    expect(splitEngine.outcome(s)).toEqual({
      winners: [1],
      scores: [-10, 10, -5],
      reason: 'split/rounds-complete',
      draw: false,
    });
    const tie = buildPosition({ ...{ hands: [['3C'], ['4C'], ['5D']], pile: ['KD'] }, round: 3, turnOf: 2, dealer: 1 });
    const t = playWire(tie, 2, { type: 'draw' });
    expect(splitEngine.outcome(t)).toEqual({
      winners: [0, 1],
      scores: [-10, -10, -20],
      reason: 'split/rounds-complete',
      draw: false,
    });
    expect(refusal(t, 0, { type: 'draw' }).code).toBe('GAME_OVER');
  });
});
