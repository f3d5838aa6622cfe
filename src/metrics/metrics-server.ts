/**
 * `GET /metrics` on a port of its own (METRICS_PORT; docs/api.md "Operations"), a plain node:http server beside the
 * API's Fastify: a scrape is then never rate-limited, never in the request log or the OpenAPI document, and
 * can be kept off the public network by a firewall rule on its port alone (as Nakama serves its metrics).
 */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics } from './metrics';

@Injectable()
export class MetricsServer implements OnApplicationShutdown {
  private server: Server | null = null;

  constructor(private readonly metrics: Metrics) {}

  /** Starts serving on `port` (0: any free one); answers the port bound. Refuses when metrics are off. */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    if (!this.metrics.enabled) throw new Error('metrics are off (METRICS_PORT=0)');
    if (this.server) throw new Error('the metrics server already listens');
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
        return;
      }
      this.metrics.text().then(
        (text) =>
          res
            .writeHead(200, { 'content-type': this.metrics.contentType })
            .end(req.method === 'HEAD' ? undefined : text),
        (error: unknown) =>
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${(error as Error).message}\n`),
      );
    });
    server.keepAliveTimeout = 65_000; // longer than Prometheus's idle connection, so a scrape does not race a close
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
