/**
 * Wakes whoever waits on a match when an event is appended to it, on any instance: Postgres NOTIFY from the
 * append's trigger (channel `turnbase_events`, payload `<matchId>:<seq>`), received on a dedicated connection
 * (in process with the embedded PGlite). A hint only: waiters always re-read the log. A notification lost
 * while the connection was down is covered twice: every watched match is re-read after a reconnect, and
 * every `recheckMs` anyway (one query for all watched matches).
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Listening } from '../store/pg-listener';
import { DATABASE } from '../store/store.module';
import type { Database } from '../store/database';
import { LIVE_CONFIG, type LiveConfig } from './live-config';

export const EVENTS_CHANNEL = 'turnbase_events';

/** Told the match's version (or an event's seq) whenever it may have grown. */
export type Hint = (version: number) => void;

@Injectable()
export class MatchNotifier implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Live');
  private readonly watchers = new Map<string, Set<Hint>>();
  private listening: Listening | null = null;
  private timer: NodeJS.Timeout | null = null;
  private rechecking = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    this.listening = await this.db.listen(EVENTS_CHANNEL, (payload) => this.onPayload(payload), () => void this.recheck());
    this.timer = setInterval(() => void this.recheck(), this.config.recheckMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
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

  get watchedMatches(): number {
    return this.watchers.size;
  }

  private onPayload(payload: string): void {
    const colon = payload.lastIndexOf(':');
    const seq = Number(payload.slice(colon + 1));
    if (colon > 0 && Number.isInteger(seq)) this.hint(payload.slice(0, colon), seq);
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
