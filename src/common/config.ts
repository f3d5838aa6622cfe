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
  /** How long a match with open seats waits for players before it is aborted (WAITING_MATCH_TTL_SECONDS). */
  readonly waitingTtlSeconds: number;
  /** How often waiting matches past their time are looked for (EXPIRY_SWEEP_SECONDS; 0: never, e.g. in tests). */
  readonly expirySweepSeconds: number;
  /** How often the clock scheduler looks for deadlines that passed (CLOCK_SWEEP_MS; 0: never, e.g. in tests). */
  readonly clockSweepMs: number;
  /** Webhooks may reach loopback, private and link-local addresses, and plain http:// (WEBHOOK_ALLOW_PRIVATE=1). */
  readonly webhookAllowPrivate: boolean;
  /** The first retry's delay; later ones double, with jitter (WEBHOOK_RETRY_BASE_MS). */
  readonly webhookRetryBaseMs: number;
  /** How long a delivery is retried before it is given up (WEBHOOK_RETRY_WINDOW_SECONDS, at least a day by default). */
  readonly webhookRetryWindowSeconds: number;
  /** How long one attempt may take, connection to last byte (WEBHOOK_TIMEOUT_MS). */
  readonly webhookTimeoutMs: number;
  /** How often the dispatcher looks for due deliveries, besides the nudge after each event (WEBHOOK_POLL_MS; 0: never). */
  readonly webhookPollMs: number;
  /** How often the bot runner looks for bot turns to play (BOT_SWEEP_MS; 0: never). */
  readonly botSweepMs: number;
  /** How long an HTTP bot may take to answer when the match's clock leaves it longer (BOT_HTTP_TIMEOUT_MS). */
  readonly botHttpTimeoutMs: number;
  /** How often the tournament director looks for rounds that ended (TOURNAMENT_SWEEP_MS; 0: never). */
  readonly tournamentSweepMs: number;
  /** How often finished matches are folded into the ratings (RATINGS_SWEEP_MS; 0: never). */
  readonly ratingsSweepMs: number;
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
    waitingTtlSeconds: nonNegativeInt('WAITING_MATCH_TTL_SECONDS', env.WAITING_MATCH_TTL_SECONDS, 86_400) || 86_400,
    expirySweepSeconds: nonNegativeInt('EXPIRY_SWEEP_SECONDS', env.EXPIRY_SWEEP_SECONDS, 60),
    clockSweepMs: nonNegativeInt('CLOCK_SWEEP_MS', env.CLOCK_SWEEP_MS, 1000),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    webhookRetryBaseMs: nonNegativeInt('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 5000) || 5000,
    webhookRetryWindowSeconds: nonNegativeInt('WEBHOOK_RETRY_WINDOW_SECONDS', env.WEBHOOK_RETRY_WINDOW_SECONDS, 90_000) || 90_000,
    webhookTimeoutMs: nonNegativeInt('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000) || 10_000,
    webhookPollMs: nonNegativeInt('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1000),
    botSweepMs: nonNegativeInt('BOT_SWEEP_MS', env.BOT_SWEEP_MS, 100),
    botHttpTimeoutMs: nonNegativeInt('BOT_HTTP_TIMEOUT_MS', env.BOT_HTTP_TIMEOUT_MS, 5000) || 5000,
    tournamentSweepMs: nonNegativeInt('TOURNAMENT_SWEEP_MS', env.TOURNAMENT_SWEEP_MS, 250),
    ratingsSweepMs: nonNegativeInt('RATINGS_SWEEP_MS', env.RATINGS_SWEEP_MS, 1000),
  };
}
