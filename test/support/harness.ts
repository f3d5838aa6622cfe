import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../../src/common/config';
import { startApp } from './app';
import { Client, Db } from './client';

export interface Harness {
  readonly app: NestFastifyApplication;
  readonly client: Client;
  readonly db: Db;
}

/**
 * Starts the app on the test database before the file's tests and closes it (and the db reader) after;
 * `overrides` turns on what startApp leaves off (the browser tests run the seek matcher).
 */
export function useApp(overrides: Partial<AppConfig> = {}): Harness {
  const h = {} as { app: NestFastifyApplication; client: Client; db: Db };
  beforeAll(async () => {
    h.app = await startApp(overrides);
    h.client = new Client(h.app);
    h.db = new Db();
  });
  afterAll(async () => {
    await h.app?.close();
    await h.db?.close();
  });
  return h;
}

/** Every key used anywhere in a JSON value (to prove a secret field never appears). */
export function keysOf(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) x.forEach((v) => keysOf(v, out));
  else if (x && typeof x === 'object') {
    for (const [k, v] of Object.entries(x)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

/**
 * The body less what docs/api.md "Fairness" reveals once a match is over (its top-level `seed` and `salt`); a
 * running match's body unchanged. Leak checks run on this, so they stay as strict everywhere else.
 */
export function unrevealed<T>(body: T): T {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== 'object' || !('status' in b) || b.status === 'active') return body;
  const { seed: _seed, salt: _salt, ...rest } = b;
  return rest as T;
}
