/**
 * The HTTP layer's own limits, as Fastify and Node server options, and its own errors in the one error
 * format. Those errors happen before any route (and so before Nest's exception filter): a request not
 * received in time (408), headers over Node's 16 KiB (431), a path parameter over 1,000 characters (414), a
 * malformed URL or request (400). Their bodies never echo the path or headers back.
 */
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, withRequestId } from './api-error';
import type { AppConfig } from './config';

function clientError(err: NodeJS.ErrnoException): ApiError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new ApiError('REQUEST_TIMEOUT', 'The request did not arrive in time.');
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return new ApiError('HEADERS_TOO_LARGE', 'The request headers are too large.');
  return new ApiError('VALIDATION_FAILED', 'The request is not valid HTTP.', 'http/malformed');
}

/** Node's 'clientError': the connection is answered in our format, then closed. */
function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const error = clientError(err);
    const body = JSON.stringify(error.toBody());
    socket.write(
      `HTTP/1.1 ${error.status} ${error.code}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The router's errors, raised before any hook: a bad URL or an over-long path parameter. */
function onFrameworkError(error: { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const ours =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('URI_TOO_LONG', 'A path parameter is too long.')
      : new ApiError('VALIDATION_FAILED', 'The URL is not valid.', 'http/bad-url');
  const body = ours.toBody();
  body.details = withRequestId(body.details, request.id);
  void reply.code(ours.status).header('x-request-id', request.id).type('application/json; charset=utf-8').send(body); // before any hook: the header too
}

/** Options for `new FastifyAdapter(...)`. */
export function httpServerOptions(config: AppConfig) {
  return {
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node checks the request and headers timeouts on this interval (30 s by default): check often enough
    // that a slow client is cut close to its deadline.
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    clientErrorHandler: onClientError,
    frameworkErrors: onFrameworkError,
  };
}
