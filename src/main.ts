import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { configFromEnv } from './common/config';
import { MetricsServer } from './metrics/metrics-server';

async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  // Bound before the line below, which a supervisor (or a test) may take as "ready".
  const metricsPort =
    config.metricsPort > 0
      ? await app
          .get(MetricsServer)
          .listen(config.metricsPort, '0.0.0.0')
          .catch(async (error: unknown) => {
            await app.close(); // a port taken: refuse to start, rather than serve without the metrics asked for
            throw new Error(`METRICS_PORT ${config.metricsPort}: ${(error as Error).message}`);
          })
      : null;
  new Logger('turnbase').log(
    `listening on http://localhost:${config.port} (API docs at /docs, spec at /openapi.json)${metricsPort ? `; metrics on :${metricsPort}/metrics` : ''}`,
  );
}

main().catch((error: unknown) => {
  // A refusal at start-up (bad configuration, an unknown migration) is one clear line, then exit code 1.
  new Logger('turnbase').error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
