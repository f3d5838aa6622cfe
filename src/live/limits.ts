/**
 * How many streams and long-polls may be open at once: per token (a client address without one) and on the
 * instance. Over either limit the request is refused with 429 RATE_LIMITED before anything is held.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { hashToken } from '../matches/tokens';
import { Metrics, NO_METRICS, type StreamKind } from '../metrics/metrics';
import { LIVE_CONFIG, type LiveConfig } from './live-config';

@Injectable()
export class LiveLimits {
  private readonly byKey = new Map<string, number>();
  private open = 0;
  /** What is held, by kind: turnbase_streams_open reads it at scrape time. */
  private readonly byKind: Record<StreamKind, number> = { sse: 0, longpoll: 0, feed: 0 };

  constructor(@Inject(LIVE_CONFIG) private readonly config: LiveConfig, @Optional() metrics: Metrics = NO_METRICS) {
    metrics.source('streams', () => this.byKind);
  }

  static keyOf(token: string | undefined, address: string): string {
    return token === undefined ? `address:${address}` : `token:${hashToken(token)}`;
  }

  /** Takes a place for `key` (a stream or a waiting request of `kind`), or throws; the returned function gives it back (once). */
  acquire(key: string, kind: StreamKind): () => void {
    const held = this.byKey.get(key) ?? 0;
    if (held >= this.config.perToken) {
      throw new ApiError('RATE_LIMITED', `At most ${this.config.perToken} streams or waiting requests per token at once; close one first.`, 'live/per-token');
    }
    if (this.open >= this.config.total) {
      throw new ApiError('RATE_LIMITED', 'This server holds as many streams as it may; retry later or on another instance.', 'live/total');
    }
    this.byKey.set(key, held + 1);
    this.open++;
    this.byKind[kind]++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      this.byKind[kind]--;
      const n = (this.byKey.get(key) ?? 1) - 1;
      if (n === 0) this.byKey.delete(key);
      else this.byKey.set(key, n);
    };
  }

  get openCount(): number {
    return this.open;
  }
}
