/**
 * Structured logs (docs/api.md "Operations"): one JSON object per line on standard output, from one pino logger
 * per app that both Nest (through nestjs-pino's `Logger`) and Fastify (its request logger, bound to the
 * request id) write to.
 *
 * Request lines are written by Fastify's own log controller (`RequestLines`), not by pino-http (nestjs-pino's middleware): the
 * line docs/api.md asks for is flat (`reqId`, `method`, `route`, `statusCode`, `responseTime`) where pino-http nests
 * `req` and `res`, and its middleware would run through middie and an AsyncLocalStorage on every request to
 * give Nest's loggers the request's context, which the one log made inside a request (a 500's stack, in the
 * exception filter) gets from Fastify's `request.log` anyway.
 *
 * Secrets: seat tokens (`tbs_…`), player keys (`tbp_…`), webhook secrets (`whsec_…`), bearer credentials and
 * `?token=` / `?ticket=` values never reach the output. Two layers: the request line carries the route
 * template, never the URL; and every line is scrubbed on its way out (pino's `streamWrite` hook), whatever
 * logged it (an error message that quoted a URL, a debug line with a header), besides pino's structured
 * redaction of the fields that hold them.
 */
import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import type { LogLevelName } from './config';
import type { RouteLabels } from './route-label';

/** The response header that carries the request id (also in every error body's `details.requestId`). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a client or proxy sent is kept when it is this tame; anything else is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is tame (a proxy's, to follow a request across), else a UUID. */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

const REDACTED = '[REDACTED]';

/**
 * Every credential the server issues has a prefix (tbs_, tbp_, whsec_), so a line can be scrubbed of them
 * wherever they appear; bearer credentials and secret-looking query parameters are scrubbed by position.
 */
const SECRET =
  /\b(tbs_|tbp_|whsec_)[A-Za-z0-9+/=_-]+|(\bBearer\s+)[^\s"\\,]+|([?&](?:token|ticket|key|secret|access_token)=)[^&\s"\\#]*/gi;

export function scrubSecrets(line: string): string {
  return line.replace(
    SECRET,
    (_m, prefix: string | undefined, bearer: string | undefined, param: string | undefined) =>
      `${prefix ?? bearer ?? param ?? ''}${REDACTED}`,
  );
}

/** Fields that hold a secret, wherever pino is handed them in an object. */
const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'request.headers.authorization',
  'token',
  'key',
  'secret',
  'ticket',
  '*.token',
  '*.key',
  '*.secret',
  '*.ticket',
  'seats[*].token',
  '*.seats[*].token',
];

/** The app's logger: JSON lines at `level` to `destination` (standard output unless given). */
export function createLogger(level: LogLevelName, destination?: DestinationStream): Pino {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      hooks: { streamWrite: scrubSecrets },
      // Fastify's own error lines serialize the request: its path and method, never its query or headers.
      serializers: {
        req: (req: { method?: string; url?: string; id?: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url?.split('?')[0],
        }),
      },
    },
    destination,
  );
}

type Bindings = Record<string, unknown>;
/** What Fastify passes a child: a route's own level or serializers (none of ours sets them). */
interface ChildOptions {
  readonly level?: string;
  readonly serializers?: unknown;
}
type LevelName = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger (`request.log`, `reply.log`), made into a pino child only when a line passes its level.
 * Fastify makes one child per request, bound to the request id; a pino child with our redaction costs its
 * bindings' serialization through the redactor (the wildcard paths) and a copy of the formatters, which every
 * request paid at LOG_LEVEL=warn for lines it never wrote (1.2-1.6 µs of CPU a request on the loaded 2-core
 * machine, against 0.4 µs this way). This one answers the calls Fastify and our code make (the six levels,
 * `isLevelEnabled`, `child`, `bindings`, `level`) and makes the same child, with the same bindings and
 * options, the first time it has something to write: at info (request lines on, the default) that is every
 * request, as before.
 */
class RequestLogger {
  private made: Pino | undefined;

  constructor(
    private readonly parent: Pino,
    private readonly bound: Bindings,
    private readonly options: ChildOptions | undefined,
  ) {}

  private get pino(): Pino {
    return (this.made ??= this.parent.child(this.bound, this.options as never) as Pino);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.pino.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  private write(level: LevelName, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    Reflect.apply(this.pino[level], this.pino, args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): Pino {
    return this.pino.child(bindings, options as never);
  }

  bindings(): Bindings {
    return this.pino.bindings();
  }
}

/**
 * Fastify's `childLoggerFactory`: a `RequestLogger`, made into pino's child when it writes. A route with a log
 * level or serializers of its own (none has one today) gets pino's child at once, as Fastify's default does.
 */
export function requestLoggerFactory(logger: Pino, bindings: Bindings, options: ChildOptions | undefined): Pino {
  if (options && (options.level !== undefined || options.serializers !== undefined))
    return logger.child(bindings, options as never);
  // Fastify passes `{}` when the route sets neither; pino takes its quicker way for no options at all.
  return new RequestLogger(logger, bindings, undefined) as unknown as Pino;
}

/**
 * nestjs-pino's PinoLogger answers the first pino of the process (a module-level root) outside a request;
 * this one answers its app's own, so that two apps in one process (the tests) each log at their own level.
 */
class AppPinoLogger extends PinoLogger {
  constructor(private readonly own: Pino) {
    super({ pinoHttp: { logger: own } });
  }

  override get logger(): Pino {
    return this.own;
  }
}

/** Nest's LoggerService over `logger` (nestjs-pino): Nest's lines become JSON, with their context in `context`. */
export function nestLogger(logger: Pino): LoggerService {
  return new NestPinoLogger(new AppPinoLogger(logger), {});
}

/**
 * Fastify's request lines, replaced: none when a request arrives (nor for a route not found: the request's
 * one line says 404), and one when it is answered, at info: `reqId` (bound by Fastify), `method`, `route`
 * (the template), `statusCode` and `responseTime` (ms). Never the URL, which may hold a `?token=`.
 */
export class RequestLines extends LogController {
  constructor(private readonly routes: RouteLabels) {
    super({});
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as Pino;
    if (!log.isLevelEnabled(error ? 'error' : 'info')) return;
    const line = {
      method: request.method,
      route: this.routes.of(request.routeOptions.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 1000) / 1000,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request completed');
  }
}

type StreamEnd = (request: FastifyRequest, reply: FastifyReply) => void;
const streamEnds = new WeakMap<object, StreamEnd[]>();

/** Calls `fn` when a hijacked response (a stream) ends: Fastify's own end of request (its log line, `onResponse`) never comes for one. */
export function onStreamEnd(fastify: FastifyInstance, fn: StreamEnd): void {
  const list = streamEnds.get(fastify) ?? [];
  list.push(fn);
  streamEnds.set(fastify, list);
}

/**
 * `reply.hijack()` for a response the route writes itself for as long as it lasts (an event stream), with its
 * request line and its duration in the metrics written when it closes.
 */
export function hijackStream(reply: FastifyReply): void {
  reply.hijack();
  const ends = streamEnds.get(reply.server);
  if (ends)
    reply.raw.once('close', () => {
      for (const end of ends) end(reply.request, reply);
    });
}

/** The request id in a response header, on every answer. */
export function useRequestIdHeader(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
