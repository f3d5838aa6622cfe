import type { MatchRecord } from './event-store.port';
import type { MatchState } from './decider';
import { LruMap, StateCache } from './state-cache';

describe('LruMap', () => {
  it('forgets the least recently used entry first; a read makes an entry recent, a peek does not', () => {
    const m = new LruMap<number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([1, undefined, 3]);
    expect(m.peek('a')).toBe(1); // c, then a were read: a is the most recent; the peek leaves it so
    m.set('d', 4);
    expect([m.peek('a'), m.peek('c'), m.peek('d')]).toEqual([undefined, 3, 4]);
    m.delete('c');
    expect(m.get('c')).toBeUndefined();
  });
});

describe('StateCache', () => {
  const at = (version: number): { version: number; state: MatchState; match: MatchRecord } => ({
    version,
    state: { version } as MatchState,
    match: { id: 'm', version } as MatchRecord,
  });

  it('never moves a match back to an older version', () => {
    const cache = new StateCache(10);
    cache.set('m', at(3));
    cache.set('m', at(2));
    expect(cache.get('m')?.version).toBe(3);
    cache.set('m', at(4));
    expect(cache.get('m')?.version).toBe(4);
  });
});
