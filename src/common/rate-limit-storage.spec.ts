import { ThrottlerStorageService } from '@nestjs/throttler';
import fc from 'fast-check';
import { RateLimitStorage } from './rate-limit-storage';

/**
 * Our storage must answer as @nestjs/throttler's own in-memory storage does, request for request: the same
 * counts, windows, blocks and ends of blocks (they become the RateLimit-* headers and the 429s).
 */
describe('RateLimitStorage', () => {
  afterEach(() => jest.useRealTimers());

  const throttler = fc.record({
    ttl: fc.integer({ min: 1, max: 5_000 }),
    limit: fc.integer({ min: 1, max: 6 }),
    blockDuration: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8_000 })),
  });
  const step = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('hit' as const),
        key: fc.integer({ min: 0, max: 2 }),
        name: fc.constantFrom('a', 'b'),
        wait: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 9_000 })),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('sweep' as const), wait: fc.integer({ min: 0, max: 12_000 }) }),
    },
  );

  it('answers every request as ThrottlerStorageService does', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(throttler, throttler, fc.array(step, { minLength: 40, maxLength: 120 }), async (a, b, steps) => {
        jest.useFakeTimers({ now: 1_700_000_000_000 });
        const theirs = new ThrottlerStorageService();
        const ours = new RateLimitStorage();
        try {
          for (const s of steps) {
            jest.setSystemTime(Date.now() + s.wait);
            if (s.kind === 'sweep') {
              (theirs as unknown as { evictIdleRecords(now: number): void }).evictIdleRecords(Date.now()); // private in its types: its minute sweep
              ours.evictIdle(Date.now());
              expect(ours.size).toBe(theirs.storage.size);
              continue;
            }
            const t = s.name === 'a' ? a : b;
            // As our guard keys them (`${name}:${tracker}`), and also one key shared by both throttlers.
            const key = s.key === 2 ? 'shared' : `${s.name}:${s.key}`;
            const expected = await theirs.increment(key, t.ttl, t.limit, t.blockDuration, s.name);
            const got = await ours.increment(key, t.ttl, t.limit, t.blockDuration, s.name);
            expect(got).toEqual(expected);
            compared++;
          }
        } finally {
          theirs.onApplicationShutdown();
          ours.onApplicationShutdown();
          jest.useRealTimers();
        }
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(10_000);
  });

  it('refuses past the limit and lets the client back in once its hits expire', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    const ours = new RateLimitStorage();
    const hit = (): ReturnType<RateLimitStorage['incrementNow']> =>
      ours.incrementNow('default:1.2.3.4', 60_000, 3, 60_000, 'default');
    expect([hit(), hit(), hit()].map((h) => [h.totalHits, h.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const refused = hit();
    expect(refused).toMatchObject({ isBlocked: true, timeToBlockExpire: 60 });
    jest.setSystemTime(Date.now() + 30_000);
    expect(hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    jest.setSystemTime(Date.now() + 30_000);
    expect(hit()).toMatchObject({ isBlocked: false, totalHits: 1 });
    ours.onApplicationShutdown();
  });

  it('counts exactly with 200,000 hits in the window (a limit raised for bots)', () => {
    // The package's storage copies an array of 200,000 expiry times per request here; this queue holds one pair
    // per millisecond and touches only its ends. No timing is asserted: the count is.
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    const ours = new RateLimitStorage();
    for (let i = 0; i < 200_000; i++) {
      if (i % 4 === 0) jest.setSystemTime(Date.now() + 1);
      ours.incrementNow('default:127.0.0.1', 60_000, 1e9, 60_000, 'default');
    }
    const last = ours.incrementNow('default:127.0.0.1', 60_000, 1e9, 60_000, 'default');
    expect(last.totalHits).toBe(200_001);
    // The hits span 50 s; 20 s later those of the first 10 s (40,000) have expired, and only those.
    jest.setSystemTime(Date.now() + 20_000);
    expect(ours.incrementNow('default:127.0.0.1', 60_000, 1e9, 60_000, 'default').totalHits).toBe(200_002 - 40_000);
    ours.onApplicationShutdown();
  });
});
