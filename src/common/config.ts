import { join } from 'node:path';

/**
 * Every place a database socket can hang gets a bound (issue 28: a frozen primary without a session cut stalled
 * the instances until it came back, as a VIP or DNS switch does).
 */
export interface DatabaseTimeouts {
  /** Opening a connection (TCP + startup + the recovery check). */
  readonly connectMs: number;
  /** A statement's answer, measured by the client (pg's query_timeout): a server that stopped answering. 0 = none. */
  readonly queryMs: number;
  /** The server's own statement_timeout, set on each connection. 0 = none (the server's default). */
  readonly statementMs: number;
  /** TCP keepalive's first probe after this much silence. */
  readonly keepAliveMs: number;
  /** An idle pooled connection is closed after this. */
  readonly idleMs: number;
  /** How long a statement that certainly did not run is retried on new connections (refused, a standby). */
  readonly retryMs: number;
  /** The LISTEN connection's probe period (its LISTEN again, which must answer within connectMs). */
  readonly listenProbeMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  queryMs: 5000, // docs/api.md "Operations", "Bounded waits": every route answers a frozen database within this plus 1 s
  statementMs: 0,
  keepAliveMs: 10_000,
  idleMs: 30_000,
  retryMs: 1000,
  listenProbeMs: 5000,
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

function logLevelOf(raw: string | undefined): LogLevelName {
  const value = raw?.trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not ${raw}`);
  return value as LogLevelName;
}

export interface AppConfig {
  readonly port: number;
  /** The interface the API listens on (HOST, default 0.0.0.0: every IPv4 interface). */
  readonly host: string;
  /** A postgresql:// URL; unset means the embedded PGlite in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir: string;
  readonly poolSize: number;
  /** Whether Prisma's statements are sent as named (prepared) ones, parsed once per connection (store/database.ts). */
  readonly preparedStatements?: boolean;
  /** Connect, query, keepalive, idle and retry bounds of every database connection (store/connection.ts; DATABASE_*_MS). */
  readonly databaseTimeouts?: Partial<DatabaseTimeouts>;
  /**
   * Group commit (store/group-commit.ts): how many statements of batched one-event appends may be in flight
   * at once (APPEND_BATCH, default 2), and likewise of creations and of reads of match rows (each apart); 0
   * sends every append and every read in a statement of its own, as a sharded Postgres needs (docs/scaling.md).
   * Postgres only.
   */
  readonly appendBatch: number;
  /** Largest accepted request body, in bytes. */
  readonly bodyLimit: number;
  /**
   * The log level (LOG_LEVEL: fatal, error, warn, info, debug, trace or silent; default info). Request lines
   * are written at info (src/common/logging.ts).
   */
  readonly logLevel: LogLevelName;
  /** Where `GET /metrics` is served (METRICS_PORT, default 9464); 0 turns metrics off, counting included (src/metrics). */
  readonly metricsPort: number;
  /**
   * Whether METRICS_PORT was left unset (its default taken): then a port already taken, as by a second instance
   * on one host, means a warning and no metrics rather than a refused start (src/metrics/metrics-server.ts).
   * Absent: taken as set explicitly.
   */
  readonly metricsPortIsDefault?: boolean;
  /** The interface `GET /metrics` listens on (METRICS_HOST, default the same as HOST). */
  readonly metricsHost: string;
  /** Requests per minute per client address, on every route but /health; 0 turns every rate limit off. */
  readonly rateLimitPerMinute: number;
  /** How long a match with open seats waits for players before it is aborted (WAITING_MATCH_TTL_SECONDS). */
  readonly waitingTtlSeconds: number;
  /** How long an active match may go without an event before it is aborted as abandoned (ABANDONED_MATCH_IDLE_SECONDS; 0: never). */
  readonly abandonedIdleSeconds: number;
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
  /** How many deliveries one instance posts at once; a finished one frees its slot at once (WEBHOOK_CONCURRENCY). */
  readonly webhookConcurrency: number;
  /** How many deliveries one instance posts at once to one host, across all matches (WEBHOOK_HOST_CONCURRENCY). */
  readonly webhookHostConcurrency: number;
  /** How many delivery attempts one instance starts per minute to one host (WEBHOOK_HOST_PER_MINUTE). */
  readonly webhookHostPerMinute: number;
  /** An attempt unanswered this long is slow: slow ones share half the pool (WEBHOOK_SLOW_MS). */
  readonly webhookSlowMs: number;
  /** Timeouts in a row that pause a host (WEBHOOK_BREAKER_TIMEOUTS). */
  readonly webhookBreakerTimeouts: number;
  /** A paused host's first pause; each pause after a failed probe doubles it, to 16 times this (WEBHOOK_BREAKER_OPEN_SECONDS). */
  readonly webhookBreakerOpenSeconds: number;
  /**
   * Whether the start-up pass stores the snapshots that long logs lack (written before snapshots existed, or
   * under an older state format), so their first read is as cheap as any other (SNAPSHOT_BACKFILL=0: off).
   */
  readonly snapshotBackfill: boolean;
  /** How often the bot runner looks for bot turns to play (BOT_SWEEP_MS; 0: never). */
  readonly botSweepMs: number;
  /** How long an HTTP bot may take to answer when the match's clock leaves it longer (BOT_HTTP_TIMEOUT_MS). */
  readonly botHttpTimeoutMs: number;
  /** How often the tournament director looks for rounds that ended (TOURNAMENT_SWEEP_MS; 0: never). */
  readonly tournamentSweepMs: number;
  /** The most matches one tournament may plan, counted before anything is planned (TOURNAMENT_MAX_MATCHES). */
  readonly tournamentMaxMatches: number;
  /** How often finished matches are folded into the ratings (RATINGS_SWEEP_MS; 0: never). */
  readonly ratingsSweepMs: number;
  /** How many times in 24 hours two identities' matches in one game count toward ratings (RATED_SAME_OPPONENT_PER_DAY; 0: no cap). */
  readonly ratedSameOpponentPerDay: number;
  /** How long a seek waits for opponents before it expires (SEEK_TTL_SECONDS). */
  readonly seekTtlSeconds: number;
  /** The most waiting seeks one player may hold (SEEKS_PER_PLAYER). */
  readonly seeksPerPlayer: number;
  /** How often the seek matcher pairs waiting seeks (SEEK_SWEEP_MS; 0: never, e.g. in tests). */
  readonly seekSweepMs: number;
  /** Match creations per minute per client address (within the limit above). */
  readonly createLimitPerMinute: number;
  /** Stream openings per minute per client address (within the limit above). */
  readonly streamLimitPerMinute: number;
  /** Which proxies to believe about the client address (X-Forwarded-For): none, or a list of addresses. */
  readonly trustProxy: false | string;
  /** A request (headers and body) not received within this is cut with 408. */
  readonly requestTimeoutMs: number;
  /** The headers alone must arrive within this. */
  readonly headersTimeoutMs: number;
  /** An idle connection is closed after this (longer than a long-poll's 60 s wait). */
  readonly connectionTimeoutMs: number;
  /** Open connections beyond this are refused. */
  readonly maxConnections: number;
  /**
   * Open connections from one client address beyond this, idle keep-alives included, are closed at once
   * (MAX_CONNECTIONS_PER_ADDRESS, default a quarter of MAX_CONNECTIONS; src/common/http-limits.ts).
   */
  readonly maxConnectionsPerAddress: number;
  /**
   * Tests only: derive match seeds from this string instead of the OS CSPRNG, so every deal is reproducible.
   * configFromEnv refuses it unless NODE_ENV is `test`.
   */
  readonly fixedSeed?: string;
  /** Origins answered with CORS headers: `*` (any), a list, or none (CORS off). */
  readonly corsOrigins: '*' | readonly string[];
}

/** `CORS_ORIGINS`: unset or `*` → any origin; `https://a.example,https://b.example` → those; empty → none. */
function corsOrigins(raw: string | undefined): '*' | readonly string[] {
  if (raw === undefined || raw.trim() === '*') return '*';
  const list = raw
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const o of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(o))
      throw new Error(`CORS_ORIGINS must be * or comma-separated origins such as https://app.example, not ${o}`);
  }
  return list;
}

function nonNegativeInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number >= 0, not ${raw}`);
  return n;
}

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  const n = nonNegativeInt(name, raw, fallback);
  if (n === 0) throw new Error(`${name} must be a whole number > 0, not ${raw}`);
  return n;
}

/**
 * TRUST_PROXY: unset (the socket's address is the client), or a comma-separated list of the proxies' addresses,
 * CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`. `true` and hop counts are refused: they
 * would believe an X-Forwarded-For from any client, which could then choose its own address and rate limit.
 */
function trustProxyOf(raw: string | undefined): false | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true' || /^\d+$/.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value} would believe any client's X-Forwarded-For; name the proxies (addresses, CIDRs, loopback)`,
    );
  }
  if (!/^[0-9A-Za-z.:/,\s]+$/.test(value))
    throw new Error(`TRUST_PROXY must be a list of proxy addresses, not ${value}`);
  return value;
}

/**
 * HOST, METRICS_HOST: an IP address or a host name, as Node's `listen` takes it (`0.0.0.0` every IPv4
 * interface, `::` every interface, `127.0.0.1` loopback only). Only the shape is checked here; an address
 * this machine does not have stops the start when it listens, naming it (src/main.ts).
 */
function hostOf(name: string, raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback;
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (!/^[0-9A-Za-z._:%-]+$/.test(bare))
    throw new Error(`${name} must be an IP address or a host name (e.g. 0.0.0.0, 127.0.0.1, ::), not ${raw}`);
  return bare;
}

function metricsPortOf(raw: string | undefined): number {
  const port = nonNegativeInt('METRICS_PORT', raw, 9464);
  if (port > 65535) throw new Error(`METRICS_PORT must be a port number (0: off), not ${raw}`);
  return port;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const url = env.DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgresql:// URL');
  const fixedSeed = env.TURNBASE_FIXED_SEED || undefined;
  if (fixedSeed !== undefined && env.NODE_ENV !== 'test') {
    throw new Error('TURNBASE_FIXED_SEED makes every deal predictable and is refused unless NODE_ENV=test');
  }
  const requestTimeoutMs = positiveInt('REQUEST_TIMEOUT_SECONDS', env.REQUEST_TIMEOUT_SECONDS, 30) * 1000;
  const headersTimeoutMs = positiveInt('HEADERS_TIMEOUT_SECONDS', env.HEADERS_TIMEOUT_SECONDS, 10) * 1000;
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error('HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS');
  const host = hostOf('HOST', env.HOST, '0.0.0.0');
  const maxConnections = positiveInt('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 2000);
  return {
    port,
    host,
    databaseUrl: url || undefined,
    dataDir: env.TURNBASE_DATA_DIR ?? join(process.cwd(), '.data', 'pglite'),
    poolSize: nonNegativeInt('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10) || 10,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS !== '0',
    databaseTimeouts: {
      connectMs: positiveInt(
        'DATABASE_CONNECT_TIMEOUT_MS',
        env.DATABASE_CONNECT_TIMEOUT_MS,
        DEFAULT_DB_TIMEOUTS.connectMs,
      ),
      queryMs: nonNegativeInt('DATABASE_QUERY_TIMEOUT_MS', env.DATABASE_QUERY_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.queryMs),
      statementMs: nonNegativeInt(
        'DATABASE_STATEMENT_TIMEOUT_MS',
        env.DATABASE_STATEMENT_TIMEOUT_MS,
        DEFAULT_DB_TIMEOUTS.statementMs,
      ),
      keepAliveMs: positiveInt('DATABASE_KEEPALIVE_MS', env.DATABASE_KEEPALIVE_MS, DEFAULT_DB_TIMEOUTS.keepAliveMs),
      idleMs: positiveInt('DATABASE_IDLE_TIMEOUT_MS', env.DATABASE_IDLE_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.idleMs),
      retryMs: nonNegativeInt('DATABASE_RETRY_MS', env.DATABASE_RETRY_MS, DEFAULT_DB_TIMEOUTS.retryMs),
      listenProbeMs: positiveInt(
        'DATABASE_LISTEN_PROBE_MS',
        env.DATABASE_LISTEN_PROBE_MS,
        DEFAULT_DB_TIMEOUTS.listenProbeMs,
      ),
    },
    appendBatch: nonNegativeInt('APPEND_BATCH', env.APPEND_BATCH, 2),
    bodyLimit: 64 * 1024,
    logLevel: logLevelOf(env.LOG_LEVEL),
    metricsPort: metricsPortOf(env.METRICS_PORT),
    metricsPortIsDefault: (env.METRICS_PORT ?? '') === '',
    metricsHost: hostOf('METRICS_HOST', env.METRICS_HOST, host),
    rateLimitPerMinute: nonNegativeInt('RATE_LIMIT_PER_MINUTE', env.RATE_LIMIT_PER_MINUTE, 1200),
    createLimitPerMinute: positiveInt('RATE_LIMIT_CREATE_PER_MINUTE', env.RATE_LIMIT_CREATE_PER_MINUTE, 60),
    streamLimitPerMinute: positiveInt('RATE_LIMIT_STREAMS_PER_MINUTE', env.RATE_LIMIT_STREAMS_PER_MINUTE, 60),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    requestTimeoutMs,
    headersTimeoutMs,
    connectionTimeoutMs: positiveInt('CONNECTION_TIMEOUT_SECONDS', env.CONNECTION_TIMEOUT_SECONDS, 90) * 1000,
    maxConnections,
    maxConnectionsPerAddress: positiveInt(
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.MAX_CONNECTIONS_PER_ADDRESS,
      Math.max(1, Math.floor(maxConnections / 4)),
    ),
    fixedSeed,
    waitingTtlSeconds: nonNegativeInt('WAITING_MATCH_TTL_SECONDS', env.WAITING_MATCH_TTL_SECONDS, 86_400) || 86_400,
    abandonedIdleSeconds: nonNegativeInt('ABANDONED_MATCH_IDLE_SECONDS', env.ABANDONED_MATCH_IDLE_SECONDS, 30 * 86_400),
    expirySweepSeconds: nonNegativeInt('EXPIRY_SWEEP_SECONDS', env.EXPIRY_SWEEP_SECONDS, 60),
    clockSweepMs: nonNegativeInt('CLOCK_SWEEP_MS', env.CLOCK_SWEEP_MS, 1000),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
    webhookRetryBaseMs: nonNegativeInt('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 5000) || 5000,
    webhookRetryWindowSeconds:
      nonNegativeInt('WEBHOOK_RETRY_WINDOW_SECONDS', env.WEBHOOK_RETRY_WINDOW_SECONDS, 90_000) || 90_000,
    webhookTimeoutMs: nonNegativeInt('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000) || 10_000,
    webhookPollMs: nonNegativeInt('WEBHOOK_POLL_MS', env.WEBHOOK_POLL_MS, 1000),
    webhookConcurrency: positiveInt('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 64),
    webhookHostConcurrency: positiveInt('WEBHOOK_HOST_CONCURRENCY', env.WEBHOOK_HOST_CONCURRENCY, 8),
    webhookHostPerMinute: positiveInt('WEBHOOK_HOST_PER_MINUTE', env.WEBHOOK_HOST_PER_MINUTE, 600),
    webhookSlowMs: positiveInt('WEBHOOK_SLOW_MS', env.WEBHOOK_SLOW_MS, 1000),
    webhookBreakerTimeouts: positiveInt('WEBHOOK_BREAKER_TIMEOUTS', env.WEBHOOK_BREAKER_TIMEOUTS, 3),
    webhookBreakerOpenSeconds: positiveInt('WEBHOOK_BREAKER_OPEN_SECONDS', env.WEBHOOK_BREAKER_OPEN_SECONDS, 30),
    snapshotBackfill: env.SNAPSHOT_BACKFILL !== '0',
    botSweepMs: nonNegativeInt('BOT_SWEEP_MS', env.BOT_SWEEP_MS, 100),
    botHttpTimeoutMs: nonNegativeInt('BOT_HTTP_TIMEOUT_MS', env.BOT_HTTP_TIMEOUT_MS, 5000) || 5000,
    tournamentSweepMs: nonNegativeInt('TOURNAMENT_SWEEP_MS', env.TOURNAMENT_SWEEP_MS, 250),
    tournamentMaxMatches: positiveInt('TOURNAMENT_MAX_MATCHES', env.TOURNAMENT_MAX_MATCHES, 2000),
    ratingsSweepMs: nonNegativeInt('RATINGS_SWEEP_MS', env.RATINGS_SWEEP_MS, 1000),
    ratedSameOpponentPerDay: nonNegativeInt('RATED_SAME_OPPONENT_PER_DAY', env.RATED_SAME_OPPONENT_PER_DAY, 3),
    seekTtlSeconds: positiveInt('SEEK_TTL_SECONDS', env.SEEK_TTL_SECONDS, 600),
    seeksPerPlayer: positiveInt('SEEKS_PER_PLAYER', env.SEEKS_PER_PLAYER, 3),
    seekSweepMs: nonNegativeInt('SEEK_SWEEP_MS', env.SEEK_SWEEP_MS, 500),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
  };
}
