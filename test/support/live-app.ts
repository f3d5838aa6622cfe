import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { LiveLimits } from '../../src/live/limits';
import { startApp } from './app';

/** Another app instance on the test database, with some LIVE_* settings of its own. */
export async function startAppWith(env: Record<string, string>): Promise<NestFastifyApplication> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await startApp();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Resolves once the instance holds exactly `n` open streams and waiting long-polls. */
export async function untilOpen(app: NestFastifyApplication, n: number, timeoutMs = 10_000): Promise<void> {
  const limits = app.get(LiveLimits);
  const until = Date.now() + timeoutMs;
  while (limits.openCount !== n) {
    if (Date.now() > until) throw new Error(`expected ${n} open streams, have ${limits.openCount}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
