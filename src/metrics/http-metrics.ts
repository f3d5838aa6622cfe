import type { FastifyInstance } from 'fastify';
import { onStreamEnd } from '../common/logging';
import type { RouteLabels } from '../common/route-label';
import type { Metrics } from './metrics';

/**
 * turnbase_http_request_duration_seconds: one observation per answered request, in Fastify's `onResponse`
 * (after the body is sent), with the route's template as its label (src/common/route-label.ts). Nothing is
 * hooked when metrics are off.
 */
export function useHttpMetrics(fastify: FastifyInstance, metrics: Metrics, routes: RouteLabels): void {
  if (!metrics.enabled) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, routes.of(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // A stream (a hijacked reply) has no onResponse: it is observed when it closes, with its whole duration.
  onStreamEnd(fastify, (request, reply) =>
    metrics.request(request.method, routes.of(request.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000),
  );
}
