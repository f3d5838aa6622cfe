import { hand, opening, P, position, row } from './fixtures';
import { qwirkleEngine as engine } from './index';
import { legalMoves, legalMovesInfo } from './legal-moves';
import type { PlacedTile } from './tiles';
import type { QwirkleMove, QwirkleState } from './types';

const all = (s: QwirkleState, seat = s.current as number) => [...legalMoves(s, seat)];
const key = (m: QwirkleMove) =>
  `${m.type}:${m.tiles
    .map((t) => ('x' in t ? `${t.color}-${t.shape}@${t.x},${t.y}` : `${t.color}-${t.shape}`))
    .sort()
    .join(' ')}`;

describe('legal moves at the opening', () => {
  it('lists every line of exactly the opening size covering (0, 0), and nothing else', () => {
    // Red circle, square, diamond is the only set of 3: 2 directions x 3 offsets x 3! orders.
    const s = opening([hand('rc rs rd bl g4 p8'), hand('yc os gd bl p4 r8')]);
    const moves = all(s);
    expect(moves).toHaveLength(36);
    expect(new Set(moves.map(key)).size).toBe(36);
    for (const m of moves) {
      expect(m.type).toBe('place');
      expect(m.tiles).toHaveLength(3);
      expect((m.tiles as PlacedTile[]).some((t) => t.x === 0 && t.y === 0)).toBe(true);
      expect(engine.apply(s, 0, m).ok).toBe(true);
    }
    expect(legalMovesInfo(s, 0)).toEqual({
      canPlace: true,
      canExchange: false,
      singleTilePlacements: 0,
      openingSize: 3,
      exchangeMax: 0,
    });
  });

  it('with opening size 1, lists each distinct tile on (0, 0)', () => {
    const s = opening([hand('rc os yd gl b4 p8'), hand('rs oc yl gd b8 p4')]);
    expect(all(s).map(key)).toEqual(hand('rc os yd gl b4 p8').map((t) => `place:${t.color}-${t.shape}@0,0`));
  });

  it('lists both sets when two attributes tie', () => {
    // Red circle + red square, or red circle + blue circle: 2 sets x 2 directions x 2 offsets x 2 orders.
    const s = opening([hand('rc rs bc yd gl p4'), hand('oc os gd bl y4 p8')]);
    expect(s.openingSizes[0]).toBe(2);
    expect(all(s, s.startingSeat)).toHaveLength(16);
  });

  it('lists nothing for a seat not to move', () => {
    const s = opening([hand('rc rs rd bl g4 p8'), hand('yc os gd bl p4 r8')]);
    expect(all(s, 1)).toEqual([]);
    expect(legalMovesInfo(s, 1)).toMatchObject({ canPlace: false, canExchange: false });
  });
});

describe('legal moves mid-game', () => {
  // rc rs: the red diamond, clover and star4 extend the row or hang under it; gc and bs only hang.
  const s = () =>
    position({ board: row('rc rs', 0, 0), hands: [hand('rd rl bs bs r4 gc'), hand('yc ys yd yl y4 y8')] });

  it('lists single tiles first, then longer placements by size, then exchanges', () => {
    const moves = all(s());
    const kinds = moves.map((m) => (m.type === 'exchange' ? 'x' : m.tiles.length === 1 ? '1' : String(m.tiles.length)));
    expect(kinds.join('')).toMatch(/^1+2+3+4*x+$/);
    const sizes = kinds.filter((k) => k !== 'x' && k !== '1').map(Number);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });

  it('lists exactly the single-tile placements, cells by y then x', () => {
    const singles = all(s()).filter((m) => m.type === 'place' && m.tiles.length === 1);
    // Above and below each red tile: another red shape, or the same shape in another colour (by colour,
    // then shape: red diamond, clover, star4, then green circle / blue square); beside the row: red only.
    const reds = (x: number, y: number) =>
      ['diamond', 'clover', 'star4'].map((shape) => `place:red-${shape}@${x},${y}`);
    expect(singles.map(key)).toEqual([
      ...reds(0, -1),
      'place:green-circle@0,-1',
      ...reds(1, -1),
      'place:blue-square@1,-1',
      ...reds(-1, 0),
      ...reds(2, 0),
      ...reds(0, 1),
      'place:green-circle@0,1',
      ...reds(1, 1),
      'place:blue-square@1,1',
    ]);
    expect(legalMovesInfo(s(), 0)).toEqual({
      canPlace: true,
      canExchange: true,
      singleTilePlacements: 22,
      openingSize: null,
      exchangeMax: 6,
    });
  });

  it('includes a placement on both ends of a line, and no placement with a gap', () => {
    const keys = all(s()).map(key);
    expect(keys).toContain(key({ type: 'place', tiles: [P('rd', -1, 0), P('rl', 2, 0)] }));
    expect(keys).toContain(key({ type: 'place', tiles: [P('rd', -2, 0), P('rl', -1, 0), P('r4', 2, 0)] }));
    expect(keys).not.toContain(key({ type: 'place', tiles: [P('rd', 2, 0), P('rl', 4, 0)] }));
  });

  it('lists each distinct multiset of hand tiles once as an exchange', () => {
    // rd rl bs bs r4 gc: kinds with counts 1,1,2,1,1 give 2*2*3*2*2 - 1 = 47 non-empty multisets.
    const exchanges = all(s()).filter((m) => m.type === 'exchange');
    expect(exchanges).toHaveLength(47);
    expect(new Set(exchanges.map(key)).size).toBe(47);
    expect(exchanges[0]).toEqual({ type: 'exchange', tiles: hand('rd') });
  });

  it('caps exchanges at the bag size', () => {
    const small = position({
      board: row('rc rs', 0, 0),
      hands: [hand('rd rl bs bs r4 gc'), hand('yc')],
      bag: hand('oc o4'),
    });
    const exchanges = all(small).filter((m) => m.type === 'exchange');
    expect(Math.max(...exchanges.map((m) => m.tiles.length))).toBe(2);
    expect(exchanges).toHaveLength(5 + (5 * 4) / 2 + 1); // singles, pairs of distinct kinds, the pair of blue squares
    expect(legalMovesInfo(small, 0).exchangeMax).toBe(2);
  });

  it('offers only exchanges to a seat that cannot place', () => {
    const stuck = position({ board: row('rc rs', 0, 0), hands: [hand('b4 b8 p4 p8 g4 g8'), hand('yc')] });
    const moves = all(stuck);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((m) => m.type === 'exchange')).toBe(true);
    expect(legalMovesInfo(stuck, 0)).toMatchObject({ canPlace: false, canExchange: true, singleTilePlacements: 0 });
  });

  it('starts with the first single-tile placement in that order', () => {
    const it = legalMoves(s(), 0);
    expect(it.next().value).toEqual({ type: 'place', tiles: [P('rd', 0, -1)] });
  });

  it('every listed move applies', () => {
    for (const m of all(s())) expect(engine.apply(s(), 0, m).ok).toBe(true);
  });
});
