import { LRUCache } from 'lru-cache';

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
