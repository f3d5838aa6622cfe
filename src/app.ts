import type { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { useJsonBodyParser } from './common/json-body';
import { RATE_LIMIT_HEADERS } from './common/rate-limit';
import { AppValidationPipe } from './common/validation.pipe';
import type { AppConfig } from './common/config';
import { httpServerOptions } from './common/http-limits';
import { GAMES } from './games/games';
import { addGameSchemas } from './games/openapi';
import { SEEK_SCHEMAS } from './seeks/openapi-seeks';
import { useFixedSeeds } from './matches/tokens';

export async function createApp(config: AppConfig, logger: false | LogLevel[] = ['log', 'warn', 'error']): Promise<NestFastifyApplication> {
  useFixedSeeds(config.fixedSeed);
  const adapter = new FastifyAdapter({
    ...httpServerOptions(config),
    logger: config.logRequests,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 1000 }, // a long bad id is a 404 from our validation, not a 414 from the router
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { logger, bodyParser: false, abortOnError: false }); // JSON parsing: useJsonBodyParser
  app.enableShutdownHooks(['SIGTERM', 'SIGINT', 'SIGHUP']); // not SIGUSR1/2 (Nest's default list): those are the debugger's and the profiler's
  app.getHttpServer().maxConnections = config.maxConnections; // Node refuses connections beyond this
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(new AppValidationPipe());
  // JSON only: a text/plain body is refused with 415 instead of reaching validation as a string.
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  useJsonBodyParser(app.getHttpAdapter().getInstance());
  // Bearer tokens, not cookies: any listed origin may call, and read the headers a client needs.
  if (config.corsOrigins === '*' || config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins === '*' ? '*' : [...config.corsOrigins],
      methods: ['GET', 'POST'],
      // Last-Event-ID: a stream read with fetch resumes with it (EventSource sends it by itself on a reconnect).
      allowedHeaders: ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key', 'Last-Event-ID'],
      // The rate-limit headers the server sends (src/common/rate-limit.ts), so a browser client can pace itself.
      exposedHeaders: ['ETag', 'Location', 'Idempotent-Replayed', 'Retry-After', ...RATE_LIMIT_HEADERS],
      maxAge: 600,
    });
  }

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('turnbase')
      .setDescription('Turn-based board and card games over HTTP: Reversi, Qwirkle, Deblockle, Split. Every match is an event-sourced move log.')
      .setVersion('1')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The seat token from match creation (an opaque string; the scheme name is case-insensitive).' })
      .build(),
  );
  addGameSchemas(document, GAMES);
  Object.assign(document.components?.schemas ?? {}, SEEK_SCHEMAS);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json' });
  return app;
}
