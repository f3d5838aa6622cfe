import { Logger } from '@nestjs/common';
import { DatabaseOutage } from './outage';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  code: 'ECONNREFUSED',
  errno: -111,
  syscall: 'connect',
});

describe('DatabaseOutage', () => {
  let t: number;
  let warn: jest.SpyInstance;
  let info: jest.SpyInstance<void, [message: unknown, ...rest: unknown[]]>;
  beforeEach(() => {
    t = 1000;
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs once when the database goes and once when it comes back, however many loops fail meanwhile', () => {
    const o = new DatabaseOutage(() => t);
    for (let i = 0; i < 50; i++) {
      expect(o.failed('clocks', refused)).toBe(true);
      expect(o.failed('bots', refused)).toBe(true);
      t += 100;
    }
    expect(warn).toHaveBeenCalledTimes(1);
    o.ok('clocks');
    o.ok('bots');
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.lastCall?.[0])).toMatch(/back after 5\.0 s/);
    expect(o.down).toBe(false);
  });

  it('leaves other errors to the caller', () => {
    const o = new DatabaseOutage(() => t);
    expect(o.failed('clocks', new TypeError('a bug'))).toBe(false);
    expect(o.down).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('backs a loop off, doubling to 5 s, while the database is away', () => {
    const o = new DatabaseOutage(() => t);
    expect(o.skip('clocks')).toBe(false);
    const gaps: number[] = [];
    for (let i = 0; i < 7; i++) {
      o.failed('clocks', refused);
      const start = t;
      while (o.skip('clocks')) t += 10;
      gaps.push(t - start);
    }
    expect(gaps).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    o.ok('clocks');
    o.failed('bots', new TypeError('x'));
    expect(o.skip('clocks')).toBe(false);
  });

  it('runs the releases left behind when the database is back', async () => {
    const o = new DatabaseOutage(() => t);
    const release = jest.fn().mockResolvedValue(undefined);
    o.releaseLater(refused, release);
    o.releaseLater(new TypeError('not the database'), release); // dropped: the lease expires by itself
    expect(o.down).toBe(true);
    expect(release).not.toHaveBeenCalled();
    o.ok('clocks');
    await Promise.resolve();
    expect(release).toHaveBeenCalledTimes(1);
    expect(String(info.mock.lastCall?.[0])).toMatch(/releasing 1 claims left behind/);
  });
});
