/**
 * Jest setup for every suite: each app made by `createApp` (through startApp or directly) reports every
 * response it sends to a SpecChecker built from the app's own /openapi.json. A response that does not
 * match the spec (an undeclared status, a body or a declared header that does not match its schema, an
 * undocumented route) fails the test during which it was sent. So does every event a stream writes (its id,
 * event name and data against the route's text/event-stream schema). Nothing to do per suite or per route.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SpecChecker } from './spec-check';

const violations: string[] = [];

function watch(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  let checker: Promise<SpecChecker> | undefined;
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.url === '/openapi.json') return payload;
    checker ??= fastify.inject({ method: 'GET', url: '/openapi.json' }).then((r) => new SpecChecker(r.json()));
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : payload == null
            ? undefined
            : '(a stream)';
    const problems = (await checker).check({
      method: request.method,
      preflight: request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined,
      route: request.routeOptions?.url,
      url: request.url.slice(0, 200),
      status: reply.statusCode,
      headers: reply.getHeaders(),
      body: body === '(a stream)' && /^\/docs/.test(request.url) ? undefined : body,
    });
    violations.push(...problems);
    return payload;
  });
  // A stream is written straight to the socket (no onSend): each event is checked as it is written, whoever
  // reads it (SseClient, supertest, a browser).
  fastify.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions?.url;
    if (request.method !== 'GET' || route === undefined || !/\/events$/.test(route)) return;
    checker ??= fastify.inject({ method: 'GET', url: '/openapi.json' }).then((r) => new SpecChecker(r.json()));
    const spec = await checker;
    if (!spec.isStream(route)) return;
    const raw = reply.raw;
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    let buffer = '';
    raw.write = ((chunk: unknown, ...rest: unknown[]) => {
      buffer += typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const frame = parseFrame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (frame) violations.push(...spec.checkStreamEvent(route, request.url.slice(0, 200), frame));
      }
      return write(chunk, ...rest);
    }) as typeof raw.write;
  });
}

/** One Server-Sent Events block (the server writes `\n` line ends); null for a comment-only block. */
function parseFrame(block: string): { id: string | undefined; event: string | undefined; data: string } | null {
  const frame: { id: string | undefined; event: string | undefined; data: string } = {
    id: undefined,
    event: undefined,
    data: '',
  };
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'data') {
      frame.data = hasData ? `${frame.data}\n${value}` : value;
      hasData = true;
    }
  }
  return hasData ? frame : null;
}

jest.mock('../../src/app', () => {
  const actual = jest.requireActual<typeof import('../../src/app')>('../../src/app');
  return {
    ...actual,
    createApp: async (...args: Parameters<typeof actual.createApp>) => {
      const app = await actual.createApp(...args);
      (require('./spec-setup') as { watchResponses: typeof watch }).watchResponses(app);
      return app;
    },
  };
});

export const watchResponses = watch;

afterEach(() => {
  const found = violations.splice(0);
  if (found.length > 0)
    throw new Error(
      `${found.length} response(s) do not match /openapi.json:\n${[...new Set(found)].slice(0, 20).join('\n')}`,
    );
});
