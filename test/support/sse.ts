import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** The base URL of an app, listening on a loopback port (started here if it is not yet). */
export async function baseUrl(app: NestFastifyApplication): Promise<string> {
  const server = app.getHttpServer();
  if (!server.listening) await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A Server-Sent Events client as a test needs it: every event and comment received, in order, and ways to
 * wait for them. Parses the wire format itself (id:, event:, data:, comment lines, blank line between events).
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = '';
  private waiters: (() => void)[] = [];

  private constructor(
    readonly req: ClientRequest,
    readonly res: IncomingMessage,
  ) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.feed(chunk));
    res.on('end', () => this.finish());
    res.on('close', () => this.finish());
    res.on('error', () => this.finish());
  }

  /** Opens the stream; resolves as soon as the status line and headers arrive (before any event). */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) =>
        resolve(new SseClient(req, res)),
      );
      req.on('error', reject);
      req.end();
    });
  }

  get status(): number {
    return this.res.statusCode ?? 0;
  }

  /** Parsed JSON data of every event so far. */
  get data(): { entry: Record<string, unknown>; match: Record<string, unknown> }[] {
    return this.events.map((e) => JSON.parse(e.data));
  }

  /** Resolves once `predicate` holds (checked on every frame), or rejects after `timeoutMs`. */
  until(predicate: (c: SseClient) => boolean, timeoutMs = 20_000, what = 'the stream'): Promise<void> {
    if (predicate(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`timed out waiting for ${what}; got ${this.events.length} events, ended: ${this.ended}`)),
        timeoutMs,
      );
      const check = (): void => {
        if (predicate(this)) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  untilEvents(n: number, timeoutMs?: number): Promise<void> {
    return this.until((c) => c.events.length >= n, timeoutMs, `${n} events`);
  }

  close(): void {
    this.req.destroy();
    this.finish();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const event: SseEvent = { id: undefined, event: undefined, data: '' };
      let hasData = false;
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') event.id = value;
          else if (field === 'event') event.event = value;
          else if (field === 'data') {
            event.data = hasData ? `${event.data}\n${value}` : value;
            hasData = true;
          }
        }
      }
      if (hasData) this.events.push(event);
    }
    this.notify();
  }

  private finish(): void {
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    for (const check of this.waiters.splice(0)) check();
  }
}
