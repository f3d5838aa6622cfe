/**
 * Recently folded match states, keyed by match id and tagged with the version they are at. A hit skips the
 * replay; a miss, or a version mismatch, falls back to the log. Never the source of truth: entries are only
 * ever written from a replay or from an event the store accepted.
 */
import type { MatchState } from './decider';
import type { MatchRecord } from './event-store.port';

export interface CachedState<S> {
  readonly version: number;
  readonly state: MatchState<S>;
  /** The match row as it was at `version`. */
  readonly match: MatchRecord;
}

/** A bounded map that forgets the least recently used entry first. */
export class LruMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
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
    const current = this.entries.get(matchId);
    if (current && current.version > entry.version) return; // never move a match back in time
    this.entries.set(matchId, entry);
  }
}
