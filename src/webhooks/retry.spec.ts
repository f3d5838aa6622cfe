import { nextAttemptAt } from './retry';

const base = {
  now: 1_000_000,
  createdAt: 1_000_000,
  baseMs: 1000,
  windowMs: 86_400_000,
  random: 0.5,
  retryAfter: null,
};

describe('webhook retries', () => {
  it('back off exponentially from the base', () => {
    expect([1, 2, 3, 4].map((attempt) => (nextAttemptAt({ ...base, attempt }) as number) - base.now)).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('jitter by up to a quarter either way', () => {
    expect((nextAttemptAt({ ...base, attempt: 3, random: 0 }) as number) - base.now).toBe(3000);
    expect((nextAttemptAt({ ...base, attempt: 3, random: 0.999999 }) as number) - base.now).toBe(5000);
  });

  it('wait at most an hour between attempts, so a day of retries is many attempts', () => {
    expect((nextAttemptAt({ ...base, attempt: 30 }) as number) - base.now).toBe(3_600_000);
  });

  it('honour Retry-After, in seconds or as a date, when it asks for longer', () => {
    expect((nextAttemptAt({ ...base, attempt: 1, retryAfter: '120' }) as number) - base.now).toBe(120_000);
    expect(
      (nextAttemptAt({ ...base, attempt: 1, retryAfter: new Date(base.now + 30_000).toUTCString() }) as number) -
        base.now,
    ).toBeGreaterThanOrEqual(29_000);
    expect((nextAttemptAt({ ...base, attempt: 1, retryAfter: '0' }) as number) - base.now).toBe(1000);
  });

  it("try once more at the window's end when the wait would outlast it, then give up", () => {
    const end = base.createdAt + base.windowMs;
    const late = { ...base, now: end - 500 };
    expect(nextAttemptAt({ ...late, attempt: 20 })).toBe(end);
    // A Retry-After longer than what is left of the window: cut to the window's end, not a failure at once.
    expect(nextAttemptAt({ ...base, attempt: 1, retryAfter: String(2 * 86_400) })).toBe(end);
    expect(nextAttemptAt({ ...late, attempt: 1, retryAfter: new Date(end + 3_600_000).toUTCString() })).toBe(end);
    // A wait that ends within the window is not touched.
    expect(nextAttemptAt({ ...base, attempt: 1, retryAfter: String(86_400 - 1) })).toBe(base.now + (86_400 - 1) * 1000);
    // The last attempt, made at the window's end (or later), failed: given up.
    expect(nextAttemptAt({ ...base, now: end, attempt: 21, retryAfter: '60' })).toBeNull();
    expect(nextAttemptAt({ ...base, now: end + 1234, attempt: 21 })).toBeNull();
  });
});
