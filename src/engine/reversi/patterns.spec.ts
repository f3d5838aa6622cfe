/**
 * The pattern evaluation of `expert` (patterns.ts, pattern-eval.ts, search.ts): the instances cover the board
 * as Buro's set does, an index reads each square as its own base-3 digit, the trained score does not depend
 * on which of the 8 symmetric images of a position it is given, and the indexes the search keeps up to date
 * move by move are the ones computed from scratch, through passes and exact solves.
 */
import fc from 'fast-check';
import { moveMask } from './bitboard';
import { patternScore } from './pattern-eval';
import { INSTANCES, SHAPES, SYMMETRIES, patternIndexes, INSTANCE_OFFSET } from './patterns';
import { ReversiSearch, after, searchBest } from './search';

const bitsOf = (cells: readonly number[]): [number, number, number, number] => {
  const out: [number, number, number, number] = [0, 0, 0, 0];
  cells.forEach((c, sq) => {
    if (c === 0) return;
    const k = (c === 1 ? 0 : 2) + (sq < 32 ? 0 : 1);
    out[k] = (out[k] as number) | (1 << (sq & 31));
  });
  return out;
};

/** A board (64 cells: 0 empty, 1 the side to move, 2 the other) under a symmetry. */
const transform = (cells: readonly number[], sym: (r: number, c: number) => [number, number]): number[] => {
  const out = new Array<number>(64).fill(0);
  cells.forEach((c, sq) => {
    const [r, col] = sym(sq >> 3, sq & 7);
    out[r * 8 + col] = c;
  });
  return out;
};

const scoreOf = (cells: readonly number[]): number => {
  const [pl, ph, ol, oh] = bitsOf(cells);
  const idx = new Int32Array(INSTANCES.length);
  patternIndexes(pl, ph, ol, oh, idx);
  const empties = cells.filter((c) => c === 0).length;
  const s = new Int32Array(2);
  moveMask(pl, ph, ol, oh, s);
  const count = (x: number): number => x.toString(2).replace(/0/g, '').length;
  const mine = count(s[0]! >>> 0) + count(s[1]! >>> 0);
  moveMask(ol, oh, pl, ph, s);
  return patternScore(idx, empties, mine - (count(s[0]! >>> 0) + count(s[1]! >>> 0)));
};

/** Boards with every square empty or taken, not all reachable in a game (the evaluation must not care). */
const board = fc.array(fc.constantFrom(0, 0, 1, 2), { minLength: 64, maxLength: 64 });

describe('pattern evaluation', () => {
  it('has the 46 instances of Buro’s 11 shapes, every square in at least 3', () => {
    const count = (name: string): number => INSTANCES.filter((i) => SHAPES[i.shape]!.name === name).length;
    expect(INSTANCES).toHaveLength(46);
    expect([count('edge+2X'), count('corner 3x3'), count('corner 2x5'), count('diagonal 8')]).toEqual([4, 4, 8, 2]);
    const cover = new Array<number>(64).fill(0);
    for (const inst of INSTANCES) for (const sq of inst.squares) cover[sq]!++;
    expect(Math.min(...cover)).toBeGreaterThanOrEqual(3);
  });

  it('reads each square of an instance as one base-3 digit: 1 for the side to move, 2 for the other', () => {
    fc.assert(
      fc.property(board, (cells) => {
        const [pl, ph, ol, oh] = bitsOf(cells);
        const idx = new Int32Array(INSTANCES.length);
        patternIndexes(pl, ph, ol, oh, idx);
        INSTANCES.forEach((inst, i) => {
          const digits = inst.squares.reduce((v, sq, k) => v + cells[sq]! * 3 ** k, 0);
          expect(idx[i]! - INSTANCE_OFFSET[i]!).toBe(digits);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('scores the 8 symmetric images of a position alike', () => {
    fc.assert(
      fc.property(board, (cells) => {
        const score = scoreOf(cells);
        for (const sym of SYMMETRIES) expect(scoreOf(transform(cells, sym))).toBe(score);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the indexes of every searched position equal to the ones computed from scratch', () => {
    ReversiSearch.checkIndexes = true;
    try {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 60, maxLength: 60 }), fc.nat(5000), (picks, budget) => {
          // A random game; a search (which throws on a wrong index) from every fourth position.
          let [pl, ph, ol, oh] = [1 << 28, 1 << 3, 1 << 27, 1 << 4];
          const s = new Int32Array(2);
          for (const [ply, pick] of picks.entries()) {
            moveMask(pl, ph, ol, oh, s);
            const moves: { sq: number }[] = [];
            for (let sq = 0; sq < 64; sq++) if (((s[sq >> 5]! >>> (sq & 31)) & 1) === 1) moves.push({ sq });
            if (moves.length === 0) {
              moveMask(ol, oh, pl, ph, s);
              if ((s[0]! | s[1]!) === 0) return;
              [pl, ph, ol, oh] = [ol, oh, pl, ph];
              continue;
            }
            if (ply % 4 === 0) searchBest(moves, pl, ph, ol, oh, 100 + budget);
            [pl, ph, ol, oh] = after(moves[pick % moves.length]!.sq, pl, ph, ol, oh, s);
          }
        }),
        { numRuns: 12 },
      );
    } finally {
      ReversiSearch.checkIndexes = false;
    }
  });
});
