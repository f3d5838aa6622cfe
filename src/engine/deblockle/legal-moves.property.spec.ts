import fc from 'fast-check';
import { deblockleEngine as engine } from './index';
import { DIRECTIONS, FACES, ORIENTATIONS, tip } from './block';
import { SQUARES, isStar, makeSquare } from './board';
import { type BlockSpec, positionFromBlocks } from './fixtures';
import type { DeblockleMove } from './notation';
import type { DeblockleState } from './rules';

const key = (m: DeblockleMove): string => JSON.stringify(engine.encodeMove(m));
const NON_STAR = Array.from({ length: SQUARES }, (_, i) => i).filter((s) => !isStar(s));

/** 1–4 blocks a seat on distinct squares, any orientations. */
const position = fc
  .record({
    squares: fc.shuffledSubarray(NON_STAR, { minLength: 2, maxLength: 8 }),
    orientations: fc.array(fc.integer({ min: 0, max: 23 }), { minLength: 8, maxLength: 8 }),
    toMove: fc.integer({ min: 0, max: 1 }),
    noSideBySide: fc.boolean(),
  })
  .map(({ squares, orientations, toMove, noSideBySide }) => {
    const blocks: BlockSpec[] = squares.map((sq, i) => {
      const o = ORIENTATIONS[orientations[i] as number]!;
      return { seat: i % 2, square: makeSquare(sq), top: o.top, north: o.north };
    });
    return positionFromBlocks({ blocks, toMove, options: { noSideBySide } });
  });

/** Every turn of the mover's blocks to any square, and of one other square (an opponent's block or empty). */
function candidates(state: DeblockleState, seat: number): DeblockleMove[] {
  const froms = state.blocks.filter((b) => b.seat === seat).map((b) => b.square);
  froms.push(state.blocks.find((b) => b.seat !== seat)?.square ?? 0);
  const out: DeblockleMove[] = [];
  for (const from of froms)
    for (const dir of DIRECTIONS) for (let to = 0; to < SQUARES; to++) out.push({ type: 'turn', from, tip: dir, to });
  return out;
}

describe('legal moves on random positions', () => {
  it('are exactly the turns that apply, in a stable order, and each keeps the tipped orientation', () => {
    fc.assert(
      fc.property(position, (state) => {
        const movers = engine.toMove(state);
        if (movers.length === 0) return;
        const seat = movers[0] as number;
        const legal = [...engine.legalMoves(state, seat)];
        expect(legal.length).toBeGreaterThan(0);
        expect([...engine.legalMoves(state, seat)].map(key)).toEqual(legal.map(key));
        const legalKeys = new Set(legal.map(key));
        expect(legalKeys.size).toBe(legal.length);
        for (const m of candidates(state, seat)) {
          const r = engine.apply(state, seat, m);
          expect(r.ok).toBe(legalKeys.has(key(m)));
          if (!r.ok || m.type !== 'turn') continue;
          const before = state.blocks.find((b) => b.square === m.from)!;
          const after = r.value.blocks.find((b) => b.square === m.to);
          if (isStar(m.to)) {
            expect(after).toBeUndefined();
            expect(tip(before, m.tip).top).toBe('star');
            expect(r.value.removed[seat]).toBe(state.removed[seat]! + 1);
          } else {
            expect(after && { top: after.top, north: after.north, east: after.east }).toEqual(tip(before, m.tip));
          }
          expect(r.value.blocks.some((b) => isStar(b.square))).toBe(false);
          expect(r.value.blocks.length + r.value.removed[0] + r.value.removed[1]).toBe(state.blocks.length);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe('legal setup moves', () => {
  it('contain every placement that applies (compared by square)', () => {
    const canonical = (m: DeblockleMove): string =>
      m.type === 'setup' ? JSON.stringify([...m.blocks].sort((a, b) => a.square - b.square)) : 'turn';
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.string(),
        fc.array(
          fc.record({
            square: fc.integer({ min: 0, max: 48 }),
            top: fc.constantFrom(...FACES),
            north: fc.constantFrom(...FACES),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (n, seed, blocks) => {
          const opts = engine.parseOptions({ blocks: n }, 2);
          if (!opts.ok) throw new Error('options');
          const state = engine.setup({ seed, seats: 2, options: opts.value });
          const legal = new Set([...engine.legalMoves(state, 0)].map(canonical));
          // steer half the tries onto the right squares and faces so that some of them apply
          const move: DeblockleMove = {
            type: 'setup',
            blocks: blocks.map((b, i) => ({
              ...b,
              square: b.square % 2 === 0 ? [2, 4, 16, 18][i]! : b.square,
              top: i < n && b.square % 3 > 0 ? state.rolled[1][i]! : b.top,
            })),
          };
          const r = engine.apply(state, 0, move);
          expect(r.ok).toBe(legal.has(canonical(move)));
        },
      ),
      { numRuns: 400 },
    );
  });
});
