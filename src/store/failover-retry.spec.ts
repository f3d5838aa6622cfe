import { Pool, type PoolClient } from 'pg';
import { FailoverPool, retryNotRun } from './database';

/** pg-pool's checkout, faked: fails with each of `errors` in turn, then hands out `client`. */
function fakeCheckouts(errors: Error[], client: PoolClient) {
  const done = jest.fn();
  let calls = 0;
  const spy = jest.spyOn(Pool.prototype, 'connect').mockImplementation(function (this: Pool, cb?: unknown) {
    const callback = cb as (err: Error | undefined, client: PoolClient | undefined, done: () => void) => void;
    const error = errors[calls++];
    process.nextTick(() => (error ? callback(error, undefined, () => undefined) : callback(undefined, client, done)));
    return undefined as never;
  } as never);
  return { done, spy, calls: () => calls };
}

const coded = (code: string) => Object.assign(new Error(code), { code });
const client = { query: jest.fn(), release: jest.fn() } as unknown as PoolClient;

describe('FailoverPool.connect', () => {
  afterEach(() => jest.restoreAllMocks());

  it("hands pg-pool's own client and release straight to the callback when the checkout succeeds", async () => {
    const fake = fakeCheckouts([], client);
    const pool = new FailoverPool({}, 1000);
    const got = await new Promise<unknown[]>((resolve) => pool.connect((...args) => resolve(args)));
    expect(got).toEqual([undefined, client, fake.done]);
    expect(fake.calls()).toBe(1);
  });

  it('retries a checkout that ran nothing (refused, a standby) until it succeeds', async () => {
    const fake = fakeCheckouts([coded('ECONNREFUSED'), Object.assign(new Error('standby'), { code: '25006' })], client);
    const pool = new FailoverPool({}, 1000);
    const started = Date.now();
    await expect(pool.connect()).resolves.toBe(client);
    expect(fake.calls()).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140); // 50 then 100 ms between attempts
  });

  it('does not retry a checkout whose failure may have run something', async () => {
    const fake = fakeCheckouts([coded('ECONNRESET')], client);
    const pool = new FailoverPool({}, 1000);
    const error = await new Promise<unknown>((resolve) => pool.connect((err, c) => resolve(err ?? c)));
    expect(error).toMatchObject({ code: 'ECONNRESET' });
    expect(fake.calls()).toBe(1);
  });

  it('gives up once the next wait would pass retryMs', async () => {
    const fake = fakeCheckouts(
      Array.from({ length: 10 }, () => coded('ECONNREFUSED')),
      client,
    );
    const pool = new FailoverPool({}, 120);
    await expect(pool.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(fake.calls()).toBe(2); // at 0 and 50 ms; waiting 100 ms more would pass 120
  });
});

describe('retryNotRun', () => {
  it('answers the rows of a statement that succeeds, run once', async () => {
    const work = jest.fn(() => Promise.resolve({ rows: [{ a: 1 }] }));
    await expect(retryNotRun(work, 1000)).resolves.toEqual([{ a: 1 }]);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs again a statement refused before it ran, thrown or rejected', async () => {
    let calls = 0;
    const work = jest.fn(() => {
      calls++;
      if (calls === 1) throw coded('ECONNREFUSED');
      if (calls === 2) return Promise.reject(Object.assign(new Error('read-only'), { code: '25006' }));
      return Promise.resolve({ rows: [{ ok: true }] });
    });
    await expect(retryNotRun(work, 1000)).resolves.toEqual([{ ok: true }]);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('does not run again a statement that may have run, nor an error that is not the database being away', async () => {
    const cut = jest.fn(() => Promise.reject(coded('ECONNRESET')));
    await expect(retryNotRun(cut, 1000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(cut).toHaveBeenCalledTimes(1);
    const constraint = jest.fn(() => Promise.reject(coded('23505')));
    await expect(retryNotRun(constraint, 1000)).rejects.toMatchObject({ code: '23505' });
    expect(constraint).toHaveBeenCalledTimes(1);
  });

  it('gives up once the next wait would pass retryMs', async () => {
    const work = jest.fn(() => Promise.reject(coded('ECONNREFUSED')));
    await expect(retryNotRun(work, 120)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(work).toHaveBeenCalledTimes(2);
  });
});
