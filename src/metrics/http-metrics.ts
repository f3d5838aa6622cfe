import type { FastifyInstance } from 'fastify';
import { onStreamEnd } from '../common/logging';
import type { RouteLabels } from '../common/route-label';
import type { Metrics } from './metrics';

/**
 * The `method` label: the request's method when some route of the app serves it, else `other` (docs/api.md
 * "Operations", "Metrics"). Node's parser lets through every method it knows (35 on Node 20: PROPFIND, MKCOL,
 * PURGE, …), and each one made new series per route and status: issue 35 (audit N8) counted 306 series from
 * 575 junk requests. The served methods are read from the routes as they are added (Fastify's `onRoute`), not
 * listed by hand, so a route with a new method is labelled by it at once: today GET, HEAD (Fastify answers it
 * for every GET route), POST, DELETE and, with CORS on, OPTIONS.
 */
export class MethodLabels {
  private readonly served = new Set<string>();

  /** Counts the methods of every route added to `fastify` from now on (its plugins' included). */
  constructor(fastify: FastifyInstance) {
    fastify.addHook('onRoute', (route) => {
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        this.served.add(method);
        if (method === 'GET' && route.exposeHeadRoute !== false) this.served.add('HEAD');
      }
    });
  }

  of(method: string): string {
    return this.served.has(method) ? method : 'other';
  }
}

/**
 * turnbase_http_request_duration_seconds: one observation per answered request, in Fastify's `onResponse`
 * (after the body is sent), with the route's template as its label (src/common/route-label.ts) and the method
 * as MethodLabels names it. Nothing is hooked when metrics are off. Call it before the routes are added.
 */
export function useHttpMetrics(fastify: FastifyInstance, metrics: Metrics, routes: RouteLabels): MethodLabels | null {
  if (!metrics.enabled) return null;
  const methods = new MethodLabels(fastify);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      methods.of(request.method),
      routes.of(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // A stream (a hijacked reply) has no onResponse: it is observed when it closes, with its whole duration.
  onStreamEnd(fastify, (request, reply) =>
    metrics.request(
      methods.of(request.method),
      routes.of(request.routeOptions.url),
      reply.statusCode,
      reply.elapsedTime / 1000,
    ),
  );
  return methods;
}
