import { nextAttemptAt } from './retry';

const base = { now: 1_000_000, createdAt: 1_000_000, baseMs: 1000, windowMs: 86_400_000, random: 0.5, retryAfter: null };

describe('webhook retries', () => {
  it('back off exponentially from the base', () => {
    expect([1, 2, 3, 4].map((attempt) => nextAttemptAt({ ...base, attempt }) as number - base.now)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('jitter by up to a quarter either way', () => {
    expect(nextAttemptAt({ ...base, attempt: 3, random: 0 }) as number - base.now).toBe(3000);
    expect(nextAttemptAt({ ...base, attempt: 3, random: 0.999999 }) as number - base.now).toBe(5000);
  });

  it('wait at most an hour between attempts, so a day of retries is many attempts', () => {
    expect(nextAttemptAt({ ...base, attempt: 30 }) as number - base.now).toBe(3_600_000);
  });

  it('honour Retry-After, in seconds or as a date, when it asks for longer', () => {
    expect(nextAttemptAt({ ...base, attempt: 1, retryAfter: '120' }) as number - base.now).toBe(120_000);
    expect(nextAttemptAt({ ...base, attempt: 1, retryAfter: new Date(base.now + 30_000).toUTCString() }) as number - base.now).toBeGreaterThanOrEqual(29_000);
    expect(nextAttemptAt({ ...base, attempt: 1, retryAfter: '0' }) as number - base.now).toBe(1000);
  });

  it('give up once the next attempt would fall after the window', () => {
    const late = { ...base, now: base.createdAt + 86_400_000 - 500 };
    expect(nextAttemptAt({ ...late, attempt: 20 })).toBeNull();
    expect(nextAttemptAt({ ...base, attempt: 1, retryAfter: String(2 * 86_400) })).toBeNull();
  });
});
