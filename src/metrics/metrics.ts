/**
 * The server's Prometheus metrics (docs/api.md "Operations"), on prom-client, in a registry of the app's own (not
 * prom-client's global one: a test process runs several apps, each with its own counts).
 *
 * Two kinds of family:
 * - counted where the thing happens (an event appended, a match created, a request answered): a child per
 *   label set, looked up once and kept, so the hot path is a Map lookup and an add;
 * - gauges read when Prometheus scrapes (`collect()`): the pool, the streams, the listener, the outbox. Their
 *   sources are registered by the parts that own the numbers (the store module, the live limits, the
 *   webhooks); nothing is kept by hand for them on the hot path.
 *
 * `METRICS_PORT=0` turns it all off: no registry, and every method returns at once (bench/README.md, "Metrics",
 * measures on against off). @willsoto/nestjs-prometheus was not taken: it serves /metrics on the API's own
 * port through a controller (rate-limited, logged and in the OpenAPI document), where docs/api.md wants a port of
 * its own, and it adds nothing prom-client does not do.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The database pool, as `pg`'s Pool counts it. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface OutboxStats {
  /** Deliveries not yet settled (status pending). */
  readonly pending: number;
  /** Since when the oldest of them waits, or null when none does. */
  readonly oldestAt: Date | null;
}

export type StreamKind = 'sse' | 'longpoll' | 'feed';
export type BotKind = 'builtin' | 'http';
export type DeliveryResult = 'delivered' | 'failed' | 'gave_up';

/** What the gauges read at scrape time; each part registers its own. */
interface Sources {
  pool?: () => PoolStats | undefined;
  listener?: () => boolean | undefined;
  streams?: () => Readonly<Record<StreamKind, number>>;
  outbox?: () => Promise<OutboxStats>;
}

const STREAM_KINDS: readonly StreamKind[] = ['sse', 'longpoll', 'feed'];

/** Request durations: a move takes a few ms, a long-poll up to 60 s. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class Metrics {
  /** Null when metrics are off. */
  readonly registry: Registry | null;
  private readonly sources: Sources = {};
  /** Children by label values: prom-client hashes the labels on every call otherwise. */
  private readonly counters = new Map<string, Counter.Internal>();
  private readonly histograms = new Map<string, Histogram.Internal<string>>();

  private readonly http?: Histogram<'method' | 'route' | 'status'>;
  private readonly events?: Counter<'game' | 'type'>;
  private readonly created?: Counter<'game'>;
  private readonly batch?: Histogram;
  private readonly deliveries?: Counter<'result'>;
  private readonly clockLag?: Histogram;
  private readonly botTurn?: Histogram<'kind'>;
  private readonly rateLimitedTotal?: Counter<'bucket'>;
  private readonly dbUnavailableTotal?: Counter;

  constructor(enabled: boolean) {
    if (!enabled) {
      this.registry = null;
      return;
    }
    const registers = [(this.registry = new Registry())];
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'turnbase_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.events = new Counter({
      name: 'turnbase_events_total',
      help: 'Events appended to match logs, by game and type.',
      labelNames: ['game', 'type'],
      registers,
    });
    this.created = new Counter({
      name: 'turnbase_matches_created_total',
      help: 'Matches created, by game.',
      labelNames: ['game'],
      registers,
    });
    this.batch = new Histogram({
      name: 'turnbase_append_batch_size',
      help: 'Events written per append statement (group commit).',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    });
    this.deliveries = new Counter({
      name: 'turnbase_webhook_deliveries_total',
      help: 'Webhook delivery attempts settled: delivered, failed (to be retried), gave_up.',
      labelNames: ['result'],
      registers,
    });
    this.clockLag = new Histogram({
      name: 'turnbase_clock_lag_seconds',
      help: 'From a clock deadline to its TimedOut event being written.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    });
    this.botTurn = new Histogram({
      name: 'turnbase_bot_turn_seconds',
      help: 'How long a bot took to choose its move, by kind (builtin, http).',
      labelNames: ['kind'],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers,
    });
    this.rateLimitedTotal = new Counter({
      name: 'turnbase_rate_limited_total',
      help: "Requests refused with 429, by limit (the refusal's reason).",
      labelNames: ['bucket'],
      registers,
    });
    this.dbUnavailableTotal = new Counter({
      name: 'turnbase_db_unavailable_total',
      help: 'Requests answered 503 because of the database.',
      registers,
    });

    const sources = this.sources;
    new Gauge({
      name: 'turnbase_db_pool_connections',
      help: 'Database pool connections by state (idle, busy).',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'busy' }, pool.total - pool.idle);
      },
    });
    new Gauge({
      name: 'turnbase_db_pool_waiting',
      help: 'Queries waiting for a database connection.',
      registers,
      collect() {
        const pool = sources.pool?.();
        if (pool) this.set(pool.waiting);
      },
    });
    new Gauge({
      name: 'turnbase_streams_open',
      help: 'Open streams and waiting long-polls, by kind (sse, longpoll, feed).',
      labelNames: ['kind'],
      registers,
      collect() {
        const open = sources.streams?.();
        if (open) for (const kind of STREAM_KINDS) this.set({ kind }, open[kind]);
      },
    });
    new Gauge({
      name: 'turnbase_listener_up',
      help: '1 while the database notification listener is connected (absent on the embedded PGlite, which has none).',
      registers,
      collect() {
        const up = sources.listener?.();
        if (up !== undefined) this.set(up ? 1 : 0);
      },
    });
    const oldest = new Gauge({
      name: 'turnbase_webhook_outbox_oldest_seconds',
      help: 'Age of the oldest webhook delivery not yet settled (0 when none).',
      registers,
    });
    new Gauge({
      name: 'turnbase_webhook_outbox_pending',
      help: 'Webhook deliveries not yet settled.',
      registers,
      async collect() {
        if (!sources.outbox) return;
        // A scrape while the database is down answers without these two, rather than failing whole.
        const stats = await sources.outbox().catch(() => null);
        if (!stats) return;
        this.set(stats.pending);
        oldest.set(stats.oldestAt === null ? 0 : Math.max(0, (Date.now() - stats.oldestAt.getTime()) / 1000));
      },
    });
  }

  get enabled(): boolean {
    return this.registry !== null;
  }

  /** The Prometheus text format, for `GET /metrics`. */
  async text(): Promise<string> {
    return this.registry ? this.registry.metrics() : '';
  }

  get contentType(): string {
    return this.registry?.contentType ?? 'text/plain; version=0.0.4; charset=utf-8';
  }

  /** Registers what a gauge reads at scrape time (the last registration of a source wins). */
  source<K extends keyof Sources>(name: K, read: NonNullable<Sources[K]>): void {
    if (this.registry) this.sources[name] = read;
  }

  private counter<L extends string>(
    family: Counter<L>,
    key: string,
    labels: () => Partial<Record<L, string>>,
  ): Counter.Internal {
    let c = this.counters.get(key);
    if (c === undefined) this.counters.set(key, (c = family.labels(labels())));
    return c;
  }

  private histogram<L extends string>(
    family: Histogram<L>,
    key: string,
    labels: () => Partial<Record<L, string>>,
  ): Histogram.Internal<L> {
    let h = this.histograms.get(key);
    if (h === undefined) this.histograms.set(key, (h = family.labels(labels()) as Histogram.Internal<string>));
    return h;
  }

  /** An HTTP answer: `route` is the route's template, never a concrete path. */
  request(method: string, route: string, status: number, seconds: number): void {
    if (!this.http) return;
    this.histogram(this.http, `${method}\0${route}\0${status}`, () => ({
      method,
      route,
      status: String(status),
    })).observe(seconds);
  }

  /** Events just appended (committed) to a match of `game`: one increment per event. */
  appended(game: string, events: readonly { readonly type: string }[]): void {
    if (!this.events) return;
    for (const { type } of events) this.counter(this.events, `e\0${game}\0${type}`, () => ({ game, type })).inc();
  }

  matchesCreated(game: string, n = 1): void {
    if (this.created && n > 0) this.counter(this.created, `c\0${game}`, () => ({ game })).inc(n);
  }

  /** One append statement written, with `events` events in it. */
  appendStatement(events: number): void {
    this.batch?.observe(events);
  }

  webhookSettled(result: DeliveryResult): void {
    if (this.deliveries) this.counter(this.deliveries, `w\0${result}`, () => ({ result })).inc();
  }

  clockFired(lagSeconds: number): void {
    this.clockLag?.observe(Math.max(0, lagSeconds));
  }

  botTurnTook(kind: BotKind, seconds: number): void {
    if (this.botTurn) this.histogram(this.botTurn, `b\0${kind}`, () => ({ kind })).observe(seconds);
  }

  /** A refusal with 429; `bucket` is its reason (`rate-limit/default`, `live/total`, …), a bounded set. */
  rateLimited(bucket: string): void {
    if (this.rateLimitedTotal) this.counter(this.rateLimitedTotal, `r\0${bucket}`, () => ({ bucket })).inc();
  }

  dbUnavailable(): void {
    this.dbUnavailableTotal?.inc();
  }
}

/** Metrics that count nothing, for a part built outside Nest (a CLI, a unit test). */
export const NO_METRICS = new Metrics(false);
