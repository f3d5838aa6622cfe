/**
 * `GET /metrics` on a port of its own (METRICS_PORT; docs/api.md "Operations"), a plain node:http server beside the
 * API's Fastify: a scrape is then never rate-limited, never in the request log or the OpenAPI document, and
 * can be kept off the public network by a firewall rule on its port alone (as Nakama serves its metrics).
 *
 * Its port when taken (issue 35: a second `npm start` on one host exited, because both wanted 9464): left at its
 * default, the instance logs one warning and serves without metrics, since the first instance holds the port
 * and nobody chose it; set explicitly (METRICS_PORT), the start stops, naming it, since serving without the
 * metrics someone asked for would hide the instance from its monitoring. Rejected: trying the next ports (a
 * scrape config names ports, and one that moves by itself scrapes the wrong instance).
 */
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../common/config';
import { Metrics } from './metrics';

/** Where the configuration puts the metrics: its port, whether that port is METRICS_PORT's default, the host. */
type MetricsPlace = Pick<AppConfig, 'metricsPort' | 'metricsPortIsDefault' | 'metricsHost'>;

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

  /**
   * Listens as configured: answers the port bound, or null when metrics are off (METRICS_PORT=0) or the default
   * port is taken (then after one warning). Throws, naming the port, when an explicit port cannot be bound, or
   * the default one for another reason than being taken (METRICS_HOST not an address of this machine).
   */
  async start(place: MetricsPlace, logger = new Logger('Metrics')): Promise<number | null> {
    if (place.metricsPort === 0) return null;
    try {
      return await this.listen(place.metricsPort, place.metricsHost);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && place.metricsPortIsDefault) {
        logger.warn(
          `serving without metrics: the default METRICS_PORT ${place.metricsPort} is taken on ${place.metricsHost} (another instance on this host?); set METRICS_PORT to a free port to serve them, or to 0 to turn them off`,
        );
        return null;
      }
      throw new Error(
        code === 'EADDRINUSE'
          ? `METRICS_PORT ${place.metricsPort} is taken on ${place.metricsHost} (another process listens there): choose another METRICS_PORT, or 0 to turn metrics off`
          : `METRICS_PORT ${place.metricsPort} on ${place.metricsHost}: ${(error as Error).message}`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
