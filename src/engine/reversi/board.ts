/**
 * The 8x8 board as a 64-cell mailbox (index = row * 8 + col, `a1` = 0 is the top-left corner), with the
 * rays from every square precomputed once. Move generation scans those rays: no bounds checks in the loop.
 * The state keeps the board as a 64-character string so it stays plain JSON; hot loops (perft) work on a
 * Uint8Array copy and undo their own changes.
 */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export type Cell = typeof EMPTY | typeof BLACK | typeof WHITE;
export type Cells = Uint8Array;

const CHARS = ['.', 'B', 'W'] as const;

const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1],
];

/** RAYS[square] = the non-empty rays leaving that square, nearest square first. */
export const RAYS: readonly (readonly Int8Array[])[] = Array.from({ length: 64 }, (_, sq) => {
  const row = sq >> 3;
  const col = sq & 7;
  const rays: Int8Array[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    const ray: number[] = [];
    for (let r = row + dr, c = col + dc; r >= 0 && r < 8 && c >= 0 && c < 8; r += dr, c += dc) ray.push(r * 8 + c);
    if (ray.length >= 2) rays.push(Int8Array.from(ray)); // a flip needs one run square and one closer
  }
  return rays;
});

export const opponent = (colour: number): number => 3 - colour;

export function parseBoard(text: string): Cells {
  const cells = new Uint8Array(64);
  for (let i = 0; i < 64; i++) {
    const ch = text.charCodeAt(i);
    cells[i] = ch === 66 /* B */ ? BLACK : ch === 87 /* W */ ? WHITE : EMPTY;
  }
  return cells;
}

export function formatBoard(cells: Cells): string {
  let out = '';
  for (let i = 0; i < 64; i++) out += CHARS[cells[i] as Cell];
  return out;
}

/** Number of discs `colour` would flip by playing on `sq` (0 means the move is illegal). */
export function countFlips(cells: Cells, sq: number, colour: number): number {
  if (cells[sq] !== EMPTY) return 0;
  const other = opponent(colour);
  let total = 0;
  for (const ray of RAYS[sq] as Int8Array[]) {
    let i = 0;
    while (i < ray.length && cells[ray[i] as number] === other) i++;
    if (i > 0 && i < ray.length && cells[ray[i] as number] === colour) total += i;
  }
  return total;
}

export function isLegal(cells: Cells, sq: number, colour: number): boolean {
  if (cells[sq] !== EMPTY) return false;
  const other = opponent(colour);
  for (const ray of RAYS[sq] as Int8Array[]) {
    if (cells[ray[0] as number] !== other) continue;
    let i = 1;
    while (i < ray.length && cells[ray[i] as number] === other) i++;
    if (i < ray.length && cells[ray[i] as number] === colour) return true;
  }
  return false;
}

/** Legal squares for `colour`, ascending. Writes into `out` and returns how many. */
export function generateMoves(cells: Cells, colour: number, out: Int8Array): number {
  let n = 0;
  for (let sq = 0; sq < 64; sq++) if (isLegal(cells, sq, colour)) out[n++] = sq;
  return n;
}

export function hasMove(cells: Cells, colour: number): boolean {
  for (let sq = 0; sq < 64; sq++) if (isLegal(cells, sq, colour)) return true;
  return false;
}

/**
 * Plays `sq` for `colour` in place and returns the flipped squares written to `flipped` (for undo), or 0
 * if the move flips nothing (then `cells` is unchanged).
 */
export function playInPlace(cells: Cells, sq: number, colour: number, flipped: Int8Array): number {
  if (cells[sq] !== EMPTY) return 0;
  const other = opponent(colour);
  let n = 0;
  for (const ray of RAYS[sq] as Int8Array[]) {
    let i = 0;
    while (i < ray.length && cells[ray[i] as number] === other) i++;
    if (i > 0 && i < ray.length && cells[ray[i] as number] === colour) {
      for (let j = 0; j < i; j++) {
        const f = ray[j] as number;
        cells[f] = colour;
        flipped[n++] = f;
      }
    }
  }
  if (n > 0) cells[sq] = colour;
  return n;
}

export function undoInPlace(cells: Cells, sq: number, colour: number, flipped: Int8Array, n: number): void {
  const other = opponent(colour);
  for (let j = 0; j < n; j++) cells[flipped[j] as number] = other;
  cells[sq] = EMPTY;
}

export function countDiscs(cells: Cells): { black: number; white: number } {
  let black = 0;
  let white = 0;
  for (let i = 0; i < 64; i++) {
    if (cells[i] === BLACK) black++;
    else if (cells[i] === WHITE) white++;
  }
  return { black, white };
}
