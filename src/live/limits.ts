/**
 * How many streams and long-polls may be open at once: per token (a client address without one), per client
 * address whatever tokens it holds, and on the instance. Over any limit the request is refused with
 * `429 RATE_LIMITED` (and `Retry-After`) before anything is held, and its connection is closed after the answer:
 * a client that retries at once must not pile up idle connections instead.
 *
 * Why per address too: a stream or a waiting long-poll holds a connection, and Node drops every connection past
 * `MAX_CONNECTIONS`, /health's included. Per token alone, one client with 2 seat tokens held 32 against 30
 * connections (issue 25, M10); live-config.ts sizes the per-address and total limits under MAX_CONNECTIONS.
 *
 * Keys (`keyOf`) are opaque strings to callers: `token:<hash>@<address>` or `address:<address>`, so that
 * `acquire(key)` counts the address of a token's holder without another argument.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { hashToken } from '../matches/tokens';
import { Metrics, NO_METRICS, type StreamKind } from '../metrics/metrics';
import { LIVE_CONFIG, type LiveConfig } from './live-config';

/** What a refused client is told to wait: a place frees when one of its streams or long-polls ends. */
export const LIVE_RETRY_AFTER_SECONDS = 5;

function refused(message: string, reason: string): ApiError {
  return new ApiError('RATE_LIMITED', message, reason).withHeaders({
    'Retry-After': String(LIVE_RETRY_AFTER_SECONDS),
    Connection: 'close',
  });
}

@Injectable()
export class LiveLimits {
  private readonly byKey = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private open = 0;
  /** What is held, by kind: turnbase_streams_open reads it at scrape time. */
  private readonly byKind: Record<StreamKind, number> = { sse: 0, longpoll: 0, feed: 0 };

  constructor(
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
    @Optional() metrics: Metrics = NO_METRICS,
  ) {
    metrics.source('streams', () => this.byKind);
  }

  static keyOf(token: string | undefined, address: string): string {
    return token === undefined ? `address:${address}` : LiveLimits.keyOfHash(hashToken(token), address);
  }

  /** The key of a token known by its hash only (a stream ticket's): the same as the token's own. */
  static keyOfHash(tokenHash: string, address: string): string {
    return `token:${tokenHash}@${address}`;
  }

  /** The client address a key counts against (none for a key not made by keyOf). */
  private static addressOf(key: string): string | undefined {
    if (key.startsWith('address:')) return key.slice('address:'.length);
    const at = key.indexOf('@');
    return key.startsWith('token:') && at >= 0 ? key.slice(at + 1) : undefined;
  }

  /** The per-token part of a key. */
  private static holderOf(key: string): string {
    const at = key.indexOf('@');
    return key.startsWith('token:') && at >= 0 ? key.slice(0, at) : key;
  }

  /** Takes a place for `key` (a stream or a waiting request of `kind`), or throws; the returned function gives it back (once). */
  acquire(key: string, kind: StreamKind): () => void {
    const holder = LiveLimits.holderOf(key);
    const address = LiveLimits.addressOf(key);
    const held = this.byKey.get(holder) ?? 0;
    if (held >= this.config.perToken) {
      throw refused(
        `At most ${this.config.perToken} streams or waiting requests per token at once; close one first.`,
        'live/per-token',
      );
    }
    const fromAddress = address === undefined ? 0 : (this.byAddress.get(address) ?? 0);
    if (fromAddress >= this.config.perAddress) {
      throw refused(
        `At most ${this.config.perAddress} streams or waiting requests per client address at once; close one first.`,
        'live/per-address',
      );
    }
    if (this.open >= this.config.total) {
      throw refused('This server holds as many streams as it may; retry later or on another instance.', 'live/total');
    }
    this.byKey.set(holder, held + 1);
    if (address !== undefined) this.byAddress.set(address, fromAddress + 1);
    this.open++;
    this.byKind[kind]++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      this.byKind[kind]--;
      LiveLimits.decrement(this.byKey, holder);
      if (address !== undefined) LiveLimits.decrement(this.byAddress, address);
    };
  }

  private static decrement(counts: Map<string, number>, key: string): void {
    const n = (counts.get(key) ?? 1) - 1;
    if (n === 0) counts.delete(key);
    else counts.set(key, n);
  }

  get openCount(): number {
    return this.open;
  }
}
