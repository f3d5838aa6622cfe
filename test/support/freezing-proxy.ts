import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP proxy in front of a database that a test can freeze: what a frozen server (SIGSTOP, a host that went
 * away without a reset) looks like to its clients. While frozen, connections are still accepted (the kernel of
 * a stopped server does that too) and nothing is forwarded either way: bytes wait, nothing is answered,
 * nothing is closed. `thaw` forwards what waited and carries on.
 */
interface Pair {
  readonly client: Socket;
  upstream: Socket | null;
  readonly toUp: Buffer[];
  readonly toClient: Buffer[];
  /** Set while the connection waits to be forwarded (it came while frozen). */
  pending?: () => void;
}

export class FreezingProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<Pair>();
  private frozen = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** A proxy for a postgresql:// URL, and the URL through it. */
  static async forUrl(url: string): Promise<{ proxy: FreezingProxy; url: string }> {
    const target = new URL(url);
    const proxy = await new FreezingProxy(target.hostname, Number(target.port || 5432)).start();
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    return { proxy, url: through.toString() };
  }

  async start(): Promise<this> {
    const server = createServer((client) => {
      const pair: Pair = { client, upstream: null, toUp: [], toClient: [] };
      this.pairs.add(pair);
      const open = (): void => {
        const upstream = connect(this.targetPort, this.targetHost);
        pair.upstream = upstream;
        upstream.on('data', (d: Buffer) => (this.frozen ? pair.toClient.push(d) : client.write(d)));
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
        for (const d of pair.toUp.splice(0)) upstream.write(d);
      };
      client.on('data', (d: Buffer) => {
        if (this.frozen || !pair.upstream) pair.toUp.push(d);
        else pair.upstream.write(d);
      });
      client.on('error', () => pair.upstream?.destroy());
      client.on('close', () => {
        pair.upstream?.destroy();
        this.pairs.delete(pair);
      });
      if (!this.frozen) open();
      else pair.pending = open;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) {
      const open = pair.pending;
      if (open) {
        delete pair.pending;
        open();
        continue;
      }
      for (const d of pair.toUp.splice(0)) pair.upstream?.write(d);
      for (const d of pair.toClient.splice(0)) pair.client.write(d);
    }
  }

  /** Connections held now (client side). */
  get connections(): number {
    return this.pairs.size;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
