/**
 * The strongest Reversi bot's search: principal-variation search (negamax, null windows after the first move)
 * on the rule engine's bitboards (bitboard.ts: each colour as two int32 halves), iterative deepening, a
 * transposition table, and an exact solve once the depth reaches the last empty square.
 *
 * Why these parts, measured against GRhino (Debian's Othello engine, level 4 of 5) through the GTP bridge:
 * `alphabeta` (a mailbox board, 600 nodes) lost 0–4; at equal node counts a bitboard search is several times
 * faster than the mailbox one, so the same second goes several plies deeper. That search with a hand-made
 * evaluation (`classic` below: corners, X squares, mobility, potential mobility, frontier, square weights, a
 * table of the four edges, parity) still only split its games with GRhino (4-1-5, 6-1-3, 5-0-5 in series of
 * ten): depth was not what it lacked, twice the nodes did no better. The evaluation now is Othello programs'
 * usual one since Logistello, patterns fitted to games (patterns.ts, pattern-eval.ts, bench/reversi-train.ts),
 * and at the same million nodes the same search won 27 of 30 (bench/grhino-quick.ts, three seeds); refitted on
 * twice the games, at 1.5 M nodes, 10 of 10 there and 19 of 20 in the server's series (test/grhino.series.ts). Its indexes are updated move by move (`descend`): computed
 * at each leaf, they halved the nodes a second.
 *
 * Pure: no clock, no global randomness. The budget is a count of nodes; the same position, Rng and budget give
 * the same move. The transposition table is allocated per search, so nothing leaks from one turn to the next.
 */
import { flipMask, moveMask } from './bitboard';
import { patternScore } from './pattern-eval';
import { INSTANCES, MEMBER_INSTANCE, MEMBER_POWER, MEMBER_START, patternIndexes } from './patterns';

const INSTANCE_COUNT = INSTANCES.length;

/** Which evaluation the search uses: the trained patterns (pattern-eval.ts), or the hand-made one below. */
export type Evaluation = 'patterns' | 'classic';

/** Any exact result (the disc margin on top) is beyond every static score. */
export const WIN = 1 << 20;

const lowBit = (x: number): number => 31 - Math.clz32(x & -x);

/**
 * Bits set in a 32-bit value, by a 16-bit table: profiled, the arithmetic (SWAR) popcount took most of the
 * evaluation's time (its intermediate values leave the small-integer range); two loads are about twice faster.
 */
const POP16: Uint8Array = (() => {
  const t = new Uint8Array(65536);
  for (let i = 1; i < 65536; i++) t[i] = (t[i >> 1] as number) + (i & 1);
  return t;
})();
const popcount = (x: number): number => (POP16[x & 0xffff] as number) + (POP16[x >>> 16] as number);

/** A set of squares as [lo, hi] from square indexes (row * 8 + col). */
function maskOf(squares: readonly number[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const sq of squares) {
    if (sq < 32) lo |= 1 << sq;
    else hi |= 1 << (sq - 32);
  }
  return [lo, hi];
}

/** Square weights (a well-known table: corners high, X squares low), by symmetry from one quadrant. */
const QUADRANT = [
  [20, -3, 11, 8],
  [-3, -7, -4, 1],
  [11, -4, 2, 2],
  [8, 1, 2, -3],
];
/** ROW_WEIGHT[r * 256 + byte]: the summed weight of the squares of row r (0–3; rows 4–7 mirror them) in `byte`. */
const ROW_WEIGHT: Int16Array = (() => {
  const t = new Int16Array(4 * 256);
  for (let r = 0; r < 4; r++) {
    for (let b = 0; b < 256; b++) {
      let w = 0;
      for (let c = 0; c < 8; c++) if ((b >> c) & 1) w += (QUADRANT[r] as number[])[c < 4 ? c : 7 - c] as number;
      t[r * 256 + b] = w;
    }
  }
  return t;
})();

/** Corners, and for each corner the three squares next to it. */
const CORNERS = [0, 7, 56, 63] as const;
const X_SQUARES = [9, 14, 49, 54] as const;
const CORNER_MASK = maskOf([...CORNERS]);
/** B3[b]: the byte b's bits read as base-3 digits (bit i counts 3^i), to index an edge by its two colours. */
const B3: Uint16Array = (() => {
  const t = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    let v = 0;
    for (let i = 7; i >= 0; i--) v = v * 3 + ((b >> i) & 1);
    t[b] = v;
  }
  return t;
})();

/**
 * EDGE[B3[mine] + 2 * B3[theirs]]: the value of one edge (8 squares, corner to corner) for the side owning
 * `mine`, the two colours' features taken with opposite signs:
 * - discs stable along the edge (a run from an owned corner, or every disc of a full edge);
 * - a C square (beside a corner) next to an empty corner: worst when the run of its colour behind it ends on an
 *   opponent's disc (the opponent takes the corner along the edge at once), bad when it ends on an empty square,
 *   mild when it runs to the far corner;
 * - A squares (two from a corner) a little good, as the usual square tables have them.
 */
const EDGE_STABLE = 120;
const C_TAKEN = 450;
const C_OPEN = 170;
const C_CLOSED = 40;
const A_SQUARE = 30;
const EDGE: Int16Array = (() => {
  const t = new Int16Array(6561);
  const cells = new Int8Array(8);
  for (let mine = 0; mine < 256; mine++) {
    for (let theirs = 0; theirs < 256; theirs++) {
      if ((mine & theirs) !== 0) continue;
      for (let i = 0; i < 8; i++) cells[i] = (mine >> i) & 1 ? 1 : (theirs >> i) & 1 ? -1 : 0;
      let v = 0;
      const full = ((mine | theirs) & 255) === 255;
      for (let i = 0; i < 8; i++) {
        const c = cells[i] as number;
        if (c === 0) continue;
        let stable = full;
        if (!stable) {
          let j = i;
          while (j > 0 && cells[j - 1] === c) j--;
          if (j === 0) stable = true;
          j = i;
          while (j < 7 && cells[j + 1] === c) j++;
          if (j === 7) stable = true;
        }
        if (stable) v += c * EDGE_STABLE;
        if (i === 2 || i === 5) v += c * A_SQUARE;
      }
      // C squares beside an empty corner.
      for (const [corner, cSq, step] of [
        [0, 1, 1],
        [7, 6, -1],
      ] as const) {
        const c = cells[cSq] as number;
        if (cells[corner] !== 0 || c === 0) continue;
        let j = cSq;
        while (j >= 0 && j <= 7 && cells[j] === c) j += step;
        const end = j < 0 || j > 7 ? 2 : (cells[j] as number);
        v -= c * (end === -c ? C_TAKEN : end === 0 ? C_OPEN : C_CLOSED);
      }
      t[(B3[mine] as number) + 2 * (B3[theirs] as number)] = v;
    }
  }
  return t;
})();
/** The 8 squares of column `shift` (0 or 7) of (lo, hi) as a byte, row 1 in bit 0. */
export const column = (lo: number, hi: number, shift: number): number =>
  ((Math.imul((lo >>> shift) & 0x01010101, 0x01020408) >>> 24) & 15) |
  (((Math.imul((hi >>> shift) & 0x01010101, 0x01020408) >>> 24) & 15) << 4);
/** The value of the four edges for p (EDGE). */
export function edges(pl: number, ph: number, ol: number, oh: number): number {
  return (
    (EDGE[(B3[pl & 255] as number) + 2 * (B3[ol & 255] as number)] as number) +
    (EDGE[(B3[ph >>> 24] as number) + 2 * (B3[oh >>> 24] as number)] as number) +
    (EDGE[(B3[column(pl, ph, 0)] as number) + 2 * (B3[column(ol, oh, 0)] as number)] as number) +
    (EDGE[(B3[column(pl, ph, 7)] as number) + 2 * (B3[column(ol, oh, 7)] as number)] as number)
  );
}

const FILE_A = 0x01010101;
const FILE_H = 0x80808080 | 0;
const NOT_A = ~FILE_A;
const NOT_H = ~FILE_H;

/** The squares next to any square of (lo, hi), in the 8 directions; [lo, hi] into `out`. */
function around(lo: number, hi: number, out: Int32Array): void {
  const el = (lo << 1) & NOT_A;
  const eh = (hi << 1) & NOT_A;
  const wl = (lo >>> 1) & NOT_H;
  const wh = (hi >>> 1) & NOT_H;
  const hl = lo | el | wl;
  const hh = hi | eh | wh;
  // South (+8) and north (−8) of the row-wise dilation; the east/west parts themselves.
  const sl = hl << 8;
  const sh = (hh << 8) | (hl >>> 24);
  const nl = (hl >>> 8) | (hh << 24);
  const nh = hh >>> 8;
  out[0] = el | wl | sl | nl;
  out[1] = eh | wh | sh | nh;
}

/** One bound of a transposition-table entry. */
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

const TT_BITS = 17;
/**
 * From how many empty squares on the search tries to prove a win (after a shallower search on a quarter of
 * the budget): as many as the budget can usually prove (measured: 18 empties take 0.2–0.7 M nodes).
 */
const wldEmpties = (budget: number): number =>
  budget >= 1_000_000 ? 20 : budget >= 200_000 ? 18 : budget >= 30_000 ? 16 : 12;

export class ReversiSearch {
  nodes = 0;
  limit = Infinity;
  aborted = false;

  private readonly tt = {
    pl: new Int32Array(1 << TT_BITS),
    ph: new Int32Array(1 << TT_BITS),
    ol: new Int32Array(1 << TT_BITS),
    oh: new Int32Array(1 << TT_BITS),
    score: new Int32Array(1 << TT_BITS),
    depth: new Int8Array(1 << TT_BITS).fill(-1),
    bound: new Int8Array(1 << TT_BITS),
    move: new Int8Array(1 << TT_BITS),
  };
  private readonly scratch = new Int32Array(2);
  private readonly moveLists: Int8Array[] = Array.from({ length: 80 }, () => new Int8Array(32));
  private readonly moveKeys: Int32Array[] = Array.from({ length: 80 }, () => new Int32Array(32));

  /**
   * The pattern indexes (patterns.ts) of the position at each ply, kept up to date move by move rather than
   * computed at the leaves: `mine[ply]` reads the side to move's discs as 1, `theirs[ply]` reads them as 2.
   * A move changes its square and the flipped ones, each in about 6 instances (measured: a leaf's indexes from
   * scratch cost 3–4 times the search's own work at a node; copied and updated, a fifth of that).
   */
  private readonly mine: Int32Array[] = [];
  private readonly theirs: Int32Array[] = [];
  private readonly incremental: boolean;

  constructor(readonly evaluation: Evaluation = 'patterns') {
    this.incremental = evaluation === 'patterns';
    if (this.incremental) {
      for (let k = 0; k < 82; k++) {
        this.mine.push(new Int32Array(INSTANCE_COUNT));
        this.theirs.push(new Int32Array(INSTANCE_COUNT));
      }
    }
  }

  /** Sets the root position (ply 0), before `child` and `search` are called from it. */
  root(pl: number, ph: number, ol: number, oh: number): void {
    if (!this.incremental) return;
    patternIndexes(pl, ph, ol, oh, this.mine[0] as Int32Array);
    patternIndexes(ol, oh, pl, ph, this.theirs[0] as Int32Array);
  }

  /** The root's child after `sq` (the new side to move first), its indexes set at ply 1. */
  child(sq: number, pl: number, ph: number, ol: number, oh: number): [number, number, number, number] {
    const s = this.scratch;
    flipMask(sq, pl, ph, ol, oh, s);
    const fl = s[0] as number;
    const fh = s[1] as number;
    if (this.incremental) this.descend(0, sq, fl, fh);
    return [ol ^ fl, oh ^ fh, pl | fl | (sq < 32 ? 1 << sq : 0), ph | fh | (sq < 32 ? 0 : 1 << (sq - 32))];
  }

  /** Ply + 1's indexes after the side to move at `ply` plays `sq`, flipping (fl, fh). */
  private descend(ply: number, sq: number, fl: number, fh: number): void {
    // The child's side to move is the parent's other side: the perspectives swap.
    const mine = this.mine[ply + 1] as Int32Array;
    const theirs = this.theirs[ply + 1] as Int32Array;
    mine.set(this.theirs[ply] as Int32Array);
    theirs.set(this.mine[ply] as Int32Array);
    // The new disc: 0 → 2 for the child's side to move, 0 → 1 for the other.
    let end = MEMBER_START[sq + 1] as number;
    for (let m = MEMBER_START[sq] as number; m < end; m++) {
      const i = MEMBER_INSTANCE[m] as number;
      const p = MEMBER_POWER[m] as number;
      mine[i] = (mine[i] as number) + 2 * p;
      theirs[i] = (theirs[i] as number) + p;
    }
    // Flipped discs: 1 → 2 for the child's side to move (they were its), 2 → 1 for the other.
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? fl : fh;
      while (bits !== 0) {
        const b = bits & -bits;
        bits ^= b;
        const f = 31 - Math.clz32(b) + half * 32;
        end = MEMBER_START[f + 1] as number;
        for (let m = MEMBER_START[f] as number; m < end; m++) {
          const i = MEMBER_INSTANCE[m] as number;
          const p = MEMBER_POWER[m] as number;
          mine[i] = (mine[i] as number) + p;
          theirs[i] = (theirs[i] as number) - p;
        }
      }
    }
  }

  /** Ply + 1's indexes after a pass at `ply`. */
  private descendPass(ply: number): void {
    (this.mine[ply + 1] as Int32Array).set(this.theirs[ply] as Int32Array);
    (this.theirs[ply + 1] as Int32Array).set(this.mine[ply] as Int32Array);
  }

  /** Set by tests: each evaluation checks the incremental indexes against ones computed from scratch. */
  static checkIndexes = false;
  private readonly fresh = new Int32Array(INSTANCE_COUNT);
  private check(pl: number, ph: number, ol: number, oh: number, ply: number): void {
    const mine = this.mine[ply] as Int32Array;
    patternIndexes(pl, ph, ol, oh, this.fresh);
    for (let i = 0; i < INSTANCE_COUNT; i++)
      if (mine[i] !== this.fresh[i])
        throw new Error(`pattern index ${i} at ply ${ply}: ${mine[i]}, not ${this.fresh[i]}`);
    patternIndexes(ol, oh, pl, ph, this.fresh);
    const theirs = this.theirs[ply] as Int32Array;
    for (let i = 0; i < INSTANCE_COUNT; i++)
      if (theirs[i] !== this.fresh[i])
        throw new Error(`other side's index ${i} at ply ${ply}: ${theirs[i]}, not ${this.fresh[i]}`);
  }

  /** Static score of the position for the side owning p (the side to move), far below WIN. */
  evaluate(pl: number, ph: number, ol: number, oh: number, ply: number): number {
    if (this.incremental) return this.patterns(pl, ph, ol, oh, ply);
    return this.classic(pl, ph, ol, oh);
  }

  private patterns(pl: number, ph: number, ol: number, oh: number, ply: number): number {
    const s = this.scratch;
    moveMask(pl, ph, ol, oh, s);
    const myMoves = popcount(s[0] as number) + popcount(s[1] as number);
    moveMask(ol, oh, pl, ph, s);
    const theirMoves = popcount(s[0] as number) + popcount(s[1] as number);
    if (myMoves + theirMoves === 0) return this.final(pl, ph, ol, oh);
    const empties = 64 - popcount(pl) - popcount(ph) - popcount(ol) - popcount(oh);
    if (ReversiSearch.checkIndexes) this.check(pl, ph, ol, oh, ply);
    return patternScore(this.mine[ply] as Int32Array, empties, myMoves - theirMoves);
  }

  /** The hand-made evaluation: corners, X squares, mobility, frontier, square weights, edges, parity. */
  classic(pl: number, ph: number, ol: number, oh: number): number {
    const s = this.scratch;
    const empL = ~(pl | ol);
    const empH = ~(ph | oh);
    const empties = popcount(empL) + popcount(empH);

    // Corners, and the X squares (diagonal to a corner) next to an empty corner: they hand it over.
    let corners = 0;
    let near = 0;
    for (let k = 0; k < 4; k++) {
      const c = CORNERS[k] as number;
      const bit = c < 32 ? 1 << c : 1 << (c - 32);
      if (((c < 32 ? pl : ph) & bit) !== 0) corners++;
      else if (((c < 32 ? ol : oh) & bit) !== 0) corners--;
      else {
        const x = X_SQUARES[k] as number;
        const xb = x < 32 ? 1 << x : 1 << (x - 32);
        if (((x < 32 ? pl : ph) & xb) !== 0) near++;
        else if (((x < 32 ? ol : oh) & xb) !== 0) near--;
      }
    }

    // Mobility, now and potential (empty squares next to the opponent's discs).
    moveMask(pl, ph, ol, oh, s);
    const myMoves = popcount(s[0] as number) + popcount(s[1] as number);
    moveMask(ol, oh, pl, ph, s);
    const theirMoves = popcount(s[0] as number) + popcount(s[1] as number);
    around(ol, oh, s);
    const myPotential = popcount((s[0] as number) & empL) + popcount((s[1] as number) & empH);
    around(pl, ph, s);
    const theirPotential = popcount((s[0] as number) & empL) + popcount((s[1] as number) & empH);
    // Frontier: discs next to an empty square.
    around(empL, empH, s);
    const myFrontier = popcount((s[0] as number) & pl) + popcount((s[1] as number) & ph);
    const theirFrontier = popcount((s[0] as number) & ol) + popcount((s[1] as number) & oh);

    // The edges: stable discs, C squares beside an empty corner (EDGE).
    const edge = edges(pl, ph, ol, oh);

    // Square weights, a row (one byte) at a time from a table.
    const weights =
      (ROW_WEIGHT[pl & 255] as number) +
      (ROW_WEIGHT[256 + ((pl >>> 8) & 255)] as number) +
      (ROW_WEIGHT[512 + ((pl >>> 16) & 255)] as number) +
      (ROW_WEIGHT[768 + (pl >>> 24)] as number) +
      (ROW_WEIGHT[768 + (ph & 255)] as number) +
      (ROW_WEIGHT[512 + ((ph >>> 8) & 255)] as number) +
      (ROW_WEIGHT[256 + ((ph >>> 16) & 255)] as number) +
      (ROW_WEIGHT[ph >>> 24] as number) -
      (ROW_WEIGHT[ol & 255] as number) -
      (ROW_WEIGHT[256 + ((ol >>> 8) & 255)] as number) -
      (ROW_WEIGHT[512 + ((ol >>> 16) & 255)] as number) -
      (ROW_WEIGHT[768 + (ol >>> 24)] as number) -
      (ROW_WEIGHT[768 + (oh & 255)] as number) -
      (ROW_WEIGHT[512 + ((oh >>> 8) & 255)] as number) -
      (ROW_WEIGHT[256 + ((oh >>> 16) & 255)] as number) -
      (ROW_WEIGHT[oh >>> 24] as number);

    if (myMoves + theirMoves === 0) return this.final(pl, ph, ol, oh);
    const mobility = (100 * (myMoves - theirMoves)) / (myMoves + theirMoves + 2);
    const potential = (100 * (myPotential - theirPotential)) / (myPotential + theirPotential + 2);
    const frontier = (100 * (theirFrontier - myFrontier)) / (myFrontier + theirFrontier + 2);
    // Late in the game the discs themselves start to count.
    const discs = empties < 20 ? (20 - empties) * (popcount(pl) + popcount(ph) - popcount(ol) - popcount(oh)) : 0;
    // Parity: with an odd number of empties the side to move expects the last move (late in the game).
    const parity = empties < 24 ? ((empties & 1) === 1 ? 60 : -60) : 0;
    return Math.round(
      800 * corners -
        400 * near +
        80 * mobility +
        30 * potential +
        75 * frontier +
        10 * weights +
        edge +
        parity +
        discs,
    );
  }

  /** The exact end: the disc margin for p, empties to the winner (the usual Othello count). */
  private final(pl: number, ph: number, ol: number, oh: number): number {
    const mine = popcount(pl) + popcount(ph);
    const theirs = popcount(ol) + popcount(oh);
    const empty = 64 - mine - theirs;
    const margin = mine > theirs ? mine - theirs + empty : mine < theirs ? mine - theirs - empty : 0;
    return margin > 0 ? WIN + margin : margin < 0 ? -WIN + margin : 0;
  }

  private slot(pl: number, ph: number, ol: number, oh: number): number {
    let h = Math.imul(pl ^ 0x9e3779b9, 0x85ebca6b);
    h ^= Math.imul(ph ^ (h >>> 13), 0xc2b2ae35);
    h ^= Math.imul(ol ^ (h >>> 16), 0x27d4eb2f);
    h ^= Math.imul(oh ^ (h >>> 15), 0x165667b1);
    h ^= h >>> 16;
    return h & ((1 << TT_BITS) - 1);
  }

  /** The TT's best move for a position, or -1. */
  ttMove(pl: number, ph: number, ol: number, oh: number): number {
    const i = this.slot(pl, ph, ol, oh);
    const t = this.tt;
    return t.depth[i] !== -1 && t.pl[i] === pl && t.ph[i] === ph && t.ol[i] === ol && t.oh[i] === oh
      ? (t.move[i] as number)
      : -1;
  }

  /**
   * Negamax with alpha-beta, null windows after the first move (PVS). A pass does not use up depth, so a
   * depth at least the number of empties searches to the end: the result is exact.
   */
  search(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    passed: boolean,
  ): number {
    if (++this.nodes > this.limit) {
      this.aborted = true;
      return 0;
    }
    if (depth <= 0) return this.evaluate(pl, ph, ol, oh, ply);
    const s = this.scratch;
    moveMask(pl, ph, ol, oh, s);
    let ml = s[0] as number;
    let mh = s[1] as number;
    if ((ml | mh) === 0) {
      if (passed) return this.final(pl, ph, ol, oh);
      moveMask(ol, oh, pl, ph, s);
      if (((s[0] as number) | (s[1] as number)) === 0) return this.final(pl, ph, ol, oh);
      if (this.incremental) this.descendPass(ply);
      return -this.search(ol, oh, pl, ph, depth, -beta, -alpha, ply + 1, true);
    }

    // The transposition table: a bound deep enough may settle the node; its move is tried first.
    const t = this.tt;
    // Nodes one ply from the leaves (most of the tree) skip the table: probing costs more than it saves there.
    const useTable = depth >= 2;
    const i = useTable ? this.slot(pl, ph, ol, oh) : 0;
    let hashMove = -1;
    const alpha0 = alpha;
    if (useTable && t.depth[i] !== -1 && t.pl[i] === pl && t.ph[i] === ph && t.ol[i] === ol && t.oh[i] === oh) {
      hashMove = t.move[i] as number;
      if ((t.depth[i] as number) >= depth) {
        const v = t.score[i] as number;
        const b = t.bound[i];
        if (b === EXACT) return v;
        if (b === LOWER && v >= beta) return v;
        if (b === UPPER && v <= alpha) return v;
      }
    }

    // Moves, ordered: the hash move, corners, then (when deep enough to pay) the fewest replies.
    const list = this.moveLists[ply] as Int8Array;
    const keys = this.moveKeys[ply] as Int32Array;
    let n = 0;
    while (ml !== 0) {
      const b = ml & -ml;
      list[n++] = lowBit(b);
      ml ^= b;
    }
    while (mh !== 0) {
      const b = mh & -mh;
      list[n++] = lowBit(b) + 32;
      mh ^= b;
    }
    for (let k = 0; k < n; k++) {
      const sq = list[k] as number;
      let key = sq === hashMove ? 1 << 24 : 0;
      if (sq === 0 || sq === 7 || sq === 56 || sq === 63) key += 1 << 20;
      if (depth >= 3) {
        flipMask(sq, pl, ph, ol, oh, s);
        const fl = s[0] as number;
        const fh = s[1] as number;
        const npl = pl | fl | (sq < 32 ? 1 << sq : 0);
        const nph = ph | fh | (sq < 32 ? 0 : 1 << (sq - 32));
        moveMask(ol ^ fl, oh ^ fh, npl, nph, s);
        const replies = popcount(s[0] as number) + popcount(s[1] as number);
        key -= replies * 64;
        // Corners given to the opponent are worse still.
        key -= 256 * (popcount((s[0] as number) & CORNER_MASK[0]) + popcount((s[1] as number) & CORNER_MASK[1]));
      }
      key += weightOf(sq);
      keys[k] = key;
    }

    let best = -Infinity;
    let bestMove = list[0] as number;
    for (let k = 0; k < n; k++) {
      // Selection sort, one step at a time: a cut-off usually comes early.
      let top = k;
      for (let j = k + 1; j < n; j++) if ((keys[j] as number) > (keys[top] as number)) top = j;
      const sq = list[top] as number;
      list[top] = list[k] as number;
      keys[top] = keys[k] as number;
      list[k] = sq;

      flipMask(sq, pl, ph, ol, oh, s);
      const fl = s[0] as number;
      const fh = s[1] as number;
      const npl = pl | fl | (sq < 32 ? 1 << sq : 0);
      const nph = ph | fh | (sq < 32 ? 0 : 1 << (sq - 32));
      const nol = ol ^ fl;
      const noh = oh ^ fh;
      if (this.incremental) this.descend(ply, sq, fl, fh);
      let v: number;
      if (k === 0) {
        v = -this.search(nol, noh, npl, nph, depth - 1, -beta, -alpha, ply + 1, false);
      } else {
        v = -this.search(nol, noh, npl, nph, depth - 1, -alpha - 1, -alpha, ply + 1, false);
        if (!this.aborted && v > alpha && v < beta)
          v = -this.search(nol, noh, npl, nph, depth - 1, -beta, -alpha, ply + 1, false);
      }
      if (this.aborted) return 0;
      if (v > best) {
        best = v;
        bestMove = sq;
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }

    if (!useTable) return best;
    t.pl[i] = pl;
    t.ph[i] = ph;
    t.ol[i] = ol;
    t.oh[i] = oh;
    t.score[i] = best;
    t.depth[i] = depth > 127 ? 127 : depth;
    t.bound[i] = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
    t.move[i] = bestMove;
    return best;
  }
}

/** A square's weight, for ordering moves. */
const SQUARE_WEIGHT = Int8Array.from({ length: 64 }, (_, sq) => {
  const r = sq >> 3;
  const c = sq & 7;
  return (QUADRANT[r < 4 ? r : 7 - r] as number[])[c < 4 ? c : 7 - c] as number;
});
const weightOf = (sq: number): number => SQUARE_WEIGHT[sq] as number;

/** The position after `sq` is played by p: [pl, ph, ol, oh] of the NEW side to move (the old o). */
export function after(
  sq: number,
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  scratch: Int32Array,
): [number, number, number, number] {
  flipMask(sq, pl, ph, ol, oh, scratch);
  const fl = scratch[0] as number;
  const fh = scratch[1] as number;
  return [ol ^ fl, oh ^ fh, pl | fl | (sq < 32 ? 1 << sq : 0), ph | fh | (sq < 32 ? 0 : 1 << (sq - 32))];
}

export interface RootMove {
  readonly sq: number;
}

/**
 * Iterative deepening from depth 1 (always completed, whatever the budget) up to the number of empties (an
 * exact solve). The moves start in the caller's order (an Rng shuffle: equal moves are chosen by the seed);
 * each depth starts with the previous one's best. A depth cut short by the budget still counts when a move
 * other than the previous best proved better than it; otherwise it is thrown away.
 */
export function searchBest<M extends RootMove>(
  moves: readonly M[],
  pl: number,
  ph: number,
  ol: number,
  oh: number,
  budget: number,
  evaluation: Evaluation = 'patterns',
): { move: M; score: number; depth: number; nodes: number } {
  const search = new ReversiSearch(evaluation);
  search.root(pl, ph, ol, oh);
  const empties = 64 - popcount(pl) - popcount(ph) - popcount(ol) - popcount(oh);
  let order = [...moves];
  let chosen = { move: order[0] as M, score: 0, depth: 0 };
  if (order.length === 1) return { ...chosen, nodes: 0 };
  // Near the end, a win/loss solve (a null window at a draw) follows a search on a quarter of the budget: it
  // proves a win several empties earlier than a search for the margin would. Its moves come ordered by that
  // search, whose choice stands when the solve runs out of nodes.
  const endgame = empties <= wldEmpties(budget);
  const maxDepth = empties;
  const idBudget = endgame ? Math.floor(budget / 4) : budget;
  for (let depth = 1; depth <= maxDepth; depth++) {
    search.limit = depth === 1 ? Infinity : idBudget;
    let best: M | null = null;
    let alpha = -Infinity;
    const scores = new Map<M, number>();
    for (let k = 0; k < order.length; k++) {
      const m = order[k] as M;
      const [a, b, c, d] = search.child(m.sq, pl, ph, ol, oh);
      let v: number;
      if (k === 0) v = -search.search(a, b, c, d, depth - 1, -Infinity, Infinity, 1, false);
      else {
        v = -search.search(a, b, c, d, depth - 1, -alpha - 1, -alpha, 1, false);
        if (!search.aborted && v > alpha) v = -search.search(a, b, c, d, depth - 1, -Infinity, -alpha, 1, false);
      }
      if (search.aborted) break;
      scores.set(m, v);
      if (v > alpha) {
        alpha = v;
        best = m;
      }
    }
    if (search.aborted) {
      // The previous best was searched first; another move that beat it at this depth is the better guess.
      if (best !== null && best !== order[0] && scores.has(order[0] as M)) chosen = { move: best, score: alpha, depth };
      break;
    }
    chosen = { move: best as M, score: alpha, depth };
    // Beyond the last empty the search is exact: deeper changes nothing.
    if (depth >= empties) break;
    // Next depth: best first, then the rest by this depth's scores (stable: the seed's order breaks ties).
    order = [...order].sort((x, y) => (scores.get(y) ?? -Infinity) - (scores.get(x) ?? -Infinity));
  }
  if (endgame && chosen.depth < empties) {
    search.aborted = false;
    search.limit = search.nodes + budget - Math.min(budget, search.nodes);
    let draw: M | null = null;
    for (const m of order) {
      const [a, b, c, d] = search.child(m.sq, pl, ph, ol, oh);
      const v = -search.search(a, b, c, d, empties, -1, 1, 1, false);
      if (search.aborted) break;
      if (v >= 1) return { move: m, score: v, depth: empties, nodes: search.nodes };
      if (v === 0 && draw === null) draw = m;
    }
    // Proven: no move wins. A draw if there is one; else the shallow search's choice.
    if (!search.aborted && draw !== null) return { move: draw, score: 0, depth: empties, nodes: search.nodes };
  }
  return { ...chosen, nodes: search.nodes };
}
