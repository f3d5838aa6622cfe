import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { configFromEnv } from './common/config';

async function main(): Promise<void> {
  const config = configFromEnv();
  const app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  new Logger('turnbase').log(`listening on http://localhost:${config.port} (API docs at /docs, spec at /openapi.json)`);
}

void main();
