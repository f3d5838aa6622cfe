/**
 * Recently replayed states, keyed by match id and tagged with the version they are at. A hit skips the replay;
 * a miss, or a version mismatch, falls back to the log. Never the source of truth: entries are only ever
 * written from a replay or from a move the store accepted.
 */
export interface CachedState<S> {
  readonly version: number;
  readonly state: S;
  readonly resigned: number | null;
}

export class StateCache {
  private readonly entries = new Map<string, CachedState<unknown>>();

  constructor(private readonly capacity: number) {}

  get<S>(matchId: string): CachedState<S> | undefined {
    const hit = this.entries.get(matchId);
    if (hit) {
      this.entries.delete(matchId); // keep recently used entries at the end (LRU)
      this.entries.set(matchId, hit);
    }
    return hit as CachedState<S> | undefined;
  }

  set<S>(matchId: string, entry: CachedState<S>): void {
    const current = this.entries.get(matchId);
    if (current && current.version > entry.version) return; // never move a match back in time
    this.entries.delete(matchId);
    this.entries.set(matchId, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
