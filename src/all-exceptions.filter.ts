import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ApiError, type ErrorBody, withRequestId } from './common/api-error';
import { Metrics, NO_METRICS } from './metrics/metrics';
import { RETRY_AFTER_SECONDS, classifyDatabaseError } from './store/db-unavailable';

/** Fastify's own errors (body parsing and limits) by code, mapped to ours. */
const FASTIFY_ERRORS: Record<string, ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON: Content-Type: application/json.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new ApiError('VALIDATION_FAILED', 'The Content-Length does not match the body.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new ApiError('VALIDATION_FAILED', 'The JSON body is empty.'),
};

/** Turns anything thrown into the one error format `{ statusCode, code, message, reason?, details? }`. */
export function toErrorBody(exception: unknown, logger?: { error(message: string): void }): ErrorBody {
  if (exception instanceof ApiError) return exception.toBody();
  const unavailable = classifyDatabaseError(exception); // a failover, a stopped or read-only database: 503, never 500
  if (unavailable)
    return new ApiError(
      'SERVICE_UNAVAILABLE',
      'The database is unavailable; retry after Retry-After seconds.',
      unavailable.reason,
    ).toBody();
  const fastifyCode = (exception as { code?: unknown } | null)?.code;
  if (typeof fastifyCode === 'string' && FASTIFY_ERRORS[fastifyCode]) return FASTIFY_ERRORS[fastifyCode].toBody();
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (exception instanceof SyntaxError || (typeof status === 'number' && status === 400)) {
    // Bad JSON, a poisoned __proto__ key, or any other 400 from the body parser.
    return new ApiError(
      'VALIDATION_FAILED',
      `The body is not valid JSON: ${(exception as Error).message}`.slice(0, 300),
    ).toBody();
  }
  if (exception instanceof HttpException) {
    const s = exception.getStatus();
    if (s === 404) return new ApiError('NOT_FOUND', 'No such route.').toBody();
    if (s === 413) return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.').toBody();
    if (s === 415) return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON: Content-Type: application/json.').toBody();
    if (s === 429) return new ApiError('RATE_LIMITED', 'Too many requests; slow down.').toBody();
    if (s < 500) return new ApiError('VALIDATION_FAILED', exception.message).toBody();
    // Terminus: a health indicator is down; its report is the detail.
    if (s === 503)
      return new ApiError(
        'SERVICE_UNAVAILABLE',
        'A service the server depends on is down.',
        undefined,
        exception.getResponse(),
      ).toBody();
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.').toBody();
    if (status === 415)
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON: Content-Type: application/json.').toBody();
    return new ApiError('VALIDATION_FAILED', String((exception as Error).message).slice(0, 300)).toBody();
  }
  logger?.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return new ApiError('INTERNAL', 'Internal error.').toBody();
}

interface Request {
  readonly id?: string;
  /** Fastify's request logger: its lines carry the request id. */
  readonly log?: { error(message: string): void };
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly metrics: Metrics = NO_METRICS) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<{
      status(code: number): { send(body: unknown): void };
      header(name: string, value: string): unknown;
    }>();
    const request = http.getRequest<Request | undefined>();
    const body = toErrorBody(exception, request?.log ?? this.logger);
    if (exception instanceof ApiError && exception.headers)
      for (const [name, value] of Object.entries(exception.headers)) reply.header(name, value);
    if (body.statusCode === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    if (body.statusCode === 429) this.metrics.rateLimited(body.reason ?? 'rate-limit/default');
    else if (body.statusCode === 503 && body.reason?.startsWith('database/')) this.metrics.dbUnavailable();
    // The request id (also the X-Request-Id header) goes in every error body, so a client's report finds the log line.
    if (request?.id !== undefined) body.details = withRequestId(body.details, request.id);
    reply.status(body.statusCode).send(body);
  }
}
