/**
 * The board's two forms outside the bitboards: the state's 64-character string (`B`, `W`, `.`, row by row
 * from a1, top-left), which keeps the state plain JSON and the stored states unchanged, and a 64-cell
 * `Uint8Array` (index = row * 8 + col) for callers that want one cell per square. Both convert to and from
 * the bitboards of `bitboard.ts`, where every rule is computed.
 */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export type Cell = typeof EMPTY | typeof BLACK | typeof WHITE;
export type Cells = Uint8Array;

const CHARS = ['.', 'B', 'W'] as const;
const B = 66;
const W = 87;

/** Both colours' bitboards, [black lo, black hi, white lo, white hi], from the state's board string. */
export function bitsOfBoard(text: string, out: Int32Array): void {
  let bl = 0;
  let bh = 0;
  let wl = 0;
  let wh = 0;
  for (let i = 0; i < 32; i++) {
    const lo = text.charCodeAt(i);
    const hi = text.charCodeAt(i + 32);
    if (lo === B) bl |= 1 << i;
    else if (lo === W) wl |= 1 << i;
    if (hi === B) bh |= 1 << i;
    else if (hi === W) wh |= 1 << i;
  }
  out[0] = bl;
  out[1] = bh;
  out[2] = wl;
  out[3] = wh;
}

export function boardOfBits(bl: number, bh: number, wl: number, wh: number): string {
  let out = '';
  for (let i = 0; i < 32; i++) out += (bl >>> i) & 1 ? 'B' : (wl >>> i) & 1 ? 'W' : '.';
  for (let i = 0; i < 32; i++) out += (bh >>> i) & 1 ? 'B' : (wh >>> i) & 1 ? 'W' : '.';
  return out;
}

/** Both colours' bitboards, as `bitsOfBoard` gives them, from 64 cells. */
export function bitsOfCells(cells: Cells, out: Int32Array): void {
  out.fill(0);
  for (let i = 0; i < 64; i++) {
    const k = (i >> 5) + (cells[i] === WHITE ? 2 : 0);
    if (cells[i] !== EMPTY) out[k] = (out[k] as number) | (1 << i);
  }
}

export function parseBoard(text: string): Cells {
  const cells = new Uint8Array(64);
  for (let i = 0; i < 64; i++) {
    const ch = text.charCodeAt(i);
    cells[i] = ch === B ? BLACK : ch === W ? WHITE : EMPTY;
  }
  return cells;
}

export function formatBoard(cells: Cells): string {
  let out = '';
  for (let i = 0; i < 64; i++) out += CHARS[cells[i] as Cell];
  return out;
}
