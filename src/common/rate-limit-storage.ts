/**
 * The rate limits' counters (`src/common/rate-limit.ts`), in this instance's memory: @nestjs/throttler's own
 * in-memory storage, `ThrottlerStorageService`, answer for answer, at a constant cost per request.
 *
 * Why not the package's own: it keeps one array of expiry times per client and copies it on every request
 * (`filter`), so a request costs the number of requests the client made in the window. At the default 1,200 a
 * minute that is a copy of up to 1,200 numbers per request; with a limit raised for a bot tournament (the
 * advice in docs/operations.md "Limits" for bots that share one address) it grows with the traffic: at 4,000
 * requests a second the array reached 240,000 entries and the server's moves fell from about 4,100 to about 950
 * a second (`bench/README.md`, "Rate limits").
 *
 * Here each client's hits are a queue of (expiry time, count) pairs in expiry order: a hit adds to the last pair
 * or appends one, and pruning drops pairs from the front. Hits expire in the order they were made (each one
 * `ttl` after it, and a throttler's ttl is fixed), so the front is always the oldest; a wall clock that steps
 * back only makes a few hits count a little longer. The records, the fixed window behind `timeToExpire`, the
 * block and its end, and the sweep of idle records every minute are the package's.
 */
import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

export interface RateLimitHit {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/** One throttler's hits of one client: expiry times (ascending) with how many hits expire at each. */
class HitQueue {
  private at: number[] = [];
  private count: number[] = [];
  private head = 0;
  /** Hits in the queue. */
  size = 0;

  push(expiresAt: number): void {
    const last = this.at.length - 1;
    if (last >= this.head && this.at[last] === expiresAt) this.count[last] = (this.count[last] as number) + 1;
    else {
      this.at.push(expiresAt);
      this.count.push(1);
    }
    this.size++;
  }

  /** Drops the hits that expired at or before `now`. */
  prune(now: number): void {
    while (this.head < this.at.length && (this.at[this.head] as number) <= now) {
      this.size -= this.count[this.head] as number;
      this.head++;
    }
    if (this.head === this.at.length) this.clear();
    else if (this.head > 1024 && this.head * 2 > this.at.length) {
      this.at = this.at.slice(this.head);
      this.count = this.count.slice(this.head);
      this.head = 0;
    }
  }

  /** The earliest expiry time; only called when `size > 0`. */
  first(): number {
    return this.at[this.head] as number;
  }

  /** The latest expiry time, or -Infinity when empty. */
  last(): number {
    return this.head < this.at.length ? (this.at[this.at.length - 1] as number) : -Infinity;
  }

  clear(): void {
    this.at = [];
    this.count = [];
    this.head = 0;
    this.size = 0;
  }
}

interface ClientRecord {
  /** Per throttler name: the hits counted (the package's `totalHits`, which a block's end resets). */
  readonly totalHits: Map<string, number>;
  readonly hits: Map<string, HitQueue>;
  expiresAt: number;
  blockExpiresAt: number;
  isBlocked: boolean;
}

export const SWEEP_INTERVAL_MS = 60_000;

export class RateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly records = new Map<string, ClientRecord>();
  private sweep: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** How many clients have a record (for tests: idle ones are swept). */
  get size(): number {
    return this.records.size;
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface is async; this answers at once
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<RateLimitHit> {
    return this.incrementNow(key, ttl, limit, blockDuration, throttlerName);
  }

  /** `increment`, synchronously. */
  incrementNow(key: string, ttl: number, limit: number, blockDuration: number, name: string): RateLimitHit {
    if (this.sweep === undefined) {
      this.sweep = setInterval(() => this.evictIdle(), SWEEP_INTERVAL_MS);
      this.sweep.unref();
    }
    let record = this.records.get(key);
    if (!record) {
      record = {
        totalHits: new Map([[name, 0]]),
        hits: new Map(),
        expiresAt: this.now() + ttl,
        blockExpiresAt: 0,
        isBlocked: false,
      };
      this.records.set(key, record);
    }
    let hits = record.hits.get(name);
    if (!hits) {
      hits = new HitQueue();
      record.hits.set(name, hits);
    }
    hits.prune(this.now());
    record.totalHits.set(name, hits.size);
    let timeToExpire = Math.ceil((record.expiresAt - this.now()) / 1000);
    if (timeToExpire <= 0) {
      record.expiresAt = this.now() + ttl;
      timeToExpire = Math.ceil((record.expiresAt - this.now()) / 1000);
    }
    const fire = (): void => {
      record.totalHits.set(name, (record.totalHits.get(name) as number) + 1);
      hits.push(this.now() + ttl);
    };

    if (blockDuration <= 0) {
      const isBlocked = (record.totalHits.get(name) as number) >= limit;
      if (!isBlocked) fire();
      const timeToBlockExpire = hits.size > 0 ? Math.ceil((hits.first() - this.now()) / 1000) : timeToExpire;
      return {
        totalHits: (record.totalHits.get(name) as number) + (isBlocked ? 1 : 0),
        timeToExpire,
        isBlocked,
        timeToBlockExpire: isBlocked ? timeToBlockExpire : 0,
      };
    }
    if (!record.isBlocked) fire();
    if ((record.totalHits.get(name) as number) > limit && !record.isBlocked) {
      record.isBlocked = true;
      record.blockExpiresAt = this.now() + blockDuration;
    }
    const timeToBlockExpire = Math.ceil((record.blockExpiresAt - this.now()) / 1000);
    if (timeToBlockExpire <= 0 && record.isBlocked) {
      record.isBlocked = false;
      record.totalHits.set(name, 0);
      hits.clear();
      fire();
    }
    return {
      totalHits: record.totalHits.get(name) as number,
      timeToExpire,
      isBlocked: record.isBlocked,
      timeToBlockExpire,
    };
  }

  /** Forgets the clients with nothing left to remember: no block running, the window over, no hit unexpired. */
  evictIdle(now = this.now()): void {
    for (const [key, record] of this.records) {
      if (record.isBlocked && record.blockExpiresAt > now) continue;
      if (record.expiresAt > now) continue;
      if ([...record.hits.values()].some((q) => q.last() > now)) continue;
      this.records.delete(key);
    }
  }

  onApplicationShutdown(): void {
    if (this.sweep !== undefined) clearInterval(this.sweep);
    this.sweep = undefined;
    this.records.clear();
  }
}
