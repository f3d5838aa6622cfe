/**
 * Wakes whoever waits on a match when an event is appended to it, on every instance. A hint only: waiters
 * always re-read the log.
 * - In this process: the store reports each committed append (AppendedEvents), and local waiters are woken at
 *   once. That is all the embedded PGlite (one process) needs.
 * - Other instances (Postgres): the appends of one event-loop turn are sent as one NOTIFY on channel
 *   `turnbase_events`, payload `<instance> <matchId>:<seq> …`, in a statement of its own after the append
 *   has committed. Not from a trigger inside the append: a transaction that notifies holds a database-wide
 *   lock through its commit's WAL flush, which serialized every append (measured: 2,100-3,600 appends/s
 *   without, 160-220 with, 16 clients on the machine's Postgres 15). Each instance LISTENs on a dedicated
 *   connection, reopened when it drops.
 * - A notification lost (a crash between commit and NOTIFY, a dropped connection) is covered twice: every
 *   watched match is re-read after a reconnect, and every `recheckMs` anyway (one query for all of them).
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppendedEvents } from '../matches/appended';
import type { Database } from '../store/database';
import type { Listening } from '../store/pg-listener';
import { DATABASE } from '../store/store.module';
import { LIVE_CONFIG, type LiveConfig } from './live-config';

export const EVENTS_CHANNEL = 'turnbase_events';
/** Below Postgres's 8000-byte NOTIFY payload limit. */
const MAX_PAYLOAD = 7900;

/** Told the match's version (or an event's seq) whenever it may have grown. */
export type Hint = (version: number) => void;

@Injectable()
export class MatchNotifier implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Live');
  private readonly watchers = new Map<string, Set<Hint>>();
  /** Tells this instance's notifications from the others'. */
  private readonly instance = randomBytes(6).toString('base64url');
  private pending: string[] = [];
  private listening: Listening | null = null;
  private offAppended: () => void = () => undefined;
  private timer: NodeJS.Timeout | null = null;
  private rechecking = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
    private readonly appended: AppendedEvents,
  ) {}

  async onModuleInit(): Promise<void> {
    const shared = this.db.listen !== undefined;
    this.offAppended = this.appended.on((matchId, seq) => {
      this.hint(matchId, seq);
      if (shared) this.publish(`${matchId}:${seq}`);
    });
    if (this.db.listen) this.listening = await this.db.listen(EVENTS_CHANNEL, (payload) => this.onPayload(payload), () => void this.recheck());
    this.timer = setInterval(() => void this.recheck(), this.config.recheckMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.offAppended();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.listening?.close();
    this.listening = null;
  }

  /** Calls `hint` whenever the match may have moved on; returns the function that stops it. */
  watch(matchId: string, hint: Hint): () => void {
    let set = this.watchers.get(matchId);
    if (!set) this.watchers.set(matchId, (set = new Set()));
    set.add(hint);
    return () => {
      set.delete(hint);
      if (set.size === 0 && this.watchers.get(matchId) === set) this.watchers.delete(matchId);
    };
  }

  private publish(item: string): void {
    this.pending.push(item);
    if (this.pending.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const items = this.pending;
    this.pending = [];
    let payload = this.instance;
    const send = (): void => {
      this.db.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch((error: Error) => {
        this.logger.warn(`NOTIFY failed (the re-check will cover it): ${error.message}`);
      });
    };
    for (const item of items) {
      if (payload.length + 1 + item.length > MAX_PAYLOAD) {
        send();
        payload = this.instance;
      }
      payload += ` ${item}`;
    }
    send();
  }

  private onPayload(payload: string): void {
    const [from, ...items] = payload.split(' ');
    if (from === this.instance) return; // woken in process already
    for (const item of items) {
      const colon = item.lastIndexOf(':');
      const seq = Number(item.slice(colon + 1));
      if (colon > 0 && Number.isInteger(seq)) this.hint(item.slice(0, colon), seq);
    }
  }

  private hint(matchId: string, version: number): void {
    for (const h of this.watchers.get(matchId) ?? []) h(version);
  }

  /** Re-reads the version of every watched match (a lost notification costs at most `recheckMs`). */
  async recheck(): Promise<void> {
    if (this.rechecking || this.watchers.size === 0) return;
    this.rechecking = true;
    try {
      const ids = [...this.watchers.keys()];
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await this.db.query<{ id: string; version: number }>(
          'SELECT "id"::text AS "id", "version" FROM "Match" WHERE "id" = ANY($1::uuid[])',
          [ids.slice(i, i + 1000)],
        );
        for (const row of rows) this.hint(row.id, Number(row.version));
      }
    } catch (error) {
      this.logger.warn(`re-check of watched matches failed: ${(error as Error).message}`);
    } finally {
      this.rechecking = false;
    }
  }
}
