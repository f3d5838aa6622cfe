import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Body } from './body';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Answer = { status: number; headers?: Record<string, string> };

/** A local webhook receiver on 127.0.0.1: records every request and answers as `answer` says (200 by default). */
export class Receiver {
  readonly received: Received[] = [];
  answer: (req: Received, index: number) => Answer = () => ({ status: 200 });
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(r);
        const { status, headers } = this.answer(r, this.received.length - 1);
        res.writeHead(status, headers).end('ok');
      });
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The parsed bodies of the requests received so far for one match. */
  bodiesFor(matchId: string): Body[] {
    return this.received.map((r) => JSON.parse(r.body) as Body).filter((b) => b.data?.matchId === matchId);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`receiver: condition not met within ${timeoutMs} ms (${this.received.length} requests so far)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
