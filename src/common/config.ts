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
    poolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    bodyLimit: 64 * 1024,
    logRequests: env.LOG_REQUESTS === '1',
  };
}
