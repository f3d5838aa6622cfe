/**
 * On random positions: every listed move applies, and every move that applies is listed (tried with
 * many near-legal candidates: hand tiles laid in a line through a cell next to the grid, and exchanges).
 */
import fc from 'fast-check';
import { Rng, seedRng } from '../core';
import { Grid } from './board';
import { qwirkleEngine as engine } from './index';
import { legalMoves, legalMovesInfo } from './legal-moves';
import type { PlacedTile, Tile } from './tiles';
import type { QwirkleMove, QwirkleState } from './types';

const key = (m: QwirkleMove) =>
  `${m.type}:${m.tiles
    .map((t) => ('x' in t ? `${t.color}-${t.shape}@${t.x},${t.y}` : `${t.color}-${t.shape}`))
    .sort()
    .join(' ')}`;

function randomPosition(seed: string, seats: number, plies: number, rng: Rng): QwirkleState {
  let s = engine.setup({ seed, seats, options: { maxTurns: 1000 } });
  for (let i = 0; i < plies && !engine.outcome(s); i++) {
    const seat = engine.toMove(s)[0] as number;
    const first: QwirkleMove[] = [];
    for (const m of legalMoves(s, seat)) if (first.push(m) >= 40) break;
    const r = engine.apply(s, seat, rng.pick(first));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  return s;
}

function candidates(s: QwirkleState, seat: number, rng: Rng, n: number): QwirkleMove[] {
  const hand = s.hands[seat] as Tile[];
  const grid = Grid.of(s.board);
  const anchors = grid.size === 0 ? [{ x: 0, y: 0 }] : grid.frontier();
  const out: QwirkleMove[] = [];
  for (let i = 0; i < n; i++) {
    const tiles = rng.shuffle(hand).slice(0, 1 + rng.int(Math.min(hand.length, 6)));
    if (rng.int(5) === 0) {
      out.push({ type: 'exchange', tiles });
      continue;
    }
    const anchor = rng.pick(anchors);
    const [dx, dy] = rng.pick([
      [1, 0],
      [0, 1],
    ] as const);
    const back = rng.int(tiles.length);
    let x = anchor.x - back * dx;
    let y = anchor.y - back * dy;
    const placed: PlacedTile[] = [];
    for (const t of tiles) {
      while (grid.has(x, y)) {
        x += dx;
        y += dy;
      }
      placed.push({ ...t, x, y });
      x += dx;
      y += dy;
    }
    out.push({ type: 'place', tiles: placed });
  }
  return out;
}

describe('legal moves on random positions', () => {
  it('lists exactly the moves that apply, with consistent cheap facts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 90 }),
        (n, seats, plies) => {
          const rng = new Rng(seedRng(`pos-${n}`));
          const s = randomPosition(`legal-${n}`, seats, plies, rng);
          if (engine.outcome(s)) return;
          const seat = s.current as number;
          const listed = [...legalMoves(s, seat)];
          const keys = new Set(listed.map(key));
          expect(keys.size).toBe(listed.length);
          for (const m of listed) {
            const r = engine.apply(s, seat, m);
            if (!r.ok) throw new Error(`listed ${key(m)} refused: ${r.error.reason}`);
          }
          for (const m of candidates(s, seat, rng, 120)) {
            const r = engine.apply(s, seat, m);
            if (r.ok) {
              accepted++;
              if (!keys.has(key(m))) throw new Error(`${key(m)} applies but is not listed`);
            } else {
              expect(r.error.code).toBe('ILLEGAL_MOVE');
            }
          }
          const info = legalMovesInfo(s, seat);
          const places = listed.filter((m) => m.type === 'place');
          const singles = places.filter((m) => m.tiles.length === 1).length;
          expect(info.singleTilePlacements).toBe(singles);
          expect(listed.slice(0, singles).every((m) => m.type === 'place' && m.tiles.length === 1)).toBe(true);
          expect(info.canPlace).toBe(places.length > 0);
          expect(info.canExchange).toBe(listed.some((m) => m.type === 'exchange'));
        },
      ),
      { numRuns: 24 },
    );
    expect(accepted).toBeGreaterThan(100); // the candidates do reach legal moves
  });
});
