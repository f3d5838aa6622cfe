/**
 * Per-client rate limits (docs/api.md "Limits"), on @nestjs/throttler:
 * - `default`: every request of a client address, on every route but /health (RATE_LIMIT_PER_MINUTE);
 * - `create`: creations of matches, players and tournaments, on routes marked @LimitedAs('create')
 *   (RATE_LIMIT_CREATE_PER_MINUTE; docs/api.md "Bots and tournaments": one budget for everything that creates rows);
 * - `stream`: stream openings, on routes marked @LimitedAs('stream') (RATE_LIMIT_STREAMS_PER_MINUTE).
 * Each counts per client across all routes and games, in this instance's memory. Answers carry the IETF
 * draft's `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy` of the tightest
 * limit that applied, and a refusal is `429 RATE_LIMITED` with `Retry-After`.
 */
import { type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import {
  type ThrottlerGenerateKeyFunction,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  normalizeIp,
} from '@nestjs/throttler';
import {
  THROTTLER_BLOCK_DURATION,
  THROTTLER_KEY_GENERATOR,
  THROTTLER_LIMIT,
  THROTTLER_SKIP,
  THROTTLER_TRACKER,
  THROTTLER_TTL,
} from '@nestjs/throttler/dist/throttler.constants';
import type { ThrottlerRequest } from '@nestjs/throttler/dist/throttler.guard.interface';
import { ApiError } from './api-error';
import { RateLimitStorage } from './rate-limit-storage';
import type { AppConfig } from './config';

export type LimitKind = 'create' | 'stream';
const LIMIT_KIND = 'turnbase:limit-kind';
const WINDOW_MS = 60_000;

/** Puts a route under the named limit as well as the default one. */
export const LimitedAs = (kind: LimitKind): MethodDecorator => SetMetadata(LIMIT_KIND, kind);

/** Skips the throttler of `kind` on routes not marked with it. A route's mark never changes: read once per handler. */
function only(kind: LimitKind): (context: ExecutionContext) => boolean {
  const skips = new WeakMap<object, boolean>();
  return (context) => {
    const handler = context.getHandler();
    let skip = skips.get(handler);
    if (skip === undefined) {
      skip = Reflect.getMetadata(LIMIT_KIND, handler) !== kind;
      skips.set(handler, skip);
    }
    return skip;
  };
}

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const throttlers: ThrottlerOptions[] = [
    { name: 'default', ttl: WINDOW_MS, limit: config.rateLimitPerMinute },
    { name: 'create', ttl: WINDOW_MS, limit: config.createLimitPerMinute, skipIf: only('create') },
    { name: 'stream', ttl: WINDOW_MS, limit: config.streamLimitPerMinute, skipIf: only('stream') },
  ];
  // Per client across every route: the package's default key also includes the controller and handler.
  // The counters: the package's own in-memory storage, at a constant cost per request (rate-limit-storage.ts).
  return {
    throttlers,
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    storage: new RateLimitStorage(),
  };
}

type Reply = { header(name: string, value: string | number): unknown };

/** The headers `answer` sets on every limited response: CORS exposes them to browsers (src/app.ts). */
export const RATE_LIMIT_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
] as const;

/** What one throttler does on one route, read from the route's metadata once. */
interface Planned {
  readonly throttler: ThrottlerOptions;
  readonly name: string;
  /** @SkipThrottle on the route or its controller. */
  readonly skip: boolean;
  readonly limit: number;
  readonly ttl: number;
  readonly blockDuration: number;
  readonly generateKey: ThrottlerGenerateKeyFunction;
}

@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /** The smallest remaining count set on each reply so far: the tightest limit names the headers. */
  private readonly shown = new WeakMap<object, number>();
  /** Per handler, then controller: its throttlers' settings, or null when one is a function of the request. */
  private readonly plans = new WeakMap<object, WeakMap<object, readonly Planned[] | null>>();

  /**
   * The package's `canActivate`, with what a route's decorators say read once per route instead of on every
   * request (five reflector lookups and three awaits per throttler), and the count taken without a promise
   * when the tracker is the client address and the storage ours. A setting given as a function of the request
   * goes through the package's own path, as does a `shouldSkip` (this guard does not override it).
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const plan = this.planOf(context);
    if (
      plan === null ||
      this.commonOptions.getTracker !== this.defaultTracker ||
      !(this.storageService instanceof RateLimitStorage)
    ) {
      return super.canActivate(context);
    }
    let tracker: string | undefined;
    for (const p of plan) {
      const skipIf = p.throttler.skipIf ?? this.commonOptions.skipIf;
      if (p.skip || skipIf?.(context)) continue;
      const { req, res } = this.getRequestResponse(context);
      tracker ??= normalizeIp((req as { ip: string }).ip, this.ipv6SubnetPrefix);
      const hit = this.storageService.incrementNow(
        p.generateKey(context, tracker, p.name),
        p.ttl,
        p.limit,
        p.blockDuration,
        p.name,
      );
      this.answer(res, p.name, p.limit, p.ttl, hit);
    }
    return true;
  }

  /** The getTracker the package binds when none is configured (ours is not): the client address. */
  private defaultTracker: unknown;

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.defaultTracker =
      this.options && !Array.isArray(this.options) && this.options.getTracker ? null : this.commonOptions.getTracker;
  }

  private planOf(context: ExecutionContext): readonly Planned[] | null {
    const handler = context.getHandler();
    const controller = context.getClass();
    let byController = this.plans.get(handler);
    if (!byController) {
      byController = new WeakMap();
      this.plans.set(handler, byController);
    }
    let plan = byController.get(controller);
    if (plan === undefined) {
      plan = this.makePlan(handler, controller);
      byController.set(controller, plan);
    }
    return plan;
  }

  private makePlan(handler: object, controller: object): readonly Planned[] | null {
    const targets = [handler, controller] as Array<() => unknown>;
    const plan: Planned[] = [];
    for (const throttler of this.throttlers) {
      const name = throttler.name ?? 'default';
      const own = <T>(key: string): T | undefined => this.reflector.getAllAndOverride<T>(key + name, targets);
      const limit = own<unknown>(THROTTLER_LIMIT) ?? throttler.limit;
      const ttl = own<unknown>(THROTTLER_TTL) ?? throttler.ttl;
      const blockDuration = own<unknown>(THROTTLER_BLOCK_DURATION) ?? throttler.blockDuration ?? ttl;
      if (typeof limit !== 'number' || typeof ttl !== 'number' || typeof blockDuration !== 'number') return null;
      if (
        own(THROTTLER_TRACKER) !== undefined ||
        throttler.getTracker !== undefined ||
        throttler.ignoreUserAgents !== undefined ||
        this.commonOptions.ignoreUserAgents !== undefined ||
        throttler.setHeaders !== undefined ||
        this.commonOptions.setHeaders !== undefined
      )
        return null;
      const generateKey =
        own<ThrottlerGenerateKeyFunction>(THROTTLER_KEY_GENERATOR) ??
        throttler.generateKey ??
        this.commonOptions.generateKey;
      if (!generateKey) return null;
      plan.push({
        throttler,
        name,
        skip: own<boolean>(THROTTLER_SKIP) === true,
        limit,
        ttl,
        blockDuration,
        generateKey,
      });
    }
    return plan;
  }

  /** The package's path (a setting that is a function of the request): the same count and answer. */
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = request;
    const { req, res } = this.getRequestResponse(context);
    const name = throttler.name ?? 'default';
    const tracker = await getTracker(req, context);
    const hit = await this.storageService.increment(
      generateKey(context, tracker, name),
      ttl,
      limit,
      blockDuration,
      name,
    );
    this.answer(res, name, limit, ttl, hit);
    return true;
  }

  /** The RateLimit-* headers of the tightest limit so far, and the refusal past a limit. */
  private answer(
    res: object,
    name: string,
    limit: number,
    ttl: number,
    hit: { totalHits: number; isBlocked: boolean; timeToExpire: number; timeToBlockExpire: number },
  ): void {
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
      const what =
        name === 'default'
          ? 'requests'
          : name === 'create'
            ? 'creations (matches, players, tournaments)'
            : 'stream openings';
      throw new ApiError(
        'RATE_LIMITED',
        `Too many ${what} from this client: at most ${limit} a minute. Retry after ${hit.timeToBlockExpire} s.`,
        `rate-limit/${name}`,
        {
          limit,
          windowSeconds: Math.round(ttl / 1000),
          retryAfterSeconds: hit.timeToBlockExpire,
        },
      );
    }
  }
}
