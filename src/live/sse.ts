/**
 * One Server-Sent Events response. Frames are written straight to the socket; nothing is queued here beyond
 * what the socket itself buffers, and a client that lets more than `maxBufferedBytes` pile up there is dropped
 * (it resumes from its last `id:` when it reconnects, so dropping loses nothing).
 *
 * Dropped means the socket destroyed, not ended: `end()` waits for what is queued to be read, which a reader
 * that does not read never does, so an ended slow reader kept its socket (and its queued frames) until the
 * idle timeout, 90 s later: 32 sockets held against a limit of 16, and 219 → 440 MB (issue 25, L8).
 */
import type { ServerResponse } from 'node:http';

export function sseFrame(id: number | string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class SseResponse {
  private ended = false;
  private readonly onClose: (() => void)[] = [];

  constructor(
    private readonly res: ServerResponse,
    private readonly maxBufferedBytes: number,
    headers: Record<string, string | number | string[] | undefined>,
  ) {
    // 200 and the content type at once, before any event, so a client knows its stream is open.
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    res.write(': open\n\n');
    res.on('close', () => this.finish());
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Calls `fn` once when the stream ends, whoever ends it. */
  whenClosed(fn: () => void): void {
    if (this.ended) fn();
    else this.onClose.push(fn);
  }

  /** Writes a chunk; a reader that falls too far behind is dropped. Returns whether the stream is still open. */
  write(chunk: string): boolean {
    if (this.ended) return false;
    this.res.write(chunk);
    if (this.res.writableLength > this.maxBufferedBytes) this.drop();
    return !this.ended;
  }

  heartbeat(): void {
    this.write(': heartbeat\n\n');
  }

  /** Waits until the socket has taken what was written (the pace of a catch-up is the reader's). */
  drained(timeoutMs: number): Promise<void> {
    const res = this.res;
    if (this.ended || !res.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.drop(); // has not read for timeoutMs: a slow reader
        done();
      }, timeoutMs);
      res.on('drain', done);
      res.on('close', done);
    });
  }

  /** Ends the stream once what is queued is sent (shutdown, or a failed read: the client resumes). */
  end(): void {
    if (!this.ended) this.res.end();
    this.finish();
  }

  /** Drops a reader that does not read: its socket and whatever is queued for it go at once. */
  drop(): void {
    this.res.destroy();
    this.finish();
  }

  private finish(): void {
    if (this.ended && this.onClose.length === 0) return;
    this.ended = true;
    for (const fn of this.onClose.splice(0)) fn();
  }
}
