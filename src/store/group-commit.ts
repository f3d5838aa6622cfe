/**
 * Group commit, for the move's append and for match creation, and group reads of match rows. While
 * `concurrency` batches are in flight to Postgres, the appends that arrive wait and then go together in one
 * statement (one round trip, one commit, one WAL flush for all of them). Nothing waits on a timer: an append
 * that finds nothing in flight is sent at once, alone, so a quiet server answers as fast as before and a busy
 * one sends fewer, larger statements (bench/README.md, "Group commit"). A further statement goes while one is
 * in flight only when `spill` appends wait.
 *
 * Each append keeps its own version guard in the batch (the statement bumps each match row only at its
 * expected version), so a batch is the same as its appends run one after another. Two appends on one match
 * never share a batch, nor two batches in flight: the later waits for the next round. When a batch fails as a
 * whole because of one of its rows or of another instance (a unique violation, a bad value, a deadlock), each
 * of its appends is run again alone, so each gets its own answer or its own error. Any other failure (a lost
 * connection, after which the batch may or may not have committed) goes to every caller as it is.
 *
 * Reads (`exclusive: false`) share a statement with reads of the same match. A read waits only for a
 * statement sent after it arrived, so it sees every write committed before it was asked for.
 */
interface Waiting<E, R> {
  readonly entry: E;
  resolve(result: R | null): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<E, R> {
  /** Batches in flight at once (each on a connection of its own). */
  readonly concurrency: number;
  /** Appends per statement at most. */
  readonly maxBatch: number;
  /**
   * A statement beyond the first in flight goes only when at least this many appends wait (default 1: as soon
   * as any does). Below it they wait for the statement in flight to come back and go together then: fewer,
   * larger statements, so less of Postgres's CPU per append (bench/README.md, "Group commit"). An append that
   * finds nothing in flight is sent at once whatever this is, so a quiet server answers as fast.
   */
  readonly spill?: number;
  /**
   * Whether two entries of one match must never share a statement nor be in flight at once (default true: an
   * append's version guard needs the one before it committed). Reads set false: reads of one match share a
   * statement, and each gets the row of its match.
   */
  readonly exclusive?: boolean;
  /** Runs one batch: answers, per match id, the row its append wrote (absent when its guard refused it). */
  many(entries: readonly E[]): Promise<Map<string, R>>;
  /** Runs one append alone (the fallback when a batch fails as a whole): its row, or null when refused. */
  one(entry: E): Promise<R | null>;
  /**
   * Whether a batch's error is one that a row of it can cause, so that each append is run again alone. Any
   * other error (a lost connection: the batch may have committed) goes to every caller of the batch as it is,
   * as it would have gone to each of them alone: a retry with the same idempotency key then tells.
   */
  isolate(error: unknown): boolean;
}

export class GroupCommit<E extends { readonly matchId: string }, R> {
  private readonly queue: Waiting<E, R>[] = [];
  /** Match ids of the appends in flight. */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  /** Batches sent, and appends in them (the tests read these). */
  batches = 0;
  appends = 0;

  constructor(private readonly options: GroupCommitOptions<E, R>) {}

  /** Appends waiting for a statement. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Statements in flight at once at most. */
  get concurrency(): number {
    return this.options.concurrency;
  }

  /** Appends that must wait before a statement beyond the first in flight is sent. */
  get spill(): number {
    return this.options.spill ?? 1;
  }

  /** Appends `entry` with the others that wait; answers its row, or null when its guard refused it. */
  append(entry: E): Promise<R | null> {
    return new Promise<R | null>((resolve, reject) => {
      this.queue.push({ entry, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const spill = this.spill;
    while (this.inFlight < this.options.concurrency && this.queue.length > 0) {
      if (this.inFlight > 0 && this.queue.length < spill) return; // the statement in flight sends them when it ends
      const batch = this.take();
      if (batch.length === 0) return; // all that wait are on matches in flight: the batch that ends sends them
      this.inFlight++;
      this.batches++;
      this.appends += batch.length;
      void this.send(batch);
    }
  }

  /** The first `maxBatch` waiting appends, one per match and none on a match in flight (when `exclusive`), in their order. */
  private take(): Waiting<E, R>[] {
    if (!(this.options.exclusive ?? true)) return this.queue.splice(0, this.options.maxBatch);
    const batch: Waiting<E, R>[] = [];
    let i = 0;
    while (i < this.queue.length && batch.length < this.options.maxBatch) {
      const b = this.queue[i] as Waiting<E, R>;
      if (this.busy.has(b.entry.matchId)) {
        i++;
        continue;
      }
      this.busy.add(b.entry.matchId);
      batch.push(b);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  /** Runs a batch, then frees its slot and its matches before its callers hear back (so what they send next can go at once). */
  private async send(batch: Waiting<E, R>[]): Promise<void> {
    let outcomes: Outcome<R>[];
    if (batch.length === 1) outcomes = [await this.alone(batch[0] as Waiting<E, R>)];
    else {
      try {
        const rows = await this.options.many(batch.map((b) => b.entry));
        outcomes = batch.map((b) => ({ ok: true, row: rows.get(b.entry.matchId) ?? null }));
      } catch (error) {
        // One row can fail the whole statement: each append again on its own, for its own answer.
        outcomes = this.options.isolate(error)
          ? await Promise.all(batch.map((b) => this.alone(b)))
          : batch.map(() => ({ ok: false, error }));
      }
    }
    this.inFlight--;
    for (const b of batch) this.busy.delete(b.entry.matchId);
    batch.forEach((b, i) => {
      const o = outcomes[i] as Outcome<R>;
      if (o.ok) b.resolve(o.row);
      else b.reject(o.error);
    });
    this.pump();
  }

  private async alone(b: Waiting<E, R>): Promise<Outcome<R>> {
    try {
      return { ok: true, row: await this.options.one(b.entry) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}

type Outcome<R> = { readonly ok: true; readonly row: R | null } | { readonly ok: false; readonly error: unknown };
