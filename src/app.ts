import type { LogLevel } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { useJsonBodyParser } from './common/json-body';
import { RATE_LIMIT_HEADERS } from './common/rate-limit';
import { AppValidationPipe } from './games/validation.pipe';
import type { AppConfig } from './common/config';
import { httpServerOptions } from './common/http-limits';
import {
  REQUEST_ID_HEADER,
  RequestLines,
  createLogger,
  genReqId,
  nestLogger,
  onStreamEnd,
  requestLoggerFactory,
  useRequestIdHeader,
} from './common/logging';
import { RouteLabels } from './common/route-label';
import { GAMES } from './games/games';
import { ALL_GAMES } from './engine/games';
import { addGameSchemas, withoutRequestDefaults } from './games/openapi';
import { SEEK_SCHEMAS } from './seeks/openapi-seeks';
import { useFixedSeeds } from './matches/tokens';
import { useHttpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';

/** Nest's log levels as a pino level: the most verbose one given (tests pass ['error'] to keep quiet). */
function pinoLevelOf(levels: false | LogLevel[]): AppConfig['logLevel'] {
  if (levels === false || levels.length === 0) return 'silent';
  for (const [nest, pino] of [
    ['verbose', 'trace'],
    ['debug', 'debug'],
    ['log', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
  ] as const) {
    if (levels.includes(nest)) return pino;
  }
  return 'fatal';
}

/**
 * The app, not yet listening. `logger`: Nest's levels, overriding LOG_LEVEL (config.logLevel) when given;
 * `logTo`: where the JSON lines go (standard output unless given).
 */
export async function createApp(
  config: AppConfig,
  logger?: false | LogLevel[],
  logTo?: DestinationStream,
): Promise<NestFastifyApplication> {
  useFixedSeeds(config.fixedSeed);
  const log = createLogger(logger === undefined ? config.logLevel : pinoLevelOf(logger), logTo);
  const routes = new RouteLabels(GAMES.map((g) => g.engine.id));
  const requestLines = new RequestLines(routes);
  const adapter = new FastifyAdapter({
    ...httpServerOptions(config),
    loggerInstance: log,
    logController: requestLines, // one JSON line per answered request (common/logging.ts)
    genReqId,
    childLoggerFactory: requestLoggerFactory as unknown as FastifyServerOptions['childLoggerFactory'], // request.log made when it writes
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 1000 }, // a long bad id is a 404 from our validation, not a 414 from the router
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: nestLogger(log),
    bodyParser: false,
    abortOnError: false,
  }); // JSON parsing: useJsonBodyParser
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP']); // not SIGUSR1/2 (Nest's default list): those are the debugger's and the profiler's
  app.getHttpServer().maxConnections = config.maxConnections; // Node refuses connections beyond this
  const metrics = app.get(Metrics);
  app.useGlobalFilters(new AllExceptionsFilter(metrics));
  useRequestIdHeader(app.getHttpAdapter().getInstance());
  onStreamEnd(app.getHttpAdapter().getInstance(), (request, reply) =>
    requestLines.requestCompleted(null, request, reply),
  );
  useHttpMetrics(app.getHttpAdapter().getInstance(), metrics, routes);
  app.useGlobalPipes(new AppValidationPipe());
  // JSON only: a text/plain body is refused with 415 instead of reaching validation as a string.
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  useJsonBodyParser(app.getHttpAdapter().getInstance());
  // Bearer tokens, not cookies: any listed origin may call, and read the headers a client needs.
  if (config.corsOrigins === '*' || config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins === '*' ? '*' : [...config.corsOrigins],
      // The lists as the header values: @fastify/cors joins an array on every request. DELETE: a page cancels its
      // seek (DELETE /seeks/{id}).
      methods: 'GET, POST, DELETE',
      // Last-Event-ID: a stream read with fetch resumes with it (EventSource sends it by itself on a reconnect).
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'If-Match',
        'If-None-Match',
        'Idempotency-Key',
        'Last-Event-ID',
      ].join(', '),
      // The rate-limit headers the server sends (src/common/rate-limit.ts), so a browser client can pace itself.
      exposedHeaders: [
        'ETag',
        'Location',
        'Idempotent-Replayed',
        'Retry-After',
        REQUEST_ID_HEADER,
        ...RATE_LIMIT_HEADERS,
      ].join(', '),
      maxAge: 600,
    });
  }

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('turnbase')
      .setDescription(
        `Turn-based board and card games over HTTP: ${ALL_GAMES.map((g) => g.title).join(', ')}. Every match is an event-sourced move log.`,
      )
      .setVersion('1')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        description: 'The seat token from match creation (an opaque string; the scheme name is case-insensitive).',
      })
      .build(),
  );
  addGameSchemas(document, GAMES);
  Object.assign(document.components?.schemas ?? {}, SEEK_SCHEMAS);
  withoutRequestDefaults(document); // last: it covers every request schema, the seeks' included
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json' });
  return app;
}
