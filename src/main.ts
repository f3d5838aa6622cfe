import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { configFromEnv } from './common/config';
import { MetricsServer } from './metrics/metrics-server';

/** How a log line names an address to open: a wildcard as localhost, an IPv6 address in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await createApp(config);
  // HOST, METRICS_HOST (docs/api.md "Operations", "Binding"). A taken PORT stops the start naming it, with the app
  // closed first: its open database pool would otherwise keep the refused process alive.
  await app.listen(config.port, config.host).catch(async (error: unknown) => {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `PORT ${config.port} is taken on ${config.host} (another instance on this host?): set PORT to a free port`
        : `PORT ${config.port} on HOST ${config.host}: ${(error as Error).message}`,
    );
  });
  // Bound before the line below, which a supervisor (or a test) may take as "ready". A default METRICS_PORT
  // that is taken is one warning and no metrics; an explicit one stops the start (src/metrics/metrics-server.ts).
  const metricsPort = await app
    .get(MetricsServer)
    .start(config)
    .catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
  new Logger('turnbase').log(
    `listening on http://${urlHost(config.host)}:${config.port} (API docs at /docs, spec at /openapi.json)${metricsPort ? `; metrics on ${urlHost(config.metricsHost)}:${metricsPort}/metrics` : ''}`,
  );
}

main().catch((error: unknown) => {
  // A refusal at start-up (bad configuration, an unknown migration, a port taken) is one clear line, then exit code 1.
  new Logger('turnbase').error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
