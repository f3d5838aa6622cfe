import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import { type AddressInfo, type Socket, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
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
  /** How long each answer is held back (to count requests in flight). */
  delayMs = 0;
  /** Requests being answered now, and the most there ever were at once. */
  active = 0;
  maxActive = 0;
  private server: Server | null = null;
  port = 0;
  host = '127.0.0.1';

  async start(port = 0, host = '127.0.0.1'): Promise<this> {
    const server = createServer((req, res) => {
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        this.received.push(r);
        const { status, headers } = this.answer(r, this.received.length - 1);
        const reply = (): void => {
          this.active--;
          res.writeHead(status, headers).end('ok');
        };
        if (this.delayMs > 0) setTimeout(reply, this.delayMs);
        else reply();
      });
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    this.server = server;
    this.host = host;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://${this.host}:${this.port}${path}`;
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
      if (Date.now() > until)
        throw new Error(`receiver: condition not met within ${timeoutMs} ms (${this.received.length} requests so far)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/**
 * A receiver that accepts every connection, reads the request and never answers (until it is stopped), or,
 * once `answering` is set, answers the requests that come after with 200.
 */
export class SilentReceiver {
  private server: TcpServer | null = null;
  private readonly sockets = new Set<Socket>();
  /** Connections accepted so far. */
  connections = 0;
  /** Whether requests arriving now are answered (200), not left hanging. */
  answering = false;
  /** Requests answered so far. */
  answered = 0;
  port = 0;
  host = '127.0.0.1';

  async start(host = '127.0.0.1'): Promise<this> {
    const server = createTcpServer((socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('data', () => {
        if (!this.answering) return;
        this.answered++;
        socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    this.server = server;
    this.host = host;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://${this.host}:${this.port}${path}`;
  }

  /** Connections open now. */
  get open(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > until)
        throw new Error(
          `silent receiver: condition not met within ${timeoutMs} ms (${this.connections} connections so far)`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
