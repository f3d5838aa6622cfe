import { Writable } from 'node:stream';
import { createLogger, requestLoggerFactory } from './logging';

function capture(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(level, out), lines };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('requestLoggerFactory', () => {
  it('makes no pino child for a request that writes nothing at its level, and a bound one when it writes', async () => {
    const { logger, lines } = capture('warn');
    const child = jest.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'r-1' }, {});
    expect(log.isLevelEnabled('info')).toBe(false);
    log.info({ route: '/x' }, 'request completed');
    log.debug('nothing');
    expect(child).not.toHaveBeenCalled();
    log.error({ statusCode: 500 }, 'request errored Bearer tbs_secret');
    expect(child).toHaveBeenCalledTimes(1);
    await flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'r-1', statusCode: 500, level: 50 });
    expect(String(lines[0]?.msg)).not.toContain('tbs_secret'); // scrubbed as every line is
  });

  it("writes request lines bound to the request id at info, as pino's own child did", async () => {
    const { logger, lines } = capture('info');
    const a = requestLoggerFactory(logger, { reqId: 'a' }, {});
    const b = requestLoggerFactory(logger, { reqId: 'b' }, undefined);
    a.info({ method: 'GET' }, 'request completed');
    b.warn('careful');
    a.child({ extra: 1 }).info('from a child');
    await flush();
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['a', 'request completed'],
      ['b', 'careful'],
      ['a', 'from a child'],
    ]);
    expect(lines[2]).toMatchObject({ extra: 1 });
    expect(a.bindings()).toEqual({ reqId: 'a' });
    expect(a.level).toBe('info');
  });

  it("gives a route with a level of its own pino's child at once", () => {
    const { logger } = capture('warn');
    const log = requestLoggerFactory(logger, { reqId: 'r' }, { level: 'debug' });
    expect(log.isLevelEnabled('debug')).toBe(true);
    expect(log.level).toBe('debug');
  });
});
