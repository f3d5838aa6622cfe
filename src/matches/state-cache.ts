/**
 * Recently folded match states, keyed by match id and tagged with the version they are at. A hit skips the
 * replay; a miss, or a version mismatch, falls back to the log. Never the source of truth: entries are only
 * ever written from a replay or from an event the store accepted.
 */
import { LruMap } from '../common/lru-map';
import type { MatchState } from './decider';
import type { MatchRecord } from './event-store.port';

export { LruMap } from '../common/lru-map';

export interface CachedState<S> {
  readonly version: number;
  readonly state: MatchState<S>;
  /** The match row as it was at `version`. */
  readonly match: MatchRecord;
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
