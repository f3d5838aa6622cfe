import type { ArgumentsHost } from '@nestjs/common';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { ApiError } from './common/api-error';
import { Metrics } from './metrics/metrics';

/** A sample's value in the registry's text, or 0. */
async function valueOf(metrics: Metrics, line: string): Promise<number> {
  const found = (await metrics.text()).split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.split(' ').pop());
}

function hostFor(requestId: string): {
  host: ArgumentsHost;
  sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> };
} {
  const sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } = { headers: {} };
  const reply = {
    status: (s: number) => ({ send: (b: Record<string, unknown>) => Object.assign(sent, { status: s, body: b }) }),
    header: (name: string, value: string) => Object.assign(sent.headers, { [name]: value }),
  };
  const request = { id: requestId, log: { error: () => undefined } };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  return { host, sent };
}

describe('the counters of the exception filter', () => {
  it('counts 503s caused by the database and 429s by their limit', async () => {
    const metrics = new Metrics(true);
    const filter = new AllExceptionsFilter(metrics);
    const down = hostFor('req-1');
    filter.catch(
      new ApiError('SERVICE_UNAVAILABLE', 'The database cannot be reached.', 'database/unavailable'),
      down.host,
    );
    expect(down.sent.status).toBe(503);
    expect(down.sent.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { requestId: 'req-1' } });
    expect(down.sent.headers['Retry-After']).toMatch(/^\d+$/);
    filter.catch(new ApiError('SERVICE_UNAVAILABLE', 'Something else is down.'), hostFor('req-2').host);
    filter.catch(new ApiError('RATE_LIMITED', 'Slow down.', 'rate-limit/create'), hostFor('req-3').host);
    filter.catch(new ApiError('RATE_LIMITED', 'Too many streams.', 'live/per-token'), hostFor('req-4').host);
    filter.catch(new ApiError('RATE_LIMITED', 'Slow down.', 'rate-limit/create'), hostFor('req-5').host);
    expect(await valueOf(metrics, 'turnbase_db_unavailable_total')).toBe(1);
    expect(await valueOf(metrics, 'turnbase_rate_limited_total{bucket="rate-limit/create"}')).toBe(2);
    expect(await valueOf(metrics, 'turnbase_rate_limited_total{bucket="live/per-token"}')).toBe(1);
  });
});
