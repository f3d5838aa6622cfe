import fc from 'fast-check';
import { Rng, type RngState, seedRng } from './rng';

describe('seeded PRNG', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: string) => {
      const r = new Rng(seedRng(seed));
      return Array.from({ length: 8 }, () => r.nextUint32());
    };
    expect(draw('alpha')).toEqual(draw('alpha'));
    expect(draw('alpha')).not.toEqual(draw('alphb'));
  });

  it('resumes exactly from its JSON state', () => {
    const r = new Rng(seedRng('resume'));
    r.nextUint32();
    const saved = JSON.parse(JSON.stringify(r.state)) as RngState;
    const a = Array.from({ length: 5 }, () => r.int(1000));
    const b = new Rng(saved);
    expect(Array.from({ length: 5 }, () => b.int(1000))).toEqual(a);
  });

  it('draws integers in range and shuffles into a permutation', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 200 }), (seed, n) => {
        const r = new Rng(seedRng(seed));
        for (let i = 0; i < 20; i++) {
          const x = r.int(n);
          expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
        }
        const items = Array.from({ length: n }, (_, i) => i);
        expect(r.shuffle(items).sort((p, q) => p - q)).toEqual(items);
      }),
    );
  });

  it('is roughly uniform', () => {
    const r = new Rng(seedRng('uniform'));
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[r.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });
});
