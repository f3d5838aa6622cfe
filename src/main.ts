import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { configFromEnv } from './common/config';

async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  new Logger('turnbase').log(`listening on http://localhost:${config.port} (API docs at /docs, spec at /openapi.json)`);
}

main().catch((error: unknown) => {
  // A refusal at start-up (bad configuration, an unknown migration) is one clear line, then exit code 1.
  new Logger('turnbase').error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
