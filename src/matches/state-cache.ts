/**
 * Recently folded match states, keyed by match id and tagged with the version they are at. A hit skips the
 * replay; a miss, or a version mismatch, falls back to the log. Never the source of truth: entries are only
 * ever written from a replay or from an event the store accepted.
 */
import { LRUCache } from 'lru-cache';
import type { MatchState } from './decider';
import type { MatchRecord } from './event-store.port';

export interface CachedState<S> {
  readonly version: number;
  readonly state: MatchState<S>;
  /** The match row as it was at `version`. */
  readonly match: MatchRecord;
}

/**
 * A bounded map that forgets the least recently used entry first: `lru-cache`, whose `get` moves an entry in a
 * linked list of indexes. The Map delete-and-set this replaced cost 1 to 2.4 µs per read at 5,000 to 20,000
 * entries (V8 rehashes the table as deleted slots pile up): three or four reads a move (`bench/README.md`).
 */
export class LruMap<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V>;

  constructor(capacity: number) {
    this.entries = new LRUCache({ max: capacity });
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** The entry, without making it recently used. */
  peek(key: string): V | undefined {
    return this.entries.peek(key);
  }

  set(key: string, value: V): void {
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

export class StateCache {
  private readonly entries: LruMap<CachedState<unknown>>;

  constructor(capacity: number) {
    this.entries = new LruMap(capacity);
  }

  get<S>(matchId: string): CachedState<S> | undefined {
    return this.entries.get(matchId) as CachedState<S> | undefined;
  }

  set<S>(matchId: string, entry: CachedState<S>): void {
    const current = this.entries.peek(matchId);
    if (current && current.version > entry.version) return; // never move a match back in time
    this.entries.set(matchId, entry);
  }
}
