import type { HttpBotAnswer } from './http-bot.client';
import { LAST_ATTEMPT_MS, REAL_CLOCK, RETRY_MAX_MS, type RetryClock, askUntilDeadline } from './http-bot-retry';

const fail = (why: string): HttpBotAnswer => ({ ok: false, why, latencyMs: 1 });
const move: HttpBotAnswer = { ok: true, move: { square: 'd3' }, latencyMs: 1 };

/** Fake timers: `Date.now()` and `setTimeout` are jest's (timers fire at their own time); the jitter is fixed unless given. */
function clock(random = () => 0.5): RetryClock {
  return { now: () => Date.now(), sleep: (ms) => REAL_CLOCK.sleep(ms), random };
}

/** Runs the retries to their end under fake timers; answers the result and when (from the start) each attempt began. */
async function run(
  answers: (n: number, timeoutMs: number) => HttpBotAnswer | Promise<HttpBotAnswer>,
  turnMs: number,
  opts: { random?: () => number; stop?: () => boolean } = {},
) {
  const start = Date.now();
  const at: number[] = [];
  const timeouts: number[] = [];
  let done = false;
  const result = askUntilDeadline(
    async (timeoutMs) => {
      at.push(Date.now() - start);
      timeouts.push(timeoutMs);
      return answers(at.length, timeoutMs);
    },
    start + turnMs,
    clock(opts.random),
    opts.stop,
  ).finally(() => (done = true));
  while (!done) await jest.advanceTimersByTimeAsync(10);
  return { ...(await result), at, timeouts };
}

describe('askUntilDeadline: a failed answer is asked again until the turn deadline', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('an error, then a refused connection, then a move: the move, after waits of 100 then 200 ms (jittered to 75, 150)', async () => {
    const r = await run((n) => (n === 1 ? fail('the bot answered 500') : n === 2 ? fail('ECONNREFUSED') : move), 5000);
    expect(r.answer).toEqual(move);
    expect(r.attempts.map((a) => a.ok)).toEqual([false, false, true]);
    expect(r.at).toEqual([0, 75, 225]);
    expect(r.stopped).toBe(false);
  });

  it('an answer at once is asked once, with the whole turn as its time', async () => {
    const r = await run(() => move, 5000);
    expect(r.attempts).toHaveLength(1);
    expect(r.timeouts).toEqual([5000]);
  });

  it('waits double up to RETRY_MAX_MS, each attempt gets the time left, and none starts at or past the deadline', async () => {
    const r = await run(() => fail('the bot answered 503'), 12_000, { random: () => 0 });
    expect(r.answer).toMatchObject({ ok: false, why: 'the bot answered 503' });
    const gaps = r.at.slice(1).map((t, i) => t - (r.at[i] as number));
    // Equal jitter at its lowest: half of 100, 200, 400, 800, 1600, then half of the 2000 ms cap.
    expect(gaps.slice(0, 7)).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
    expect(Math.max(...gaps)).toBe(RETRY_MAX_MS / 2);
    expect(Math.max(...r.at)).toBeLessThanOrEqual(12_000 - LAST_ATTEMPT_MS);
    r.timeouts.forEach((ms, i) => expect(ms).toBe(12_000 - (r.at[i] as number)));
  });

  it('the jitter spreads each wait over [w/2, w)', async () => {
    const low = await run((n) => (n < 3 ? fail('x') : move), 5000, { random: () => 0 });
    const high = await run((n) => (n < 3 ? fail('x') : move), 5000, { random: () => 0.999 });
    expect(low.at).toEqual([0, 50, 150]);
    expect(high.at).toEqual([0, 99, 298]); // 99.95 and 199.9 ms, on the fake clock's whole milliseconds
  });

  it('the last wait is cut so that a last attempt starts LAST_ATTEMPT_MS before the deadline', async () => {
    const r = await run(() => fail('ECONNREFUSED'), 1000);
    // 75, 150, 300 ms, then 600 would pass the deadline: cut to start at 980.
    expect(r.at).toEqual([0, 75, 225, 525, 980]);
    expect(r.timeouts.at(-1)).toBe(20);
  });

  it('an attempt that hangs to the deadline is the last one', async () => {
    const r = await run(
      (_n, timeoutMs) => new Promise<HttpBotAnswer>((resolve) => setTimeout(() => resolve(fail('timeout')), timeoutMs)),
      3000,
    );
    expect(r.attempts).toHaveLength(1);
    expect(r.answer).toMatchObject({ ok: false, why: 'timeout' });
  });

  it('stop() (a shutdown) ends the retries and says so', async () => {
    let n = 0;
    const r = await run(() => fail('x'), 60_000, { stop: () => ++n > 3 });
    expect(r.stopped).toBe(true);
    expect(r.attempts).toHaveLength(2); // stop() is asked after each attempt and each wait: true on its 4th call
  });
});
