import { hand, opening, P, position, row, T, tileTotal } from './fixtures';
import { qwirkleEngine as engine } from './index';
import { chooseStarter } from './rules';
import { openingSize, type Tile } from './tiles';
import type { QwirkleMove, QwirkleState } from './types';

const place = (...tiles: ReturnType<typeof P>[]): QwirkleMove => ({ type: 'place', tiles });
const exchange = (codes: string): QwirkleMove => ({ type: 'exchange', tiles: hand(codes) });

function applied(state: QwirkleState, seat: number, move: QwirkleMove): QwirkleState {
  const r = engine.apply(state, seat, move);
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.reason ?? ''}: ${r.error.message}`);
  return r.value;
}

function refusal(state: QwirkleState, seat: number, move: QwirkleMove): string {
  const r = engine.apply(state, seat, move);
  if (r.ok) throw new Error('move accepted');
  return r.error.code === 'ILLEGAL_MOVE' ? (r.error.reason as string) : r.error.code;
}

const sortTiles = (ts: readonly Tile[]) => ts.map((t) => `${t.color} ${t.shape}`).sort();

describe('opening size and starter', () => {
  it('counts the largest set sharing a colour or a shape', () => {
    expect(openingSize(hand('rc os yd gl b4 p8'))).toBe(1);
    expect(openingSize(hand('rc rs rd bl g8 p4'))).toBe(3);
    expect(openingSize(hand('rc oc yc gc bc pc'))).toBe(6);
    expect(openingSize(hand('r4 o4 g4 gs gd p8'))).toBe(3);
  });

  it('counts identical tiles once', () => {
    expect(openingSize(hand('rc rc rs rs bd gl'))).toBe(2);
    expect(openingSize(hand('yc yc yc os od ol'))).toBe(3);
  });

  it('gives the start to the largest opening size, ties to the lowest seat', () => {
    expect(chooseStarter([2, 4, 3])).toBe(1);
    expect(chooseStarter([3, 4, 4, 2])).toBe(1);
    expect(chooseStarter([5, 5])).toBe(0);
  });

  it('setup works out each dealt hand and the starter the same way', () => {
    for (let i = 0; i < 40; i++) {
      const s = engine.setup({ seed: `starter-${i}`, seats: 4, options: { maxTurns: 1000 } });
      expect(s.openingSizes).toEqual(s.hands.map(openingSize));
      const best = Math.max(...s.openingSizes);
      expect(s.startingSeat).toBe(s.openingSizes.findIndex((v) => v === best));
      expect(s.current).toBe(s.startingSeat);
    }
  });
});

describe('the opening move', () => {
  // Seat 1 (red circle, square, diamond) and seat 2 (circles: blue, yellow, green) both have 3: seat 1 starts.
  const start = () => opening([hand('rc os yd gl b4 p8'), hand('rc rs rd bl bl g8'), hand('bc bs yc yc gc p4')]);

  it('belongs to the lowest seat among the largest opening sizes', () => {
    expect(start().startingSeat).toBe(1);
    expect(engine.toMove(start())).toEqual([1]);
    expect(refusal(start(), 2, place(P('bc', 0, 0), P('yc', 1, 0), P('gc', 2, 0)))).toBe('NOT_YOUR_TURN');
  });

  it('refuses a line of another size than the opening size', () => {
    expect(refusal(start(), 1, place(P('rc', 0, 0), P('rs', 1, 0)))).toBe('qwirkle/wrong-opening-size');
    expect(refusal(start(), 1, place(P('rc', 0, 0)))).toBe('qwirkle/wrong-opening-size');
  });

  it('refuses an opening line that does not cover (0, 0), and an opening exchange', () => {
    expect(refusal(start(), 1, place(...row('rc rs rd', 1, 0)))).toBe('qwirkle/opening-off-origin');
    expect(refusal(start(), 1, exchange('bl'))).toBe('qwirkle/opening-must-place');
  });

  it('refuses an opening of the right size that is not a line sharing an attribute', () => {
    expect(refusal(start(), 1, place(...row('rc rs bl', 0, 0)))).toBe('qwirkle/no-shared-attribute');
    expect(refusal(start(), 1, place(P('rc', 0, 0), P('rs', 1, 0), P('rd', 3, 0)))).toBe('qwirkle/gap');
  });

  it('scores the opening line, refills the hand and passes the turn on', () => {
    const s = start();
    const after = applied(s, 1, place(P('rs', 0, -1), P('rc', 0, 0), P('rd', 0, 1)));
    expect(after.scores).toEqual([0, 3, 0]);
    expect(after.hands[1]).toHaveLength(6);
    expect(after.bag).toHaveLength(s.bag.length - 3);
    expect(sortTiles((after.hands[1] as Tile[]).slice(0, 3))).toEqual(sortTiles(hand('bl bl g8')));
    expect(after.current).toBe(2);
    expect(after.turns).toBe(1);
    expect(engine.view(after, 1).openingSizes).toBeNull();
  });

  it('lets a starter with opening size 1 lay a lone tile for 1 point', () => {
    const s = opening([hand('rc os yd gl b4 p8'), hand('rs oc yl gd b8 p4')]);
    expect(s.startingSeat).toBe(0);
    expect(applied(s, 0, place(P('gl', 0, 0))).scores).toEqual([1, 0]);
  });
});

describe('placing', () => {
  const mid = () =>
    position({ board: row('rc rs', 0, 0), hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')] });

  it('refuses tiles the seat does not hold', () => {
    expect(refusal(mid(), 0, place(P('rl', 2, 0)))).toBe('qwirkle/tiles-not-held');
    expect(refusal(mid(), 0, exchange('rl'))).toBe('qwirkle/tiles-not-held');
  });

  it('refuses a tile placed twice when only one copy is held, but counts held copies', () => {
    expect(refusal(mid(), 0, place(P('rd', 2, 0), P('rd', 2, 1)))).toBe('qwirkle/tiles-not-held');
    // Two blue clovers are held; the pair gets past the holding check and fails on the line.
    expect(refusal(mid(), 0, place(P('bl', 0, 1), P('bl', 1, 1)))).toBe('qwirkle/duplicate-tile');
  });

  it('refuses a placement off the line', () => {
    expect(refusal(mid(), 0, place(P('rd', 2, 0), P('bl', 3, 1)))).toBe('qwirkle/not-in-line');
  });

  it('adds the points, removes the tiles, refills from the bag and keeps every tile', () => {
    const s = mid();
    const after = applied(s, 0, place(P('rd', 2, 0)));
    expect(after.scores).toEqual([3, 0]);
    expect(after.board).toHaveLength(3);
    expect(after.hands[0]).toHaveLength(6);
    expect(after.bag).toHaveLength(s.bag.length - 1);
    expect(after.lastTurn).toEqual({
      seat: 0,
      type: 'place',
      tiles: [P('rd', 2, 0)],
      points: 3,
      qwirkles: 0,
      bonus: 0,
      drew: 1,
    });
    expect(tileTotal(after)).toBe(108);
    expect(after.current).toBe(1);
  });

  it('counts a Qwirkle in the last turn', () => {
    const s = position({
      board: row('rc rs rd rl r4', 0, 0),
      hands: [hand('r8 bc bc bc gc gc'), hand('yc ys yd yl y4 y8')],
    });
    const after = applied(s, 0, place(P('r8', 5, 0)));
    expect(after.scores[0]).toBe(12);
    expect(after.lastTurn).toMatchObject({ points: 12, qwirkles: 1 });
  });
});

describe('exchanging', () => {
  const withBag = (bag: string) =>
    position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')],
      bag: hand(bag),
    });

  it('refuses an exchange larger than the bag', () => {
    expect(refusal(withBag('gc gs'), 0, exchange('bl bl g8'))).toBe('qwirkle/bag-too-small');
  });

  it('draws before returning, so the seat gets the bag tiles and the bag gets its tiles', () => {
    const after = applied(withBag('gc gs'), 0, exchange('bl bl'));
    expect(sortTiles(after.hands[0] as Tile[])).toEqual(sortTiles(hand('rd g8 p4 oc gc gs')));
    expect(sortTiles(after.bag)).toEqual(sortTiles(hand('bl bl')));
    expect(after.scores).toEqual([0, 0]);
    expect(after.lastTurn).toEqual({ seat: 0, type: 'exchange', count: 2 });
    expect(after.current).toBe(1);
  });

  it('reshuffles the bag with the seeded PRNG after returning', () => {
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')] });
    const after = applied(s, 0, exchange('p4'));
    expect(after.rng).not.toEqual(s.rng);
    expect(after.bag.slice(0, 20)).not.toEqual(s.bag.slice(0, 20));
    expect(applied(s, 0, exchange('p4'))).toEqual(after);
  });

  it('refuses an exchange of no tiles, which would be a pass (apply validates typed moves too)', () => {
    expect(refusal(withBag('gc gs'), 0, exchange(''))).toBe('MALFORMED_MOVE');
    expect(refusal(withBag(''), 0, exchange(''))).toBe('MALFORMED_MOVE');
  });

  it('is allowed even when a placement exists', () => {
    expect(applied(withBag('gc gs'), 0, exchange('rd')).turns).toBe(2);
  });
});

describe('skips and the end of the game', () => {
  it('plays the last tile with the bag empty: +6 and the game ends at once', () => {
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd'), hand('bc')], bag: [] });
    const after = applied(s, 0, place(P('rd', 2, 0)));
    expect(after.scores).toEqual([9, 0]);
    expect(after.lastTurn).toMatchObject({ points: 3, bonus: 6, drew: 0 });
    expect(engine.toMove(after)).toEqual([]);
    expect(engine.outcome(after)).toEqual({
      winners: [0],
      scores: [9, 0],
      reason: 'qwirkle/out-of-tiles',
      draw: false,
    });
    expect(refusal(after, 1, place(P('bc', 0, 1)))).toBe('GAME_OVER');
  });

  it('skips a seat that can neither place nor exchange, and says so', () => {
    // After the red diamond, blue star4/star8 fit nowhere on an all-red board; the red clover does.
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd pl'), hand('b4 b8'), hand('rl')], bag: [] });
    const after = applied(s, 0, place(P('rd', 2, 0)));
    expect(after.current).toBe(2);
    expect(after.skipped).toEqual([1]);
    expect(engine.view(after, 'spectator').skipped).toEqual([1]);
    expect(engine.legalMovesInfo?.(after, 1)).toMatchObject({ canPlace: false, canExchange: false });
  });

  it('gives the turn back to the mover when every other seat is skipped', () => {
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd rl'), hand('b4 b8')], bag: [] });
    const after = applied(s, 0, place(P('rd', 2, 0)));
    expect(after.current).toBe(0);
    expect(after.skipped).toEqual([1]);
  });

  it('ends with no bonus when the bag is empty and nobody can place', () => {
    const s = position({ board: row('rc rs', 0, 0), hands: [hand('rd b4'), hand('b8')], bag: [] });
    const after = applied(s, 0, place(P('rd', 2, 0)));
    expect(engine.outcome(after)).toEqual({ winners: [0], scores: [3, 0], reason: 'qwirkle/blocked', draw: false });
  });

  it('ends after maxTurns moves with the scores as they stand; equal top scores share the win', () => {
    const s = position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')],
      scores: [10, 13],
      turns: 4,
      maxTurns: 5,
    });
    const placed = applied(s, 0, place(P('rd', 2, 0)));
    expect(engine.outcome(placed)).toEqual({
      winners: [0, 1],
      scores: [13, 13],
      reason: 'qwirkle/max-turns',
      draw: true,
    });
    const exchanged = applied(s, 0, exchange('bl'));
    expect(engine.outcome(exchanged)).toEqual({
      winners: [1],
      scores: [10, 13],
      reason: 'qwirkle/max-turns',
      draw: false,
    });
  });

  it('does not end before maxTurns', () => {
    const s = position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd bl bl g8 p4 oc'), hand('yc ys yd yl y4 y8')],
      turns: 3,
      maxTurns: 5,
    });
    expect(engine.outcome(applied(s, 0, place(P('rd', 2, 0))))).toBeNull();
  });
});

describe('determinism', () => {
  const options = { maxTurns: 1000 };

  function playFirstMoves(seed: string, plies: number): QwirkleState {
    let s = engine.setup({ seed, seats: 3, options });
    for (let i = 0; i < plies && !engine.outcome(s); i++) {
      const seat = engine.toMove(s)[0] as number;
      // Alternate between the first placement and the first exchange, so both kinds of draw happen.
      const moves = [...engine.legalMoves(s, seat)];
      const move = (i % 3 === 2 ? moves.find((m) => m.type === 'exchange') : undefined) ?? (moves[0] as QwirkleMove);
      s = applied(s, seat, move);
    }
    return s;
  }

  it('gives the same state for the same seed and moves', () => {
    expect(JSON.stringify(playFirstMoves('same-seed', 25))).toBe(JSON.stringify(playFirstMoves('same-seed', 25)));
  });

  it('deals different hands for different seeds', () => {
    const a = engine.setup({ seed: 'seed-a', seats: 2, options });
    const b = engine.setup({ seed: 'seed-b', seats: 2, options });
    expect(a.hands).not.toEqual(b.hands);
    expect(a.bag).not.toEqual(b.bag);
  });

  it('deals 6 tiles to each seat and keeps the other 108 - 6n in the bag', () => {
    const s = engine.setup({ seed: 'deal', seats: 6, options });
    expect(s.hands.map((h) => h.length)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(s.bag).toHaveLength(72);
    expect(tileTotal(s)).toBe(108);
    expect(sortTiles([...s.bag, ...s.hands.flat()]).filter((t) => t === 'red star4')).toHaveLength(3);
    expect(T('r4')).toEqual({ color: 'red', shape: 'star4' });
  });
});
