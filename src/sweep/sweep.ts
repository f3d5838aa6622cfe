/**
 * The one loop of every background sweeper (clocks, bots, expiry, ratings, tournaments, webhooks, seeks): a pass
 * every `everyMs` (0 or less: never on its own), each wait drawn within ±`jitter` of it (so instances started
 * together do not claim in step), single flight (a pass never overlaps the previous: a call while one runs joins
 * it), back-off while the database is away (store/outage.ts: a pass that failed for unavailability is logged
 * once for all loops, and the loop skips its ticks until its back-off runs out), and a stop that waits for the
 * pass in progress. The pass itself is the loop's own; this file knows nothing of matches.
 */
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type DatabaseOutage, outage as processOutage } from '../store/outage';

export interface SweepOptions<T> {
  /** The loop's name: its logger's context and its back-off key (store/outage.ts). */
  readonly name: string;
  /** The period between ticks; 0 or less: no timer (the pass runs only when called). */
  readonly everyMs: number;
  /** One pass. */
  readonly pass: () => Promise<T>;
  /** What a failed pass's log line starts with (default "sweep failed"). */
  readonly failure?: string;
  /** Whether the first pass runs at start (default false: the first runs a period later). */
  readonly atStart?: boolean;
  /** Each wait is `everyMs` × [1 - jitter, 1 + jitter] (default 0.1; 0: exactly `everyMs`). */
  readonly jitter?: number;
  /**
   * What a tick that comes while a pass runs does: `skip` it (default), or ask for one pass `again` once the
   * running one ends (for loops whose pass is a claim and whose work outlives it: bots, webhooks).
   */
  readonly whileRunning?: 'skip' | 'again';
  /** Whether a tick or `poke` has anything to do now (default: always); when not, it starts no pass. */
  readonly ready?: () => boolean;
  /** Called whenever a pass has ended (after any pass asked for `again` started). */
  readonly settled?: () => void;
  /** Tests' seams. */
  readonly outage?: DatabaseOutage;
  readonly random?: () => number;
  readonly logger?: Logger;
}

/** The wait before the next tick: `everyMs` moved by up to ±`jitter` of it, never below 1 ms. */
export function jittered(everyMs: number, jitter: number, random: () => number): number {
  const j = Math.min(Math.max(jitter, 0), 1);
  return Math.max(1, Math.round(everyMs * (1 - j + 2 * j * random())));
}

export class Sweep<T = unknown> {
  private readonly logger: Logger;
  private readonly outage: DatabaseOutage;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: SweepOptions<T>) {
    this.logger = options.logger ?? new Logger(options.name);
    this.outage = options.outage ?? processOutage;
  }

  /** Whether `stop` was called: a pass that loops may end early. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Whether a pass runs now or one is asked for after it. */
  get busy(): boolean {
    return this.running !== null || this.again;
  }

  /** Starts the timer (once; not after `stop`); with `atStart`, the first pass now. */
  start(): void {
    if (this.options.everyMs <= 0 || this.stopped || this.timer !== undefined) return;
    if (this.options.atStart) this.tick();
    this.schedule();
  }

  /** Stops the timer and waits for the pass in progress (its failure is the pass's own business). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * One pass, single flight: a call while one runs joins it. Answers the pass's result, or rejects with its
   * error (the caller's to report: this is the entry point of tests and command lines).
   */
  run(): Promise<T> {
    return this.begin(false);
  }

  /**
   * Asks for a pass in the background: now, or once the running one ends; none while the database is away and
   * this loop's back-off has not run out, nor when it is not `ready`, nor after `stop`. A failure is reported to the outage and logged.
   */
  poke(): void {
    if (this.stopped || this.outage.skip(this.options.name)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.options.ready && !this.options.ready()) return;
    void this.begin(true).catch(() => undefined);
  }

  private tick(): void {
    if (this.running && this.options.whileRunning !== 'again') return;
    this.poke();
  }

  private schedule(): void {
    const wait = jittered(this.options.everyMs, this.options.jitter ?? 0.1, this.options.random ?? Math.random);
    this.timer = setTimeout(() => {
      if (this.stopped) return;
      this.schedule();
      this.tick();
    }, wait);
    this.timer.unref();
  }

  private begin(report: boolean): Promise<T> {
    if (this.running) return this.running;
    let pass: Promise<T>;
    try {
      pass = this.options.pass();
    } catch (error) {
      pass = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    // Cleared before anyone awaiting the pass resumes, so a call made then starts a new pass.
    const running = pass.finally(() => {
      this.running = null;
    });
    this.running = running;
    running
      .then(
        () => {
          if (report) this.outage.ok(this.options.name);
        },
        (error: unknown) => {
          if (report && !this.outage.failed(this.options.name, error)) {
            this.logger.error(
              `${this.options.failure ?? 'sweep failed'}: ${(error as Error)?.message ?? String(error)}`,
            );
          }
        },
      )
      .finally(() => {
        const again = this.again && !this.stopped;
        this.again = false;
        if (again) this.poke();
        this.options.settled?.();
      });
    return running;
  }
}

/**
 * A service whose background work is one sweep: it starts at bootstrap and stops at shutdown, waiting for the
 * pass in progress. The subclass gives the pass (and, if it needs them, `ready` and `settled`).
 */
export abstract class Sweeper<T> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  protected readonly loop: Sweep<T>;

  /** `context`: the logger's name; the options as Sweep's, less the pass and its hooks (the methods below). */
  protected constructor(context: string, options: Omit<SweepOptions<T>, 'pass' | 'ready' | 'settled' | 'logger'>) {
    this.logger = new Logger(context);
    this.loop = new Sweep<T>({
      ...options,
      logger: this.logger,
      pass: () => this.pass(),
      ready: () => this.ready(),
      settled: () => this.settled(),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** One pass of the loop. */
  protected abstract pass(): Promise<T>;

  /** Whether a tick has anything to do now (SweepOptions.ready). */
  protected ready(): boolean {
    return true;
  }

  /** After each pass (SweepOptions.settled). */
  protected settled(): void {}
}
