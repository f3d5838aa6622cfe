/**
 * Per-client rate limits (API.md "Limits"), on @nestjs/throttler:
 * - `default`: every request of a client address, on every route but /health (RATE_LIMIT_PER_MINUTE);
 * - `create`: match creations, on routes marked @LimitedAs('create') (RATE_LIMIT_CREATE_PER_MINUTE);
 * - `stream`: stream openings, on routes marked @LimitedAs('stream') (RATE_LIMIT_STREAMS_PER_MINUTE).
 * Each counts per client across all routes and games, in this instance's memory. Answers carry the IETF
 * draft's `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy` of the tightest
 * limit that applied, and a refusal is `429 RATE_LIMITED` with `Retry-After`.
 */
import { type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerOptions } from '@nestjs/throttler';
import type { ThrottlerRequest } from '@nestjs/throttler/dist/throttler.guard.interface';
import { ApiError } from './api-error';
import type { AppConfig } from './config';

export type LimitKind = 'create' | 'stream';
const LIMIT_KIND = 'turnbase:limit-kind';
const WINDOW_MS = 60_000;

/** Puts a route under the named limit as well as the default one. */
export const LimitedAs = (kind: LimitKind): MethodDecorator => SetMetadata(LIMIT_KIND, kind);

function only(kind: LimitKind): (context: ExecutionContext) => boolean {
  return (context) => Reflect.getMetadata(LIMIT_KIND, context.getHandler()) !== kind;
}

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const throttlers: ThrottlerOptions[] = [
    { name: 'default', ttl: WINDOW_MS, limit: config.rateLimitPerMinute },
    { name: 'create', ttl: WINDOW_MS, limit: config.createLimitPerMinute, skipIf: only('create') },
    { name: 'stream', ttl: WINDOW_MS, limit: config.streamLimitPerMinute, skipIf: only('stream') },
  ];
  // Per client across every route: the package's default key also includes the controller and handler.
  return { throttlers, generateKey: (_context, tracker, name) => `${name}:${tracker}` };
}

type Reply = { header(name: string, value: string | number): unknown };

@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /** The smallest remaining count set on each reply so far: the tightest limit names the headers. */
  private readonly shown = new WeakMap<object, number>();

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = request;
    const { req, res } = this.getRequestResponse(context);
    const name = throttler.name ?? 'default';
    const tracker = await getTracker(req, context);
    const hit = await this.storageService.increment(generateKey(context, tracker, name), ttl, limit, blockDuration, name);
    const remaining = Math.max(0, limit - hit.totalHits);
    const reply = res as Reply;
    const before = this.shown.get(res);
    if (before === undefined || remaining <= before) {
      this.shown.set(res, remaining);
      reply.header('RateLimit-Limit', limit);
      reply.header('RateLimit-Remaining', remaining);
      reply.header('RateLimit-Reset', hit.isBlocked ? hit.timeToBlockExpire : hit.timeToExpire);
      reply.header('RateLimit-Policy', `${limit};w=${Math.round(ttl / 1000)}`);
    }
    if (hit.isBlocked) {
      reply.header('Retry-After', hit.timeToBlockExpire);
      const what = name === 'default' ? 'requests' : name === 'create' ? 'match creations' : 'stream openings';
      throw new ApiError('RATE_LIMITED', `Too many ${what} from this client: at most ${limit} a minute. Retry after ${hit.timeToBlockExpire} s.`, `rate-limit/${name}`, {
        limit, windowSeconds: Math.round(ttl / 1000), retryAfterSeconds: hit.timeToBlockExpire,
      });
    }
    return true;
  }
}
