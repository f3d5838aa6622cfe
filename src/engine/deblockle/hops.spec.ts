/**
 * The complete set of ends of one tip, worked out by hand on the diagrams in the comments.
 * Board: columns a–g, rows 1–7 from the top; stars d2 (gold scores there) and d6 (blue scores there).
 * G = gold (seat 0), B = blue (seat 1); "tipped" is the square the block lands on before hopping.
 */
import { type Direction, type Face, tip } from './block';
import { makeSquare, parseSquare } from './board';
import { type BlockSpec, positionFromBlocks } from './fixtures';
import { legalMoves } from './rules';

const G = (square: string, top: Face, north: Face): BlockSpec => ({ seat: 0, square, top, north });
const B = (square: string, top: Face, north: Face): BlockSpec => ({ seat: 1, square, top, north });

interface Row {
  readonly name: string;
  readonly blocks: readonly BlockSpec[];
  /** The first block listed moves. */
  readonly tip: Direction;
  readonly face: Face;
  readonly ends: readonly string[];
}

const ROWS: readonly Row[] = [
  // stop: the turn ends on the tipped square
  {
    name: 'stop, centre: d4 tips east to e4 beside blue blocks',
    face: 'stop',
    tip: 'east',
    blocks: [G('d4', 'cross', 'slider'), B('e3', 'star', 'slider'), B('f4', 'star', 'slider')],
    ends: ['e4'],
  },
  {
    name: 'stop, corner: a7 tips north to a6',
    face: 'stop',
    tip: 'north',
    blocks: [G('a7', 'hoops', 'star'), B('b6', 'star', 'slider'), G('b7', 'star', 'slider')],
    ends: ['a6'],
  },

  // cross: one square orthogonally; the square just left is open, a star is not an end
  {
    name: 'cross, centre: d4 tips south to d5; c5 taken, d6 a star',
    face: 'cross',
    tip: 'south',
    blocks: [G('d4', 'star', 'cross'), B('c5', 'star', 'slider')],
    ends: ['d4', 'e5'],
  },
  {
    name: 'cross, edge: a2 tips south to a3; a4 taken, west off the board',
    face: 'cross',
    tip: 'south',
    blocks: [G('a2', 'star', 'cross'), B('a4', 'star', 'slider')],
    ends: ['a2', 'b3'],
  },

  // x: one square diagonally
  {
    name: 'x, centre: d4 tips west to c4; b3 and d5 taken',
    face: 'x',
    tip: 'west',
    blocks: [G('d4', 'star', 'slider'), B('b3', 'star', 'slider'), G('d5', 'star', 'slider')],
    ends: ['d3', 'b5'],
  },
  {
    name: 'x, beside a star: c4 tips north to c3; d2 is a star, b4 taken',
    face: 'x',
    tip: 'north',
    blocks: [G('c4', 'star', 'cross'), B('b4', 'star', 'slider')],
    ends: ['b2', 'd4'],
  },
  {
    name: 'x, edge: a4 tips north to a3; b4 taken',
    face: 'x',
    tip: 'north',
    blocks: [G('a4', 'star', 'cross'), B('b4', 'star', 'slider')],
    ends: ['b2'],
  },
  {
    name: 'x, corner with no diagonal left: b1 tips west to a1, b2 taken: no turn at all',
    face: 'x',
    tip: 'west',
    blocks: [G('b1', 'star', 'slider'), B('b2', 'star', 'slider')],
    ends: [],
  },

  // slider: d5 → north runs d4 (just left) d3 [d2 star] d1: ends d1, or d3 before the star;
  // south runs over the star d6 to d7; east stops at e5 before f5; west runs to a5.
  {
    name: 'slider, centre: over a star both ways, stopping before one',
    face: 'slider',
    tip: 'south',
    blocks: [G('d4', 'star', 'slider'), B('f5', 'star', 'slider')],
    ends: ['d1', 'd3', 'a5', 'e5', 'd7'],
  },
  // a2 → east runs b2 c2 [d2] and e2 is taken: the natural end is the star, so it stops on c2;
  // north a1; south a3 (just left) a4 a5, then a6 is taken.
  {
    name: 'slider, edge: the natural end is a star, so it stops before it',
    face: 'slider',
    tip: 'north',
    blocks: [G('a3', 'star', 'hoops'), B('e2', 'star', 'slider'), G('a6', 'star', 'slider')],
    ends: ['a1', 'c2', 'a5'],
  },
  // c2 → east: d2 is a star and e2 taken: stopping before the star means not moving, so nothing that way.
  {
    name: 'slider: a star right ahead with a block behind it gives nothing that way',
    face: 'slider',
    tip: 'north',
    blocks: [G('c3', 'star', 'hoops'), B('e2', 'star', 'slider'), B('c5', 'star', 'slider')],
    ends: ['c1', 'a2', 'c4'],
  },

  // hoops from d3 with c3 and e3 taken: the first hop goes to d2 (a star, fine mid-way) or back to d4.
  // Via d2: d1, c2, e2 then c1, e1, b2, f2 (d2 again is a star: not an end). Via d4: c4, e4, d5, d3 then
  // b4, c5, d4, f4, e5 (d6 is a star).
  {
    name: 'hoops, centre: over the star d2, never ending on a star',
    face: 'hoops',
    tip: 'north',
    blocks: [G('d4', 'star', 'slider'), B('c3', 'star', 'slider'), B('e3', 'star', 'slider')],
    ends: ['c1', 'e1', 'b2', 'f2', 'b4', 'd4', 'f4', 'c5', 'e5'],
  },
  // hoops from a6 with b5 and a4 taken: a5 leads only back to a6; b6 to a6, c6, b7; a7 (just left) to a6, b7.
  // Third hops: from a6 a5, b6, a7; from c6 c5, b6, c7 (d6 a star); from b7 b6, a7, c7.
  {
    name: 'hoops, corner: the start square counts as open, revisits allowed',
    face: 'hoops',
    tip: 'north',
    blocks: [G('a7', 'star', 'slider'), B('b5', 'star', 'slider'), G('a4', 'star', 'slider')],
    ends: ['a5', 'c5', 'b6', 'a7', 'c7'],
  },

  // star: only onto the mover's scoring star, and then the block leaves the board (to = the star)
  {
    name: "star onto gold's scoring star d2 from the south: removed",
    face: 'star',
    tip: 'north',
    blocks: [G('d3', 'slider', 'stop'), B('c3', 'star', 'slider')],
    ends: ['d2'],
  },
  {
    name: 'star onto d2 from the west: removed',
    face: 'star',
    tip: 'east',
    blocks: [G('c2', 'x', 'slider')],
    ends: ['d2'],
  },
  {
    name: "star onto blue's scoring star d6: removed",
    face: 'star',
    tip: 'south',
    blocks: [B('d5', 'slider', 'star')],
    ends: ['d6'],
  },
  {
    name: "star onto the mover's home star: no turn",
    face: 'star',
    tip: 'north',
    blocks: [B('d3', 'slider', 'stop')],
    ends: [],
  },
  {
    name: 'star face up away from the stars: no turn',
    face: 'star',
    tip: 'north',
    blocks: [G('e3', 'slider', 'stop')],
    ends: [],
  },
  {
    name: 'another face onto the scoring star: no turn',
    face: 'cross',
    tip: 'north',
    blocks: [G('d3', 'star', 'x')],
    ends: [],
  },
];

function endsOf(row: Row): string[] {
  const mover = row.blocks[0] as BlockSpec;
  const state = positionFromBlocks({ blocks: row.blocks, toMove: mover.seat });
  const from = parseSquare(mover.square);
  const out: string[] = [];
  for (const m of legalMoves(state, mover.seat))
    if (m.type === 'turn' && m.from === from && m.tip === row.tip) out.push(makeSquare(m.to));
  return out;
}

const order = (names: readonly string[]): string[] =>
  [...names].sort((a, b) => (parseSquare(a) as number) - (parseSquare(b) as number));

describe('the ends of a turn, face by face', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', (_, row) => {
    const mover = row.blocks[0] as BlockSpec;
    expect(tip(positionFromBlocks({ blocks: [mover], toMove: 1 - mover.seat }).blocks[0]!, row.tip).top).toBe(row.face);
    expect(endsOf(row)).toEqual(order(row.ends));
  });
});
