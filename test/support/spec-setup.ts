/**
 * Jest setup for every suite: each app made by `createApp` (through startApp or directly) reports every
 * response it sends to a SpecChecker built from the app's own /openapi.json. A response that does not
 * match the spec (an undeclared status, a body or a declared header that does not match its schema, an
 * undocumented route) fails the test during which it was sent. Nothing to do per suite or per route.
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
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? undefined : '(a stream)';
    const problems = (await checker).check({
      method: request.method,
      preflight: request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined,
      route: request.routeOptions?.url,
      url: request.url.slice(0, 200),
      status: reply.statusCode,
      headers: reply.getHeaders() as Record<string, unknown>,
      body: body === '(a stream)' && /^\/docs/.test(request.url) ? undefined : body,
    });
    violations.push(...problems);
    return payload;
  });
}

jest.mock('../../src/app', () => {
  const actual = jest.requireActual<typeof import('../../src/app')>('../../src/app');
  return {
    ...actual,
    createApp: async (...args: Parameters<typeof actual.createApp>) => {
      const app = await actual.createApp(...args);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./spec-setup') as { watchResponses: typeof watch }).watchResponses(app);
      return app;
    },
  };
});

export const watchResponses = watch;

afterEach(() => {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`${found.length} response(s) do not match /openapi.json:\n${[...new Set(found)].slice(0, 20).join('\n')}`);
});
