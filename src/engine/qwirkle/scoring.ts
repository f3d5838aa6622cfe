/**
 * Placement legality and points, shared by the match (`apply`), the move generator and bots
 * (`scorePlacement`). The opening-size rule is the match's business and lives in rules.ts.
 */
import { COLUMN, type Dir, Grid, lineProblem, ROW } from './board';
import { type Kind, kindOf, LINE_MAX, type PlacedTile, QWIRKLE_BONUS } from './tiles';

export interface Placed {
  readonly kind: Kind;
  readonly x: number;
  readonly y: number;
}

export type PlacementCheck =
  | { readonly ok: true; readonly points: number; readonly qwirkles: number }
  | { readonly ok: false; readonly reason: string; readonly message: string };

const MESSAGES: Record<string, string> = {
  'qwirkle/empty-placement': 'A placement needs at least one tile.',
  'qwirkle/not-a-tile': 'Every tile needs one of the six colours, one of the six shapes and integer x, y.',
  'qwirkle/duplicate-cell': 'Two tiles of the placement are on the same cell.',
  'qwirkle/cell-occupied': 'A tile is placed on a cell that already holds a tile.',
  'qwirkle/not-in-line': 'The tiles of one turn must lie in one row or one column.',
  'qwirkle/no-shared-attribute': 'The tiles of one turn must all share a colour or all share a shape.',
  'qwirkle/gap': 'The placed tiles and the tiles between them must form one unbroken line.',
  'qwirkle/no-contact': 'At least one placed tile must touch a tile already on the grid.',
  'qwirkle/line-too-long': 'A line may hold at most 6 tiles.',
  'qwirkle/mixed-line': 'A line must be all one colour or all one shape.',
  'qwirkle/duplicate-tile': 'A line may not hold the same tile twice.',
};

function refuse(reason: string): PlacementCheck {
  return { ok: false, reason, message: MESSAGES[reason] ?? reason };
}

/** Checks `placed` against `grid` (not changed on return) and scores it. */
export function checkPlacement(grid: Grid, placed: readonly Placed[]): PlacementCheck {
  if (placed.length === 0) return refuse('qwirkle/empty-placement');
  const cells = new Set<string>();
  for (const p of placed) {
    const k = `${p.x},${p.y}`;
    if (cells.has(k)) return refuse('qwirkle/duplicate-cell');
    cells.add(k);
    if (grid.has(p.x, p.y)) return refuse('qwirkle/cell-occupied');
  }
  const first = placed[0] as Placed;
  const inRow = placed.every((p) => p.y === first.y);
  const inColumn = placed.every((p) => p.x === first.x);
  if (!inRow && !inColumn) return refuse('qwirkle/not-in-line');
  const sameColor = placed.every((p) => Math.floor(p.kind / 6) === Math.floor(first.kind / 6));
  const sameShape = placed.every((p) => p.kind % 6 === first.kind % 6);
  if (!sameColor && !sameShape) return refuse('qwirkle/no-shared-attribute');

  const main: Dir = inRow ? ROW : COLUMN;
  if (placed.length > 1 && !unbroken(grid, placed, main, cells)) return refuse('qwirkle/gap');
  if (grid.size > 0 && !placed.some((p) => grid.touches(p.x, p.y))) return refuse('qwirkle/no-contact');

  return grid.withPlaced(placed, () => scoreLines(grid, placed, main));
}

/** Every cell between the outermost placed tiles is placed or already occupied. */
function unbroken(grid: Grid, placed: readonly Placed[], [dx]: Dir, cells: Set<string>): boolean {
  const along = (p: Placed) => (dx ? p.x : p.y);
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of placed) {
    lo = Math.min(lo, along(p));
    hi = Math.max(hi, along(p));
  }
  // A span wider than all tiles that could fill it has a gap; this also bounds the loop for wild input.
  if (hi - lo + 1 > placed.length + grid.size) return false;
  const first = placed[0] as Placed;
  for (let i = lo; i <= hi; i++) {
    const x = dx ? i : first.x;
    const y = dx ? first.y : i;
    if (!cells.has(`${x},${y}`) && !grid.has(x, y)) return false;
  }
  return true;
}

/** With the placed tiles on the grid: every line through them must be valid; each scores once. */
function scoreLines(grid: Grid, placed: readonly Placed[], main: Dir): PlacementCheck {
  const dirs: Dir[] = main === ROW ? [ROW, COLUMN] : [COLUMN, ROW];
  const counted = new Set<string>();
  let points = 0;
  let qwirkles = 0;
  // The main line first, so its problem is the one reported; then each tile's cross line.
  for (const dir of dirs) {
    for (const p of placed) {
      const run = grid.run(p.x, p.y, dir, LINE_MAX + 1);
      if (run.kinds.length < 2) continue;
      const id = `${dir === ROW ? 'r' : 'c'}${run.x},${run.y}`;
      if (counted.has(id)) continue;
      counted.add(id);
      const problem = lineProblem(run.kinds);
      if (problem) return refuse(`qwirkle/${problem}`);
      points += run.kinds.length;
      if (run.kinds.length === LINE_MAX) {
        points += QWIRKLE_BONUS;
        qwirkles++;
      }
    }
  }
  // No line at all: a lone tile, possible only as the opening move.
  return { ok: true, points: counted.size === 0 ? 1 : points, qwirkles };
}

export interface PlacementScore {
  readonly legal: boolean;
  readonly points: number;
  readonly reason?: string;
}

/**
 * Scores a placement for bots, by the rules file: `board` is the grid before the move and `placement`
 * the tiles laid this turn, both as `{ color, shape, x, y }`. Returns `{ legal, points }`, or
 * `{ legal: false, points: 0, reason }` with the same `qwirkle/...` reason the match would give.
 * Not checked here: whether the tiles are held, and the opening-size rule (the match's business).
 * On an empty board any single valid line is legal (no contact needed); otherwise a placed tile must
 * touch the board. Points: every line of 2+ tiles through a placed tile counts once (its length, +6
 * for a Qwirkle of 6); a lone tile scores 1. Tiles with an unknown colour or shape, or non-integer
 * coordinates, give `qwirkle/not-a-tile`.
 */
export function scorePlacement(board: readonly PlacedTile[], placement: readonly PlacedTile[]): PlacementScore {
  // Bots may hand in parsed JSON: anything that is not a tile object is refused, never thrown on.
  const wellFormed = (t: PlacedTile) =>
    typeof t === 'object' && t !== null && kindOf(t) >= 0 && Number.isSafeInteger(t.x) && Number.isSafeInteger(t.y);
  if (!Array.isArray(board) || !Array.isArray(placement) || !board.every(wellFormed) || !placement.every(wellFormed)) {
    return { legal: false, points: 0, reason: 'qwirkle/not-a-tile' };
  }
  const r = checkPlacement(
    Grid.of(board),
    placement.map((t: PlacedTile) => ({ kind: kindOf(t), x: t.x, y: t.y })),
  );
  return r.ok ? { legal: true, points: r.points } : { legal: false, points: 0, reason: r.reason };
}
