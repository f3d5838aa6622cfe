import { HostBudget, hostOf } from './host-budget';

describe('the per-host webhook budget', () => {
  it('allows `concurrent` attempts in flight to a host, and one more once one ends', () => {
    const b = new HostBudget(2, 100);
    expect(b.take('a.example', 0)).toEqual({ ok: true });
    expect(b.take('a.example', 1)).toEqual({ ok: true });
    expect(b.take('a.example', 2)).toEqual({ ok: false, retryAt: null });
    expect(b.take('b.example', 2)).toEqual({ ok: true }); // another host has its own budget
    b.release('a.example');
    expect(b.inFlight('a.example')).toBe(1);
    expect(b.take('a.example', 3)).toEqual({ ok: true });
  });

  it('allows `perMinute` starts to a host in any 60 s, and says when the next one is allowed', () => {
    const b = new HostBudget(100, 3);
    for (const at of [1000, 2000, 3000]) {
      expect(b.take('a.example', at)).toEqual({ ok: true });
      b.release('a.example');
    }
    expect(b.take('a.example', 4000)).toEqual({ ok: false, retryAt: 61_000 });
    expect(b.take('a.example', 60_999)).toEqual({ ok: false, retryAt: 61_000 });
    expect(b.take('a.example', 61_000)).toEqual({ ok: true });
  });

  it('forgets hosts at rest', () => {
    const b = new HostBudget(1, 10);
    b.take('a.example', 0);
    b.release('a.example');
    b.prune(60_000);
    expect(b.take('a.example', 60_000)).toEqual({ ok: true });
    expect(b.inFlight('a.example')).toBe(1);
  });

  it('keys by host name, without port or case', () => {
    expect(hostOf('https://Hooks.Example:8443/a?b')).toBe('hooks.example');
    expect(hostOf('https://[2001:db8::1]:443/')).toBe('[2001:db8::1]');
    expect(hostOf('not a url')).toBeNull();
  });
});
