/**
 * Pattern features of a Reversi position, for the `expert` bot's trained evaluation (pattern-eval.ts). The
 * board is read as the 46 instances of 11 pattern shapes (Buro's set, as most Othello programs since
 * Logistello use it): each edge with its two X squares, each 3×3 and 2×5 corner block, the 2nd–4th rows and
 * columns, and the diagonals of 4 to 8 squares. An instance's index is its squares read as base-3 digits
 * (0 empty, 1 the side to move, 2 the other side), the first square the lowest digit; each shape has one
 * table of weights a phase, shared by its instances (the training sees every position in its 8 symmetries,
 * so the tables come out symmetric).
 *
 * `patternIndexes` computes the indexes from the bitboards (each occupied square adds its digit to the few
 * instances it belongs to, MEMBERS, about 6 a square): for the root of a search, the training and the tests.
 * Inside a search they are updated move by move (search.ts `descend`), which is several times cheaper.
 */

/** A shape: its squares as [row, col] in the top-left orientation. */
interface Shape {
  readonly name: string;
  readonly squares: readonly (readonly [number, number])[];
}

const row = (r: number): [number, number][] => Array.from({ length: 8 }, (_, c) => [r, c] as [number, number]);
const diagonal = (n: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => [i, 8 - n + i] as [number, number]);

export const SHAPES: readonly Shape[] = [
  { name: 'edge+2X', squares: [...row(0), [1, 1], [1, 6]] },
  {
    name: 'corner 3x3',
    squares: [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => [r, c] as [number, number])),
  },
  {
    name: 'corner 2x5',
    squares: [0, 1].flatMap((r) => [0, 1, 2, 3, 4].map((c) => [r, c] as [number, number])),
  },
  { name: 'row 2', squares: row(1) },
  { name: 'row 3', squares: row(2) },
  { name: 'row 4', squares: row(3) },
  { name: 'diagonal 8', squares: diagonal(8) },
  { name: 'diagonal 7', squares: diagonal(7) },
  { name: 'diagonal 6', squares: diagonal(6) },
  { name: 'diagonal 5', squares: diagonal(5) },
  { name: 'diagonal 4', squares: diagonal(4) },
];

/** The 8 symmetries of the board, on [row, col]. */
export const SYMMETRIES: readonly ((r: number, c: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [c, r],
  (r, c) => [r, 7 - c],
  (r, c) => [7 - r, c],
  (r, c) => [7 - r, 7 - c],
  (r, c) => [c, 7 - r],
  (r, c) => [7 - c, r],
  (r, c) => [7 - c, 7 - r],
];

/** An instance: a shape placed on the board by one symmetry (each distinct set of squares once). */
export interface Instance {
  readonly shape: number;
  readonly squares: readonly number[];
}

export const INSTANCES: readonly Instance[] = SHAPES.flatMap((shape, s) => {
  const seen = new Set<string>();
  const out: Instance[] = [];
  for (const sym of SYMMETRIES) {
    const squares = shape.squares.map(([r, c]) => {
      const [r2, c2] = sym(r, c);
      return r2 * 8 + c2;
    });
    const key = [...squares].sort((a, b) => a - b).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ shape: s, squares });
  }
  return out;
});

/** Each shape's number of configurations (3^squares), and where its table starts in a phase's weights. */
export const SHAPE_SIZE: readonly number[] = SHAPES.map((s) => 3 ** s.squares.length);
export const SHAPE_OFFSET: readonly number[] = SHAPE_SIZE.map((_, i) =>
  SHAPE_SIZE.slice(0, i).reduce((a, b) => a + b, 0),
);
/** The weights of one phase: every shape's table end to end. */
export const PHASE_WEIGHTS = SHAPE_SIZE.reduce((a, b) => a + b, 0);

/**
 * MEMBERS: for square sq, the entries MEMBER_START[sq] … MEMBER_START[sq + 1] − 1 of MEMBER_INSTANCE (which
 * instance) and MEMBER_POWER (3^k for the square's place k in it).
 */
const members: [number, number][][] = Array.from({ length: 64 }, () => []);
INSTANCES.forEach((inst, i) => inst.squares.forEach((sq, k) => (members[sq] as [number, number][]).push([i, 3 ** k])));
export const MEMBER_START = Int32Array.from({ length: 65 }, (_, sq) =>
  members.slice(0, sq).reduce((a, m) => a + m.length, 0),
);
export const MEMBER_INSTANCE = Int32Array.from(members.flat().map(([i]) => i));
export const MEMBER_POWER = Int32Array.from(members.flat().map(([, p]) => p));
/** Each instance's shape's table offset, so an index is `INSTANCE_OFFSET[i] + digits`. */
export const INSTANCE_OFFSET = Int32Array.from(INSTANCES.map((inst) => SHAPE_OFFSET[inst.shape] as number));

/**
 * The instances' indexes into a phase's weights, into `out` (length INSTANCES.length), for the side owning
 * p to move: each of p's discs adds 1 × 3^k, each of o's 2 × 3^k.
 */
export function patternIndexes(pl: number, ph: number, ol: number, oh: number, out: Int32Array): void {
  out.set(INSTANCE_OFFSET);
  addDiscs(pl, 0, 1, out);
  addDiscs(ph, 32, 1, out);
  addDiscs(ol, 0, 2, out);
  addDiscs(oh, 32, 2, out);
}

function addDiscs(bits: number, base: number, digit: number, out: Int32Array): void {
  while (bits !== 0) {
    const b = bits & -bits;
    const sq = base + 31 - Math.clz32(b);
    bits ^= b;
    const end = MEMBER_START[sq + 1] as number;
    for (let m = MEMBER_START[sq] as number; m < end; m++) {
      const i = MEMBER_INSTANCE[m] as number;
      out[i] = (out[i] as number) + digit * (MEMBER_POWER[m] as number);
    }
  }
}

/**
 * Phases: the number of empty squares, in groups of PHASE_SPAN (0–3 empties, 4–7, … 56–60): each has its
 * own weights, as the same pattern is worth another thing early and late.
 */
export const PHASE_SPAN = 4;
export const PHASES = Math.floor(60 / PHASE_SPAN) + 1;
export const phaseOf = (empties: number): number => Math.floor(empties / PHASE_SPAN);
