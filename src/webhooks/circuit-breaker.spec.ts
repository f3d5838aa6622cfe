import { CircuitBreakers } from './circuit-breaker';

const options = { trips: 3, openMs: 1000, maxOpenMs: 4000, probeMs: 500 };

describe("a webhook host's circuit breaker", () => {
  it('opens after `trips` timeouts in a row, and admits nothing to the host until the pause ends', () => {
    const b = new CircuitBreakers(options);
    b.record('a', true, 0);
    b.record('a', true, 10);
    expect([b.state('a'), b.admit('a', 20)]).toEqual(['closed', { ok: true, probe: false }]);
    b.record('a', true, 30);
    expect(b.state('a')).toBe('open');
    expect(b.admit('a', 31)).toEqual({ ok: false, until: 1030 });
    expect(b.admit('a', 1029)).toEqual({ ok: false, until: 1030 });
    expect(b.admit('b', 31)).toEqual({ ok: true, probe: false }); // another host is its own
  });

  it('an answer in between starts the count again, and a closed host with no timeout is not slow', () => {
    const b = new CircuitBreakers(options);
    b.record('a', true, 0);
    b.record('a', true, 1);
    expect(b.slow('a')).toBe(true);
    b.record('a', false, 2);
    expect(b.slow('a')).toBe(false);
    b.record('a', true, 3);
    b.record('a', true, 4);
    expect(b.state('a')).toBe('closed');
  });

  it('after the pause lets one probe through; the others wait for its result', () => {
    const b = new CircuitBreakers(options);
    for (let i = 0; i < 3; i++) b.record('a', true, 0);
    expect(b.admit('a', 1000)).toEqual({ ok: true, probe: true });
    expect(b.state('a')).toBe('half-open');
    expect(b.admit('a', 1001)).toEqual({ ok: false, until: 1500 });
    b.record('a', false, 1100); // the probe was answered
    expect([b.state('a'), b.slow('a')]).toEqual(['closed', false]);
    expect(b.admit('a', 1101)).toEqual({ ok: true, probe: false });
  });

  it('a probe that times out pauses the host again, each time twice as long, up to the longest pause', () => {
    const b = new CircuitBreakers(options);
    for (let i = 0; i < 3; i++) b.record('a', true, 0);
    let now = 1000;
    const pauses: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(b.admit('a', now)).toEqual({ ok: true, probe: true });
      now += 500;
      b.record('a', true, now);
      const refused = b.admit('a', now);
      if (refused.ok) throw new Error('admitted while paused');
      pauses.push(refused.until - now);
      now = refused.until;
    }
    expect(pauses).toEqual([2000, 4000, 4000, 4000]);
  });

  it('a probe that never reports (its attempt was cut) is replaced, at once when cut, else after `probeMs`', () => {
    const b = new CircuitBreakers(options);
    for (let i = 0; i < 3; i++) b.record('a', true, 0);
    expect(b.admit('a', 1000)).toEqual({ ok: true, probe: true });
    b.cut('a');
    expect(b.admit('a', 1001)).toEqual({ ok: true, probe: true });
    expect(b.admit('a', 1002)).toEqual({ ok: false, until: 1501 });
    expect(b.admit('a', 1501)).toEqual({ ok: true, probe: true });
  });

  it('a timeout of an attempt started before the pause does not lengthen it; an answer does not end it', () => {
    const b = new CircuitBreakers(options);
    for (let i = 0; i < 3; i++) b.record('a', true, 0);
    b.record('a', true, 500);
    b.record('a', false, 600);
    expect(b.admit('a', 700)).toEqual({ ok: false, until: 1000 });
    expect(b.admit('a', 1000)).toEqual({ ok: true, probe: true });
  });
});
