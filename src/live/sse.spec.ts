import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { SseResponse, sseFrame } from './sse';

/** A response whose client reads nothing: every byte written stays buffered. */
class StuckResponse extends EventEmitter {
  writableLength = 0;
  writableNeedDrain = false;
  ended = false;
  destroyed = false;
  head: [number, Record<string, unknown>] | null = null;
  writeHead(status: number, headers: Record<string, unknown>): this {
    this.head = [status, headers];
    return this;
  }
  write(chunk: string): boolean {
    this.writableLength += Buffer.byteLength(chunk);
    this.writableNeedDrain = this.writableLength > 16;
    return !this.writableNeedDrain;
  }
  /** Like Node's: the close waits for the client to read what is queued, which this one never does. */
  end(): this {
    this.ended = true;
    return this;
  }
  destroy(): this {
    this.destroyed = true;
    this.emit('close');
    return this;
  }
}

const open = (max: number) => {
  const res = new StuckResponse();
  return { res, sse: new SseResponse(res as unknown as ServerResponse, max, { 'access-control-allow-origin': '*' }) };
};

describe('SseResponse', () => {
  it('answers 200 text/event-stream at once, keeping headers set before', () => {
    const { res } = open(1000);
    expect(res.head?.[0]).toBe(200);
    expect(res.head?.[1]).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'access-control-allow-origin': '*',
    });
  });

  it('writes id, event and one data line per event', () => {
    expect(sseFrame(7, 'MoveMade', { a: 'x\ny' })).toBe('id: 7\nevent: MoveMade\ndata: {"a":"x\\ny"}\n\n');
  });

  it('drops a reader that lets more than its buffer pile up, rather than buffering without bound', () => {
    const { res, sse } = open(200);
    let closed = 0;
    sse.whenClosed(() => closed++);
    for (let i = 0; i < 3; i++) expect(sse.write(sseFrame(i, 'MoveMade', {}))).toBe(true);
    expect(sse.write(sseFrame(4, 'MoveMade', { pad: 'x'.repeat(200) }))).toBe(false);
    expect(res.destroyed).toBe(true); // its socket goes at once, not after the queue is read (never)
    expect(sse.closed).toBe(true);
    expect(sse.write('more')).toBe(false);
    expect(closed).toBe(1);
  });

  it('drops a reader that does not read for the slow-reader time while catching up', async () => {
    const { res, sse } = open(10_000);
    sse.write(sseFrame(1, 'MoveMade', { pad: 'x'.repeat(100) }));
    await sse.drained(20);
    expect(res.destroyed).toBe(true);
    expect(sse.closed).toBe(true);
  });

  it('goes on as soon as the reader drains', async () => {
    const { res, sse } = open(10_000);
    sse.write(sseFrame(1, 'MoveMade', { pad: 'x'.repeat(100) }));
    const drained = sse.drained(10_000);
    res.writableLength = 0;
    res.writableNeedDrain = false;
    res.emit('drain');
    await drained;
    expect(res.ended).toBe(false);
    expect(res.destroyed).toBe(false);
  });
});
