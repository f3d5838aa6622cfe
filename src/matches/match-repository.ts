import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { AnyEngine } from '../engine/core';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { AppendEffects, type MatchChange } from './append-effects';
import { type MatchDecider, type MatchEvent, type MatchState, FoldError, foldEvents, matchDecider } from './decider';
import {
  type AppendOptions,
  type Credential,
  EVENT_STORE,
  type EventStore,
  type MatchRecord,
  type NewEvent,
  type NewMatch,
  type StoredEvent,
} from './event-store.port';
import { fromMatchError, notFound, versionConflict } from './match-errors';
import { fromStored, toNewEvent } from './match-events';
import { botDueOf, deadlineOf } from './projection';
import {
  SNAPSHOT_EVERY,
  SNAPSHOT_STORE,
  type Snapshot,
  type SnapshotStore,
  isSnapshotSeq,
  snapshotFormat,
} from './snapshots';
import { type CachedState, StateCache } from './state-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 for an id that cannot be a match's, before anything else is asked. */
export function assertMatchId(id: string): void {
  if (!UUID.test(id)) throw notFound(id);
}

export type Loaded = CachedState<unknown>;

/** A match's creation as a change (append-effects.ts): version 0, with the players seated from the start. */
function creation(engine: AnyEngine, match: NewMatch, webhooks: boolean, now: Date): MatchChange {
  return {
    game: engine.id,
    matchId: match.id,
    seq: 0,
    at: match.createdAt ?? now,
    before: null,
    status: match.status,
    toMove: match.toMove,
    webhooks,
    seated: match.seats.flatMap((s) => (s.holder.player ? [s.holder.player] : [])),
  };
}

/** One event of the log with the states around it: what a log page and a stream render for each viewer. */
export interface Step {
  readonly event: StoredEvent;
  readonly before: MatchState;
  /** The match just after the event (`version` = the event's seq). */
  readonly after: Loaded;
  /** The engine's typed move (MoveMade), else undefined. */
  readonly move: unknown;
}

/** What an append takes besides its events: the store's options, and the idempotency key of the request. */
export type AppendExtra = Omit<AppendOptions, 'outbox'> & { idempotencyKey?: string; requestHash?: string };

/**
 * A match's state and its log (Emmett's load and append): the record, the state folded from the log through the
 * decider (or the cache, or the nearest snapshot), and the version-guarded append of decided events with its
 * effects (append-effects.ts). The only user of the event store on the request path.
 */
@Injectable()
export class MatchRepository {
  private readonly logger = new Logger('MatchRepository');
  private readonly cache = new StateCache(5000);
  private readonly deciders = new Map<string, MatchDecider>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    @Inject(CLOCK) readonly clock: Clock,
    private readonly effects: AppendEffects,
    @Optional() readonly metrics: Metrics = NO_METRICS,
  ) {}

  decider(engine: AnyEngine): MatchDecider {
    let d = this.deciders.get(engine.id);
    if (!d) this.deciders.set(engine.id, (d = matchDecider(engine)));
    return d;
  }

  cached(matchId: string): Loaded | undefined {
    return this.cache.get(matchId);
  }

  remember(loaded: Loaded): void {
    this.cache.set(loaded.match.id, loaded);
  }

  /** The match's record and the seat `credential` opens in it (null if none); 404 if it is not a match of this game. */
  async loadRecord(
    engine: AnyEngine,
    id: string,
    credential?: Credential,
  ): Promise<{ match: MatchRecord; seat: number | null }> {
    assertMatchId(id);
    const found = await this.store.loadMatch(id.toLowerCase(), credential);
    if (!found || found.match.game !== engine.id) throw notFound(id);
    return found;
  }

  /** The record of match `matchId` (lower case) of any game, or null. */
  async find(matchId: string): Promise<MatchRecord | null> {
    return (await this.store.loadMatch(matchId))?.match ?? null;
  }

  /** Creates a match (with its webhook endpoints, and their `match.started` when it starts active). */
  async create(
    engine: AnyEngine,
    match: NewMatch,
    hooks: readonly { readonly id: string; readonly url: string; readonly secret: string }[] = [],
  ): Promise<MatchRecord> {
    const change = creation(engine, match, hooks.length > 0, this.clock.now());
    const started = hooks.length > 0 && match.status === 'active' ? this.effects.outbox(change) : undefined;
    const record = await this.store.createMatch(
      hooks.length > 0 ? { ...match, webhooks: hooks.map((w) => ({ ...w, started })) } : match,
    );
    this.metrics.matchesCreated(engine.id);
    this.effects.committed(change, started !== undefined);
    return record;
  }

  /** A rematch; null if it exists already (its id is derived from the match it follows). */
  async createRematch(engine: AnyEngine, match: NewMatch): Promise<MatchRecord | null> {
    const created = await this.store.createRematch(match);
    if (created) {
      this.metrics.matchesCreated(engine.id);
      this.effects.committed(creation(engine, match, false, this.clock.now()), false);
    }
    return created;
  }

  /**
   * The effects of matches created by another feature's transaction (a seek's pairing, a tournament round),
   * once it has committed: the same as a creation here, without webhooks (those matches have none).
   */
  created(engine: AnyEngine, matches: readonly NewMatch[]): void {
    for (const match of matches) this.effects.committed(creation(engine, match, false, this.clock.now()), false);
  }

  /** Why a webhook endpoint given at creation is refused (the webhooks' rule), or null. */
  refuseEndpoint(url: string): string | null {
    return this.effects.refuseEndpoint(url);
  }

  /** Sets a seat's token hash (see EventStore.setSeatToken). */
  setSeatToken(matchId: string, seat: number, tokenHash: string, ifUnset: boolean): Promise<string | null> {
    return this.store.setSeatToken(matchId, seat, tokenHash, ifUnset);
  }

  /** The event a seat appended with an idempotency key, or null. */
  findByIdempotencyKey(matchId: string, seat: number, key: string): Promise<StoredEvent | null> {
    return this.store.findByIdempotencyKey(matchId, seat, key);
  }

  /** The events of a match after `afterSeq` (up to `upToSeq`), in order. */
  events(matchId: string, afterSeq?: number, upToSeq?: number): Promise<StoredEvent[]> {
    return this.store.events(matchId, afterSeq, upToSeq);
  }

  /**
   * The state at `match.version`: from the cache when it holds that version, else folded from the cached state,
   * the nearest snapshot or the start. A cached state newer than the row read (a write landed meanwhile) is the
   * truth at a later version: it is returned as it is, never replaced by an older replay.
   */
  async load(engine: AnyEngine, match: MatchRecord): Promise<Loaded> {
    const cached = this.cache.get(match.id);
    if (cached && cached.version > match.version) return cached;
    if (cached && cached.version === match.version) return { ...cached, match };
    const { at } = await this.walk(engine, match, match.version, match.version, cached);
    this.cache.set(match.id, at);
    return at;
  }

  /**
   * Folds the log up to event `upTo`, starting from the best state at or before `from`: `known`, else the
   * nearest snapshot, else the start. Returns the match at `upTo` and the steps after `from`. It reads at most
   * SNAPSHOT_EVERY + (upTo - from) events, and stores the snapshots it folded past.
   */
  async walk(
    engine: AnyEngine,
    match: MatchRecord,
    from: number,
    upTo: number,
    known?: Loaded,
  ): Promise<{ at: Loaded; steps: Step[] }> {
    let base: MatchState | undefined = known && known.version <= from ? known.state : undefined;
    if (!base || from - base.version >= SNAPSHOT_EVERY) {
      const snap = await this.snapshots.nearest(match.id, from, snapshotFormat(engine));
      if (snap && snap.seq > (base?.version ?? 0)) base = snap.state as MatchState;
    }
    base ??= this.initial(engine, match);
    const events = upTo > base.version ? await this.store.events(match.id, base.version, upTo) : [];
    const steps: Step[] = [];
    const fresh: Snapshot[] = [];
    const state = this.fold(engine, match, base, events, (stored, _event, before, after) => {
      if (stored.seq > from)
        steps.push({ event: stored, before, after: this.after(match, stored, after), move: typedMove(engine, stored) });
      if (isSnapshotSeq(stored.seq)) fresh.push({ seq: stored.seq, state: after });
    });
    if (state.version !== upTo) {
      throw new ApiError('REPLAY_FAILED', `The log of match ${match.id} ends at ${state.version}, not at ${upTo}.`);
    }
    if (fresh.length > 0) await this.saveSnapshots(engine, match.id, fresh);
    const last = events[events.length - 1];
    return {
      at: last
        ? this.after(match, last, state)
        : { version: state.version, state, match: known && known.version === state.version ? known.match : match },
      steps,
    };
  }

  /** The match as it was just after event `version` (0: as created), folded from the nearest snapshot before it. */
  async stateAt(engine: AnyEngine, match: MatchRecord, version: number): Promise<Loaded> {
    const { at } = await this.walk(engine, match, version, version);
    const [event] = version === 0 ? [] : await this.store.events(match.id, version - 1, version);
    if (event) return this.after(match, event, at.state);
    return {
      version: 0,
      state: at.state,
      match: { ...match, version: 0, status: at.state.status, updatedAt: match.createdAt, rematch: null },
    };
  }

  /** The match just after `event`, as its response was then (a rematch did not exist yet). */
  after(match: MatchRecord, event: StoredEvent, state: MatchState): Loaded {
    return {
      version: event.seq,
      state,
      match: { ...match, version: event.seq, status: state.status, updatedAt: event.createdAt, rematch: null },
    };
  }

  private async saveSnapshots(engine: AnyEngine, matchId: string, snapshots: Snapshot[]): Promise<void> {
    // Only a shortcut for later reads: a failure to store one must not fail the request that computed it.
    await this.snapshots.save(matchId, snapshotFormat(engine), snapshots).catch((error: Error) => {
      this.logger.warn(`match ${matchId}: snapshots not stored: ${error.message}`);
    });
  }

  initial(engine: AnyEngine, match: MatchRecord): MatchState {
    if (match.rulesVersion !== engine.rulesVersion) {
      throw new ApiError(
        'REPLAY_FAILED',
        `This match was played under ${engine.id} rules version ${match.rulesVersion}; this server runs version ${engine.rulesVersion} only.`,
      );
    }
    try {
      return this.decider(engine).initialState({
        seed: match.seed,
        options: match.options,
        seats: match.createdSeats,
        expiresAt: match.expiresAt?.getTime() ?? null,
        clock: match.clock,
        createdAt: match.createdAt.getTime(),
      });
    } catch (error) {
      throw this.replayFailed(match, error);
    }
  }

  /** Folds stored events into `base` through the decider's one fold, checking that they follow on without a gap. */
  fold(
    engine: AnyEngine,
    match: MatchRecord,
    base: MatchState,
    events: readonly StoredEvent[],
    onStep?: (stored: StoredEvent, event: MatchEvent, before: MatchState, after: MatchState) => void,
  ): MatchState {
    function* inOrder(): Generator<MatchEvent> {
      let seq = base.version;
      for (const stored of events) {
        if (stored.seq !== ++seq)
          throw new ApiError('REPLAY_FAILED', `The log of match ${match.id} has a gap before event ${stored.seq}.`);
        yield fromStored(stored);
      }
    }
    try {
      return foldEvents(
        this.decider(engine),
        base,
        inOrder(),
        onStep &&
          ((event, before, after) => {
            onStep(events[after.version - base.version - 1] as StoredEvent, event, before, after);
          }),
      );
    } catch (error) {
      throw error instanceof ApiError ? error : this.replayFailed(match, error);
    }
  }

  /**
   * Appends the events a command decided (all or none), guarded by the version the decision was made on: the
   * store's one statement, with the outbox message the effects ask for. Answers the state after them, or null
   * when another writer got there first, or the actor lost its seat (nothing was written).
   */
  async append(
    engine: AnyEngine,
    loaded: Loaded,
    decided: readonly MatchEvent[],
    extra: AppendExtra = {},
  ): Promise<Loaded | null> {
    const decider = this.decider(engine);
    // Every event carries its time: the clock is folded from it, and the store records the same instant.
    const now = this.clock.now().getTime();
    const events = decided.map((e) => (e.at === undefined ? { ...e, at: now } : e));
    const at = (events[events.length - 1] as MatchEvent).at as number;
    const state = foldEvents(decider, loaded.state, events);
    const { idempotencyKey, requestHash, ...options } = extra;
    const toMove = decider.toMove(state);
    const change: MatchChange = {
      game: engine.id,
      matchId: loaded.match.id,
      seq: loaded.version + events.length,
      at: new Date(at),
      before: loaded.state.status,
      status: state.status,
      toMove,
      webhooks: loaded.match.webhooks,
      seated: options.seatTaken?.playerId ? [options.seatTaken.playerId] : undefined,
    };
    const outbox = loaded.match.webhooks ? this.effects.outbox(change) : undefined;
    const rows = events.map(toNewEvent);
    Object.assign(rows[rows.length - 1] as NewEvent, { idempotencyKey, requestHash }); // a new row: no spread (match-events.ts)
    const appended = await this.store.append(
      loaded.match.id,
      loaded.version,
      { status: state.status, toMove, deadlineAt: deadlineOf(state), botDueAt: botDueOf(state, toMove, at) },
      rows,
      outbox ? Object.assign({}, options, { outbox }) : options,
    );
    if (!appended.ok) return null;
    this.metrics.appended(engine.id, events); // committed: one increment per event, whoever appended it (a move, a clock, a bot)
    this.effects.committed(change, outbox !== undefined);
    const after: Loaded = {
      version: appended.event.seq,
      state,
      match: {
        ...loaded.match,
        version: appended.event.seq,
        status: state.status,
        updatedAt: appended.event.createdAt,
      },
    };
    this.cache.set(after.match.id, after);
    if (isSnapshotSeq(after.version)) await this.saveSnapshots(engine, after.match.id, [{ seq: after.version, state }]);
    return after;
  }

  /** Decides a command on `loaded`; a refusal becomes the API error of the same code. */
  decide(engine: AnyEngine, loaded: Loaded, command: Parameters<MatchDecider['decide']>[1]): readonly MatchEvent[] {
    const decision = this.decider(engine).decide(loaded.state, command);
    if (!decision.ok) throw fromMatchError(decision.error);
    return decision.events;
  }

  /** The 409 of an append that lost: it reads the version now, once, to word it. */
  async versionConflict(matchId: string, fallback: number): Promise<ApiError> {
    const now = await this.store.loadMatch(matchId);
    return versionConflict(now?.match.version ?? fallback);
  }

  private replayFailed(match: MatchRecord, error: unknown): ApiError {
    if (!(error instanceof FoldError)) throw error;
    this.logger.error(`match ${match.id}: ${error.message}`);
    return new ApiError(
      'REPLAY_FAILED',
      `The stored log of this match no longer replays at event ${error.seq}; it is kept as it is, not patched.`,
    );
  }
}

/** A stored move as its engine's typed move (what redaction reads); a stored move always parses. */
export function typedMove(engine: AnyEngine, stored: StoredEvent): unknown {
  if (stored.type !== 'MoveMade') return undefined;
  const parsed = engine.parseMove(stored.payload);
  return parsed.ok ? parsed.value : undefined;
}
