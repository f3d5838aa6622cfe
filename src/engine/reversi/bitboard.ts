/**
 * The board as bitboards: one 64-bit set per colour, bit `sq` (= row * 8 + col, `a1` = 0 top-left) set where
 * that colour has a disc. JavaScript's bitwise operators work on 32 bits, so each set is two int32 halves:
 * `lo` holds squares 0–31 (rows 1–4), `hi` squares 32–63 (rows 5–8). Shifts by 1 stay inside a row; shifts
 * by 7, 8 and 9 carry bits across the halves. Nothing here allocates: results that are 64-bit sets come back
 * through a caller's `Int32Array` (`out[0]` = lo, `out[1]` = hi) so hot loops keep plain numbers.
 */

/** Columns b–g of every row: a run of discs to flip never starts or ends on the edge column it leaves. */
const INNER = 0x7e7e7e7e;

/**
 * Squares where the side owning `p` may play against `o`: empty squares that close a run of `o` discs
 * against a `p` disc in one of the 8 directions (a fill of the run per direction, up to 6 discs long).
 */
export function moveMask(pl: number, ph: number, ol: number, oh: number, out: Int32Array): void {
  const el = ~(pl | ol);
  const eh = ~(ph | oh);
  const il = ol & INNER;
  const ih = oh & INNER;
  let rl = 0;
  let rh = 0;
  let xl: number;
  let xh: number;

  // East (+1) and west (−1): inside a row, so inside a half.
  xl = (pl << 1) & il;
  xh = (ph << 1) & ih;
  xl |= (xl << 1) & il;
  xh |= (xh << 1) & ih;
  xl |= (xl << 1) & il;
  xh |= (xh << 1) & ih;
  xl |= (xl << 1) & il;
  xh |= (xh << 1) & ih;
  xl |= (xl << 1) & il;
  xh |= (xh << 1) & ih;
  xl |= (xl << 1) & il;
  xh |= (xh << 1) & ih;
  rl |= (xl << 1) & el;
  rh |= (xh << 1) & eh;

  xl = (pl >>> 1) & il;
  xh = (ph >>> 1) & ih;
  xl |= (xl >>> 1) & il;
  xh |= (xh >>> 1) & ih;
  xl |= (xl >>> 1) & il;
  xh |= (xh >>> 1) & ih;
  xl |= (xl >>> 1) & il;
  xh |= (xh >>> 1) & ih;
  xl |= (xl >>> 1) & il;
  xh |= (xh >>> 1) & ih;
  xl |= (xl >>> 1) & il;
  xh |= (xh >>> 1) & ih;
  rl |= (xl >>> 1) & el;
  rh |= (xh >>> 1) & eh;

  // South (+8): lo's top row carries into hi.
  xl = (pl << 8) & ol;
  xh = ((ph << 8) | (pl >>> 24)) & oh;
  xh |= ((xh << 8) | (xl >>> 24)) & oh;
  xl |= (xl << 8) & ol;
  xh |= ((xh << 8) | (xl >>> 24)) & oh;
  xl |= (xl << 8) & ol;
  xh |= ((xh << 8) | (xl >>> 24)) & oh;
  xl |= (xl << 8) & ol;
  xh |= ((xh << 8) | (xl >>> 24)) & oh;
  xl |= (xl << 8) & ol;
  xh |= ((xh << 8) | (xl >>> 24)) & oh;
  xl |= (xl << 8) & ol;
  rh |= ((xh << 8) | (xl >>> 24)) & eh;
  rl |= (xl << 8) & el;

  // North (−8): hi's bottom row carries into lo.
  xh = (ph >>> 8) & oh;
  xl = ((pl >>> 8) | (ph << 24)) & ol;
  xl |= ((xl >>> 8) | (xh << 24)) & ol;
  xh |= (xh >>> 8) & oh;
  xl |= ((xl >>> 8) | (xh << 24)) & ol;
  xh |= (xh >>> 8) & oh;
  xl |= ((xl >>> 8) | (xh << 24)) & ol;
  xh |= (xh >>> 8) & oh;
  xl |= ((xl >>> 8) | (xh << 24)) & ol;
  xh |= (xh >>> 8) & oh;
  xl |= ((xl >>> 8) | (xh << 24)) & ol;
  xh |= (xh >>> 8) & oh;
  rl |= ((xl >>> 8) | (xh << 24)) & el;
  rh |= (xh >>> 8) & eh;

  // South-east (+9).
  xl = (pl << 9) & il;
  xh = ((ph << 9) | (pl >>> 23)) & ih;
  xh |= ((xh << 9) | (xl >>> 23)) & ih;
  xl |= (xl << 9) & il;
  xh |= ((xh << 9) | (xl >>> 23)) & ih;
  xl |= (xl << 9) & il;
  xh |= ((xh << 9) | (xl >>> 23)) & ih;
  xl |= (xl << 9) & il;
  xh |= ((xh << 9) | (xl >>> 23)) & ih;
  xl |= (xl << 9) & il;
  xh |= ((xh << 9) | (xl >>> 23)) & ih;
  xl |= (xl << 9) & il;
  rh |= ((xh << 9) | (xl >>> 23)) & eh;
  rl |= (xl << 9) & el;

  // South-west (+7).
  xl = (pl << 7) & il;
  xh = ((ph << 7) | (pl >>> 25)) & ih;
  xh |= ((xh << 7) | (xl >>> 25)) & ih;
  xl |= (xl << 7) & il;
  xh |= ((xh << 7) | (xl >>> 25)) & ih;
  xl |= (xl << 7) & il;
  xh |= ((xh << 7) | (xl >>> 25)) & ih;
  xl |= (xl << 7) & il;
  xh |= ((xh << 7) | (xl >>> 25)) & ih;
  xl |= (xl << 7) & il;
  xh |= ((xh << 7) | (xl >>> 25)) & ih;
  xl |= (xl << 7) & il;
  rh |= ((xh << 7) | (xl >>> 25)) & eh;
  rl |= (xl << 7) & el;

  // North-west (−9).
  xh = (ph >>> 9) & ih;
  xl = ((pl >>> 9) | (ph << 23)) & il;
  xl |= ((xl >>> 9) | (xh << 23)) & il;
  xh |= (xh >>> 9) & ih;
  xl |= ((xl >>> 9) | (xh << 23)) & il;
  xh |= (xh >>> 9) & ih;
  xl |= ((xl >>> 9) | (xh << 23)) & il;
  xh |= (xh >>> 9) & ih;
  xl |= ((xl >>> 9) | (xh << 23)) & il;
  xh |= (xh >>> 9) & ih;
  xl |= ((xl >>> 9) | (xh << 23)) & il;
  xh |= (xh >>> 9) & ih;
  rl |= ((xl >>> 9) | (xh << 23)) & el;
  rh |= (xh >>> 9) & eh;

  // North-east (−7).
  xh = (ph >>> 7) & ih;
  xl = ((pl >>> 7) | (ph << 25)) & il;
  xl |= ((xl >>> 7) | (xh << 25)) & il;
  xh |= (xh >>> 7) & ih;
  xl |= ((xl >>> 7) | (xh << 25)) & il;
  xh |= (xh >>> 7) & ih;
  xl |= ((xl >>> 7) | (xh << 25)) & il;
  xh |= (xh >>> 7) & ih;
  xl |= ((xl >>> 7) | (xh << 25)) & il;
  xh |= (xh >>> 7) & ih;
  xl |= ((xl >>> 7) | (xh << 25)) & il;
  xh |= (xh >>> 7) & ih;
  rl |= ((xl >>> 7) | (xh << 25)) & el;
  rh |= (xh >>> 7) & eh;

  out[0] = rl;
  out[1] = rh;
}

/** The 8 directions as (row, column) steps. */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
];

/**
 * RAYS[sq] = every ray leaving `sq` that is at least 2 squares long (a flip needs a run square and a closing
 * square), packed in one array: the ray's length, then its squares nearest first; then the next ray.
 */
const RAYS: readonly Int8Array[] = Array.from({ length: 64 }, (_, sq) => {
  const row = sq >> 3;
  const col = sq & 7;
  const packed: number[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    const ray: number[] = [];
    for (let r = row + dr, c = col + dc; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr, c += dc) ray.push(r * 8 + c);
    if (ray.length >= 2) packed.push(ray.length, ...ray);
  }
  return Int8Array.from(packed);
});

/**
 * The discs of `o` that the side owning `p` flips by playing on the empty square `sq` (none: the move is
 * illegal). Walks each ray from `sq` over `o` discs and keeps the run only if a `p` disc closes it.
 * Shift counts are taken mod 32, so `x >>> s` reads bit s − 32 of the hi half when s >= 32.
 */
export function flipMask(sq: number, pl: number, ph: number, ol: number, oh: number, out: Int32Array): void {
  const rays = RAYS[sq] as Int8Array;
  const n = rays.length;
  let fl = 0;
  let fh = 0;
  for (let i = 0; i < n; i += (rays[i] as number) + 1) {
    const end = i + (rays[i] as number);
    let rl = 0;
    let rh = 0;
    let j = i + 1;
    for (; j <= end; j++) {
      const s = rays[j] as number;
      if (s < 32) {
        if (((ol >>> s) & 1) === 0) break;
        rl |= 1 << s;
      } else {
        if (((oh >>> s) & 1) === 0) break;
        rh |= 1 << s;
      }
    }
    if (j > i + 1 && j <= end) {
      const s = rays[j] as number;
      if ((((s < 32 ? pl : ph) >>> s) & 1) !== 0) {
        fl |= rl;
        fh |= rh;
      }
    }
  }
  out[0] = fl;
  out[1] = fh;
}

/** Number of set bits of a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero 32-bit value. */
export const lowestBit = (x: number): number => 31 - Math.clz32(x & -x);
