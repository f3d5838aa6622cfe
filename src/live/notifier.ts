/**
 * Wakes whoever waits on a match when an event is appended to it, on every instance. A hint only: waiters
 * always re-read the log.
 * - In this process: the store reports each committed append (AppendedEvents), and local waiters are woken at
 *   once. That is all the embedded PGlite (one process) needs.
 * - Other instances: the appends of one event-loop turn go out as one hint on the HintBus (Postgres: one
 *   NOTIFY after the append has committed, see hint-bus.ts), payload `<instance> <matchId>:<seq> …`.
 * - A notification lost (a crash between commit and NOTIFY, a dropped connection) is covered twice: every
 *   watched match is re-read after a reconnect, and every `recheckMs` anyway (one query for all of them).
 * - Presence: an instance hints only while another one listens. Each says `<instance> here` on the bus every
 *   `presenceMs`, and `<instance> here?` when it starts listening or listens again after a break, which every
 *   other instance answers at once with its `here`. Hints go out while another instance was heard within three
 *   periods, and also whenever this instance's own `here` has not come back within two (its listening is not
 *   proven, so it cannot tell that it is alone). A lone instance, the usual deployment, so sends no NOTIFY per
 *   batch of moves: one statement and one transaction fewer per batch (bench/README.md, "Group commit").
 *   Older instances ignore these items (no `:`); their own hints still reach this one.
 * - Seats: a change that seats players (a creation, a join) hints each of them, `<matchId>:<seq>:<playerId>`,
 *   to their player feeds, which do not watch a match they have not yet heard of. A creation made by another
 *   feature's transaction is hinted once it has committed (MatchRepository.created). Older instances ignore
 *   these items (their seq does not parse), and find the match on their re-check. Not a NOTIFY in the creating
 *   transaction (it would be transactional, but see hint-bus.ts: it serializes the commits that notify, and on
 *   a sharded Postgres it fires on the worker), and not a poll for new seats (a query per instance every few
 *   hundred ms while any feed is open, for what a hint says at once).
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppendedEvents } from '../matches/appended';
import { matchVersions } from '../matches/postgres/match-rows';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { HINT_BUS, type HintBus } from './hint-bus';
import { LIVE_CONFIG, type LiveConfig } from './live-config';

/** Below Postgres's 8000-byte NOTIFY payload limit. */
const MAX_PAYLOAD = 7900;

/** Told the match's version (or an event's seq) whenever it may have grown. */
export type Hint = (version: number) => void;

/** Told that the player was given a seat in a match, at that match's version `seq`. */
export type SeatHint = (matchId: string, seq: number) => void;

const PLAYER_ITEM = /^([0-9a-f-]{36}):(\d{1,10}):([0-9a-f-]{36})$/;

@Injectable()
export class MatchNotifier implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Live');
  private readonly watchers = new Map<string, Set<Hint>>();
  private readonly seatWatchers = new Map<string, Set<SeatHint>>();
  /** Tells this instance's notifications from the others'. */
  private readonly instance = randomBytes(6).toString('base64url');
  private pending: string[] = [];
  private listening: { close(): Promise<void> } | null = null;
  private offAppended: () => void = () => undefined;
  private timer: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  private rechecking = false;
  /** When each other instance was last heard on the bus (Date.now()). */
  private readonly others = new Map<string, number>();
  /** When this instance last heard its own `here` come back (its listening works); 0: not yet. */
  private selfHeardAt = 0;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
    private readonly appended: AppendedEvents,
    @Inject(HINT_BUS) private readonly bus: HintBus | null,
  ) {}

  async onModuleInit(): Promise<void> {
    this.offAppended = this.appended.on((matchId, seq) => {
      this.hint(matchId, seq);
      if (this.bus && this.othersListening) this.publish(`${matchId}:${seq}`);
    });
    if (this.bus) {
      this.listening = await this.bus.subscribe(
        (payload) => this.onPayload(payload),
        () => {
          this.announce(true); // who is there now? (their `here`s may have been missed meanwhile)
          void this.recheck();
        },
      );
      this.announce(true);
      this.presenceTimer = setInterval(() => this.announce(false), this.config.presenceMs);
      this.presenceTimer.unref();
    }
    this.timer = setInterval(() => void this.recheck(), this.config.recheckMs);
    this.timer.unref();
  }

  /** Whether the other instances need this one's hints: one was heard lately, or this one's listening is not proven. */
  get othersListening(): boolean {
    const now = Date.now();
    if (now - this.selfHeardAt > 2 * this.config.presenceMs) return true;
    for (const [instance, at] of this.others) {
      if (now - at <= 3 * this.config.presenceMs) return true;
      this.others.delete(instance);
    }
    return false;
  }

  private announce(ask: boolean): void {
    this.bus?.publish(`${this.instance} ${ask ? 'here?' : 'here'}`).catch((error: Error) => {
      this.logger.warn(`presence on the hint bus failed: ${error.message}`);
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.offAppended();
    if (this.timer) clearInterval(this.timer);
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    this.timer = null;
    this.presenceTimer = null;
    await this.listening?.close();
    this.listening = null;
  }

  /** Calls `hint` whenever the player is given a seat (a match made for it, a join); returns the function that stops it. */
  watchSeats(playerId: string, hint: SeatHint): () => void {
    let set = this.seatWatchers.get(playerId);
    if (!set) this.seatWatchers.set(playerId, (set = new Set()));
    set.add(hint);
    return () => {
      set.delete(hint);
      if (set.size === 0 && this.seatWatchers.get(playerId) === set) this.seatWatchers.delete(playerId);
    };
  }

  /** A committed change gave these players a seat in the match: wakes their feeds here and on the other instances. */
  seated(matchId: string, seq: number, players: readonly string[]): void {
    for (const player of players) {
      this.hintSeat(player, matchId, seq);
      if (this.bus && this.othersListening) this.publish(`${matchId}:${seq}:${player}`);
    }
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
      this.bus?.publish(payload).catch((error: Error) => {
        this.logger.warn(`a hint to the other instances failed (the re-check covers it): ${error.message}`);
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
    if (items.length === 1 && (items[0] === 'here' || items[0] === 'here?')) {
      if (from === this.instance) this.selfHeardAt = Date.now();
      else {
        this.others.set(from as string, Date.now());
        if (items[0] === 'here?') this.announce(false);
      }
      return;
    }
    if (from === this.instance) return; // woken in process already
    for (const item of items) {
      const seat = PLAYER_ITEM.exec(item);
      if (seat) {
        this.hintSeat(seat[3] as string, seat[1] as string, Number(seat[2]));
        continue;
      }
      const colon = item.lastIndexOf(':');
      const seq = Number(item.slice(colon + 1));
      if (colon > 0 && Number.isInteger(seq)) this.hint(item.slice(0, colon), seq);
    }
  }

  private hint(matchId: string, version: number): void {
    for (const h of this.watchers.get(matchId) ?? []) h(version);
  }

  private hintSeat(playerId: string, matchId: string, seq: number): void {
    for (const h of this.seatWatchers.get(playerId) ?? []) h(matchId, seq);
  }

  /** Re-reads the version of every watched match (a lost notification costs at most `recheckMs`). */
  async recheck(): Promise<void> {
    if (this.rechecking || this.watchers.size === 0) return;
    this.rechecking = true;
    try {
      const ids = [...this.watchers.keys()];
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await matchVersions(this.db, ids.slice(i, i + 1000));
        for (const row of rows) this.hint(row.id, Number(row.version));
      }
    } catch (error) {
      this.logger.warn(`re-check of watched matches failed: ${(error as Error).message}`);
    } finally {
      this.rechecking = false;
    }
  }
}
