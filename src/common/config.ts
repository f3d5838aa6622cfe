import { join } from 'node:path';

export interface AppConfig {
  readonly port: number;
  /** A postgresql:// URL; unset means the embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly poolSize: number;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimit: number;
  readonly logRequests: boolean;
  /** Requests per minute per client address; 0 turns rate limiting off. */
  readonly rateLimitPerMinute: number;
  /** Origins answered with CORS headers: `*` (any), a list, or none (CORS off). */
  readonly corsOrigins: '*' | readonly string[];
}

/** `CORS_ORIGINS`: unset or `*` → any origin; `https://a.example,https://b.example` → those; empty → none. */
function corsOrigins(raw: string | undefined): '*' | readonly string[] {
  if (raw === undefined || raw.trim() === '*') return '*';
  const list = raw.split(',').map((o) => o.trim()).filter((o) => o !== '');
  for (const o of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(o)) throw new Error(`CORS_ORIGINS must be * or comma-separated origins such as https://app.example, not ${o}`);
  }
  return list;
}

function nonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0, not ${raw}`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const url = env.DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgresql:// URL');
  return {
    port,
    databaseUrl: url || undefined,
    dataDir: env.TURNBASE_DATA_DIR ?? join(process.cwd(), '.data', 'pglite'),
    poolSize: nonNegativeInt('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10) || 10,
    bodyLimit: 64 * 1024,
    logRequests: env.LOG_REQUESTS === '1',
    rateLimitPerMinute: nonNegativeInt('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 0),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
  };
}
