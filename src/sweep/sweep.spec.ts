import { Logger } from '@nestjs/common';
import { DatabaseOutage } from '../store/outage';
import { Sweep, type SweepOptions, jittered } from './sweep';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A pass the test ends by hand. */
function gate(): { promise: Promise<void>; open: () => void; fail: (e: unknown) => void } {
  let open!: () => void;
  let fail!: (e: unknown) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets the promise callbacks queued so far run (fake timers do not touch microtasks). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('Sweep', () => {
  let outage: DatabaseOutage;
  let logger: Logger;
  let errors: jest.SpyInstance<void, [message: unknown, ...rest: unknown[]]>;
  const sweeps: Sweep[] = [];
  const make = <T>(options: Omit<SweepOptions<T>, 'name' | 'outage' | 'logger'> & { name?: string }): Sweep<T> => {
    const s = new Sweep<T>({ name: 'test', outage, logger, jitter: 0, ...options });
    sweeps.push(s);
    return s;
  };

  beforeEach(() => {
    jest.useFakeTimers();
    outage = new DatabaseOutage(() => Date.now());
    logger = new Logger('test');
    errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    for (const s of sweeps.splice(0)) await s.stop();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('runs a pass every period, the first a period after start unless atStart', async () => {
    let passes = 0;
    make({ everyMs: 100, pass: async () => void passes++ }).start();
    expect(passes).toBe(0);
    await jest.advanceTimersByTimeAsync(99);
    expect(passes).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(300);
    expect(passes).toBe(4);

    let early = 0;
    make({ everyMs: 100, atStart: true, pass: async () => void early++ }).start();
    expect(early).toBe(1);
  });

  it('never runs on its own with a period of 0 (or less), but runs when called', async () => {
    let passes = 0;
    for (const everyMs of [0, -5]) {
      const s = make({ everyMs, atStart: true, pass: async () => ++passes });
      s.start();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(passes).toBe(0);
      expect(jest.getTimerCount()).toBe(0);
      await expect(s.run()).resolves.toBe(1);
      passes = 0;
    }
  });

  it('never overlaps a pass with the previous: ticks meanwhile are skipped, calls join it', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    let g = gate();
    const s = make({
      everyMs: 10,
      pass: async () => {
        passes++;
        active++;
        most = Math.max(most, active);
        await g.promise;
        active--;
        return passes;
      },
    });
    s.start();
    await jest.advanceTimersByTimeAsync(10);
    expect(passes).toBe(1);
    const joined = s.run();
    await jest.advanceTimersByTimeAsync(100); // ten ticks while the pass runs
    expect(passes).toBe(1);
    expect(s.busy).toBe(true);
    g.open();
    await expect(joined).resolves.toBe(1);
    g = gate();
    // The next pass is a new one, started by a call made as soon as the last one answered.
    const next = s.run();
    expect(passes).toBe(2);
    g.open();
    await expect(next).resolves.toBe(2);
    expect(most).toBe(1);
  });

  it('with whileRunning "again", a tick or poke during a pass asks for exactly one more after it', async () => {
    let passes = 0;
    let g = gate();
    const s = make({
      everyMs: 10,
      whileRunning: 'again',
      pass: async () => {
        passes++;
        await g.promise;
      },
    });
    s.start();
    await jest.advanceTimersByTimeAsync(10);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(5);
    s.poke();
    s.poke();
    expect(passes).toBe(1);
    const first = g;
    g = gate();
    first.open();
    await settle();
    expect(passes).toBe(2); // the one asked for, at once, not at the next tick
    g.open();
    await settle();
    expect(passes).toBe(2);
  });

  it('draws each wait within ±jitter of the period', () => {
    for (const r of [0, 0.25, 0.5, 0.75, 0.999999]) {
      const w = jittered(1000, 0.2, () => r);
      expect(w).toBeGreaterThanOrEqual(800);
      expect(w).toBeLessThanOrEqual(1200);
    }
    expect(jittered(1000, 0.2, () => 0)).toBe(800);
    expect(jittered(1000, 0.2, () => 0.5)).toBe(1000);
    expect(jittered(1000, 0, () => 0.9)).toBe(1000);
    expect(jittered(1, 0.9, () => 0)).toBe(1);
  });

  it('spreads its ticks with jitter, within the bounds', async () => {
    const at: number[] = [];
    const start = Date.now();
    const draws = [0, 1, 0.5, 0, 1];
    let i = 0;
    make({
      everyMs: 1000,
      jitter: 0.3,
      random: () => draws[i++ % draws.length] as number,
      pass: async () => void at.push(Date.now() - start),
    }).start();
    await jest.advanceTimersByTimeAsync(5000);
    const gaps = at.map((t, k) => t - (at[k - 1] ?? 0));
    expect(gaps.slice(0, 5)).toEqual([700, 1300, 1000, 700, 1300]);
  });

  it('backs off while the database is unavailable, logs nothing per failure, and recovers', async () => {
    let passes = 0;
    let down = true;
    make({
      everyMs: 10,
      pass: async () => {
        passes++;
        if (down) throw refused;
      },
    }).start();
    await jest.advanceTimersByTimeAsync(10);
    expect(passes).toBe(1);
    expect(outage.down).toBe(true);
    // The first back-off is 250 ms: the ticks meanwhile do not run a pass.
    await jest.advanceTimersByTimeAsync(240);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(20);
    expect(passes).toBe(2);
    // Then 500 ms (from the second pass, at 260 ms).
    await jest.advanceTimersByTimeAsync(480); // 750
    expect(passes).toBe(2);
    await jest.advanceTimersByTimeAsync(20); // the third pass at 760, failed: next at 1760
    expect(passes).toBe(3);
    expect(errors).not.toHaveBeenCalled(); // the outage says it once, not each loop each time
    down = false;
    await jest.advanceTimersByTimeAsync(980); // 1750
    expect(passes).toBe(3);
    await jest.advanceTimersByTimeAsync(10);
    expect(passes).toBe(4);
    expect(outage.down).toBe(false);
    // Back to every tick.
    await jest.advanceTimersByTimeAsync(100);
    expect(passes).toBe(14);
  });

  it('logs another failure and tries again at the next tick', async () => {
    let passes = 0;
    make({
      everyMs: 10,
      failure: 'claim failed',
      pass: async () => {
        passes++;
        throw new TypeError('a bug');
      },
    }).start();
    await jest.advanceTimersByTimeAsync(30);
    expect(passes).toBe(3);
    expect(errors).toHaveBeenCalledTimes(3);
    expect(errors.mock.lastCall?.[0]).toBe('claim failed: a bug');
    expect(outage.down).toBe(false);
  });

  it('on stop, waits for the running pass, and runs no more', async () => {
    let passes = 0;
    const g = gate();
    let finished = false;
    const s = make({
      everyMs: 10,
      whileRunning: 'again',
      pass: async () => {
        passes++;
        await g.promise;
        finished = true;
      },
    });
    s.start();
    await jest.advanceTimersByTimeAsync(10);
    s.poke(); // asked for again: dropped by the stop
    let stopped = false;
    const stopping = s.stop().then(() => {
      stopped = true;
    });
    expect(s.stopping).toBe(true);
    await settle();
    expect(stopped).toBe(false);
    g.open();
    await stopping;
    expect(finished).toBe(true);
    await jest.advanceTimersByTimeAsync(1000);
    s.poke();
    expect(passes).toBe(1);
  });

  it('stops even when the running pass fails', async () => {
    const g = gate();
    const s = make({ everyMs: 10, pass: () => g.promise });
    s.start();
    await jest.advanceTimersByTimeAsync(10);
    const stopping = s.stop();
    g.fail(new Error('late'));
    await expect(stopping).resolves.toBeUndefined();
  });

  it('starts no pass from a tick or poke while not ready (a call still runs one)', async () => {
    let passes = 0;
    let ready = false;
    const s = make({ everyMs: 10, ready: () => ready, pass: async () => ++passes });
    s.start();
    await jest.advanceTimersByTimeAsync(50);
    s.poke();
    expect(passes).toBe(0);
    await expect(s.run()).resolves.toBe(1);
    ready = true;
    await jest.advanceTimersByTimeAsync(10);
    expect(passes).toBe(2);
  });

  it('calls settled after each pass', async () => {
    let settled = 0;
    const s = make({ everyMs: 0, pass: async () => 1, settled: () => void settled++ });
    await s.run();
    await settle();
    s.poke();
    await settle();
    expect(settled).toBe(2);
    expect(s.busy).toBe(false);
  });

  it('turns a pass that throws before its first await into a failed pass', async () => {
    const s = make({
      everyMs: 0,
      pass: () => {
        throw new Error('sync');
      },
    });
    await expect(s.run()).rejects.toThrow('sync');
    expect(s.busy).toBe(false);
  });
});
