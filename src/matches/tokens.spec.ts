import { newSeatToken, newSeed, useFixedSeeds } from './tokens';

describe('tokens and seeds', () => {
  it('are 256 fresh bits each, across refills of the entropy pool', () => {
    useFixedSeeds(undefined);
    // 4 KiB holds 128 draws: 600 of them refill the pool four times.
    const tokens = Array.from({ length: 300 }, newSeatToken);
    const seeds = Array.from({ length: 300 }, newSeed);
    for (const t of tokens) expect(t).toMatch(/^tbs_[A-Za-z0-9_-]{43}$/);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([...tokens, ...seeds.map((s) => `tbs_${Buffer.from(s, 'hex').toString('base64url')}`)]).size).toBe(
      600,
    );
    // Not a pool of zeros: each draw has both set and clear bits in every byte position on average.
    const bytes = seeds.map((s) => Buffer.from(s, 'hex'));
    for (let i = 0; i < 32; i++) {
      const ones = bytes.reduce((n, b) => n + ((b[i] as number) & 1), 0);
      expect(ones).toBeGreaterThan(100);
      expect(ones).toBeLessThan(200);
    }
  });

  it('follow the fixed sequence when one is set (tests only)', () => {
    useFixedSeeds('base');
    const a = [newSeed(), newSeed()];
    useFixedSeeds('base');
    expect([newSeed(), newSeed()]).toEqual(a);
    useFixedSeeds(undefined);
  });
});
