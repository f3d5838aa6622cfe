import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { AnyEngine, Seat, Viewer } from '../engine/core';
import { nextDeadline, remainingMs } from './match-clock';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import { outboxMessage, webhookTypeOf } from '../webhooks/outbox';
import { OutboxSignal } from '../webhooks/outbox-signal';
import { isPlayerKey } from '../players/player-key';
import { PlayerDirectory } from '../players/player-directory';
import { Metrics, NO_METRICS } from '../metrics/metrics';
import { type MatchDecider, type MatchError, type MatchEvent, type MatchState, FoldError, foldEvents, matchDecider } from './decider';
import { type AppendOptions, type Credential, EVENT_STORE, type EventStore, type MatchRecord, type NewEvent, type StoredEvent } from './event-store.port';
import { fairnessFields } from './fairness';
import { fromStored, toNewEvent } from './match-events';
import type { MatchResponse, PlayerEntry } from './match.types';
import { SNAPSHOT_EVERY, SNAPSHOT_STORE, type Snapshot, type SnapshotStore, isSnapshotSeq, snapshotFormat } from './snapshots';
import { type CachedState, LruMap, StateCache } from './state-cache';
import { hashToken } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Loaded = CachedState<unknown>;

/** One event of the log with the states around it: what a log page and a stream render for each viewer. */
export interface Step {
  readonly event: StoredEvent;
  readonly before: MatchState;
  /** The match just after the event (`version` = the event's seq). */
  readonly after: Loaded;
  /** The engine's typed move (MoveMade), else undefined. */
  readonly move: unknown;
}

export interface Authorized {
  match: MatchRecord;
  viewer: Viewer;
  /** Absent for a spectator. */
  credential?: Credential;
}

/**
 * What every match route shares: who the caller is, the match's state (folded from its log through the
 * decider, or from the cache), the version-guarded append of a decided event, and the response. The fold,
 * "is the match over" (the decider's status) and the append exist here once.
 */
@Injectable()
export class MatchAccess {
  private readonly logger = new Logger('MatchAccess');
  private readonly cache = new StateCache(5000);
  /** Seats opened before, by credential and match. Only a hint: every write re-checks it in its append. */
  private readonly seatsByCredential = new LruMap<Seat>(20000);
  private readonly deciders = new Map<string, MatchDecider>();

  constructor(
    @Inject(EVENT_STORE) readonly store: EventStore,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    private readonly players: PlayerDirectory,
    @Inject(CLOCK) readonly clock: Clock,
    readonly outbox: OutboxSignal,
    @Optional() readonly metrics: Metrics = NO_METRICS,
  ) {}

  decider(engine: AnyEngine): MatchDecider {
    let d = this.deciders.get(engine.id);
    if (!d) this.deciders.set(engine.id, (d = matchDecider(engine)));
    return d;
  }

  /** The credential a bearer token stands for: a player key is 401 if unknown; a seat token is checked per match. */
  async credentialOf(token: string | undefined): Promise<Credential | undefined> {
    if (token === undefined) return undefined;
    if (!isPlayerKey(token)) return { tokenHash: hashToken(token) };
    const player = await this.players.identify(token);
    if (!player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
    return { playerId: player.id };
  }

  /** A seat this instance has seen the credential open, without asking the store. */
  knownSeat(credential: Credential, matchId: string): Seat | undefined {
    return this.seatsByCredential.get(credentialKey(credential, matchId));
  }

  /** Records that `credential` opens `seat` (a hint only: every append checks it again). */
  knowSeat(credential: Credential, matchId: string, seat: Seat): void {
    this.seatsByCredential.set(credentialKey(credential, matchId), seat);
  }

  forgetSeat(credential: Credential, matchId: string): void {
    this.seatsByCredential.delete(credentialKey(credential, matchId));
  }

  cached(matchId: string): Loaded | undefined {
    return this.cache.get(matchId);
  }

  remember(loaded: Loaded): void {
    this.cache.set(loaded.match.id, loaded);
  }

  async authorize(engine: AnyEngine, id: string, token: string | undefined, seatRequired: boolean): Promise<Authorized> {
    if (!UUID.test(id)) throw notFound(id);
    return this.authorizeAs(engine, id, await this.credentialOf(token), seatRequired);
  }

  /** As `authorize`, for a credential already known (a stream ticket's). */
  async authorizeAs(engine: AnyEngine, id: string, credential: Credential | undefined, seatRequired: boolean): Promise<Authorized> {
    const found = await this.loadRecord(engine, id, credential);
    if (credential === undefined) {
      if (seatRequired) throw new ApiError('UNAUTHENTICATED', 'This needs a seat token or a player key: Authorization: Bearer <token>.');
      return { match: found.match, viewer: 'spectator' };
    }
    if (found.seat === null) {
      if ('playerId' in credential) throw new ApiError('FORBIDDEN', 'This player holds no seat in this match.');
      if (await this.store.tokenExists(credential.tokenHash)) throw new ApiError('FORBIDDEN', 'This seat token belongs to another match.');
      throw new ApiError('UNAUTHENTICATED', 'Unknown seat token.');
    }
    this.seatsByCredential.set(credentialKey(credential, found.match.id), found.seat);
    return { match: found.match, viewer: found.seat, credential };
  }

  async loadRecord(engine: AnyEngine, id: string, credential?: Credential): Promise<{ match: MatchRecord; seat: Seat | null }> {
    if (!UUID.test(id)) throw notFound(id);
    const found = await this.store.loadMatch(id.toLowerCase(), credential);
    if (!found || found.match.game !== engine.id) throw notFound(id);
    return found;
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
  async walk(engine: AnyEngine, match: MatchRecord, from: number, upTo: number, known?: Loaded): Promise<{ at: Loaded; steps: Step[] }> {
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
      if (stored.seq > from) steps.push({ event: stored, before, after: this.after(match, stored, after), move: typedMove(engine, stored) });
      if (isSnapshotSeq(stored.seq)) fresh.push({ seq: stored.seq, state: after });
    });
    if (state.version !== upTo) {
      throw new ApiError('REPLAY_FAILED', `The log of match ${match.id} ends at ${state.version}, not at ${upTo}.`);
    }
    if (fresh.length > 0) await this.saveSnapshots(engine, match.id, fresh);
    const last = events[events.length - 1];
    return { at: last ? this.after(match, last, state) : { version: state.version, state, match: known && known.version === state.version ? known.match : match }, steps };
  }

  /** The match just after `event`, as its response was then (a rematch did not exist yet). */
  after(match: MatchRecord, event: StoredEvent, state: MatchState): Loaded {
    return { version: event.seq, state, match: { ...match, version: event.seq, status: state.status, updatedAt: event.createdAt, rematch: null } };
  }

  private async saveSnapshots(engine: AnyEngine, matchId: string, snapshots: Snapshot[]): Promise<void> {
    // Only a shortcut for later reads: a failure to store one must not fail the request that computed it.
    await this.snapshots.save(matchId, snapshotFormat(engine), snapshots).catch((error: Error) => {
      this.logger.warn(`match ${matchId}: snapshots not stored: ${error.message}`);
    });
  }

  initial(engine: AnyEngine, match: MatchRecord): MatchState {
    if (match.rulesVersion !== engine.rulesVersion) {
      throw new ApiError('REPLAY_FAILED', `This match was played under ${engine.id} rules version ${match.rulesVersion}; this server runs version ${engine.rulesVersion} only.`);
    }
    try {
      return this.decider(engine).initialState({
        seed: match.seed, options: match.options, seats: match.createdSeats, expiresAt: match.expiresAt?.getTime() ?? null,
        clock: match.clock, createdAt: match.createdAt.getTime(),
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
        if (stored.seq !== ++seq) throw new ApiError('REPLAY_FAILED', `The log of match ${match.id} has a gap before event ${stored.seq}.`);
        yield fromStored(stored);
      }
    }
    try {
      return foldEvents(this.decider(engine), base, inOrder(), onStep && ((event, before, after) => {
        onStep(events[after.version - base.version - 1] as StoredEvent, event, before, after);
      }));
    } catch (error) {
      throw error instanceof ApiError ? error : this.replayFailed(match, error);
    }
  }

  /**
   * Appends the events a command decided (all or none), guarded by the version the decision was made on.
   * Answers the state after them, or null when another writer got there first (nothing was written).
   */
  async append(
    engine: AnyEngine, loaded: Loaded, decided: readonly MatchEvent[], extra: AppendOptions & { idempotencyKey?: string; requestHash?: string } = {},
  ): Promise<Loaded | null> {
    const decider = this.decider(engine);
    // Every event carries its time: the clock is folded from it, and the store records the same instant.
    const now = this.clock.now().getTime();
    const events = decided.map((e) => (e.at === undefined ? { ...e, at: now } : e));
    const at = (events[events.length - 1] as MatchEvent).at as number;
    const state = foldEvents(decider, loaded.state, events);
    const { idempotencyKey, requestHash, ...options } = extra;
    const toMove = decider.toMove(state);
    const type = loaded.match.webhooks ? webhookTypeOf(loaded.state.status, state.status, toMove) : null;
    const outbox = type && outboxMessage(type, new Date(at), {
      game: engine.id, matchId: loaded.match.id, seq: loaded.version + events.length, status: state.status, toMove,
    });
    const rows = events.map(toNewEvent);
    Object.assign(rows[rows.length - 1] as NewEvent, { idempotencyKey, requestHash }); // a new row: no spread (match-events.ts)
    const appended = await this.store.append(
      loaded.match.id, loaded.version, { status: state.status, toMove, deadlineAt: deadlineOf(state), botDueAt: botDueOf(state, toMove, at) },
      rows, outbox ? Object.assign({}, options, { outbox }) : options,
    );
    if (!appended.ok) return null;
    this.metrics.appended(engine.id, events); // committed: one increment per event, whoever appended it (a move, a clock, a bot)
    if (outbox) this.outbox.notify();
    const after: Loaded = {
      version: appended.event.seq,
      state,
      match: { ...loaded.match, version: appended.event.seq, status: state.status, updatedAt: appended.event.createdAt },
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

  async versionConflict(matchId: string, fallback: number): Promise<ApiError> {
    const now = await this.store.loadMatch(matchId);
    return versionConflict(now?.match.version ?? fallback);
  }

  respond(engine: AnyEngine, loaded: Loaded, viewer: Viewer): MatchResponse {
    const { match, state } = loaded;
    const decider = this.decider(engine);
    const response: MatchResponse = {
      id: match.id,
      game: match.game,
      rulesVersion: match.rulesVersion,
      status: state.status,
      version: loaded.version,
      players: playersOf(state.seats, state.left),
      toMove: decider.toMove(state),
      you: viewer === 'spectator' ? null : viewer,
      view: engine.view(state.game, viewer),
      outcome: decider.outcome(state),
      rematch: match.rematch,
      clock: clockOf(state, this.clock.now().getTime()),
      createdAt: match.createdAt.toISOString(),
      updatedAt: match.updatedAt.toISOString(),
    };
    // The seed is revealed once the match is over (finished, or aborted), never while it waits or runs.
    return Object.assign(response, fairnessFields(match, state.status === 'finished' || state.status === 'aborted'));
  }

  private replayFailed(match: MatchRecord, error: unknown): ApiError {
    if (!(error instanceof FoldError)) throw error;
    this.logger.error(`match ${match.id}: ${error.message}`);
    return new ApiError('REPLAY_FAILED', `The stored log of this match no longer replays at event ${error.seq}; it is kept as it is, not patched.`);
  }
}

const credentialKey = (c: Credential, matchId: string): string => ('tokenHash' in c ? `t:${c.tokenHash}:${matchId}` : `p:${c.playerId}:${matchId}`);

export function playersOf(seats: MatchState['seats'], left: readonly Seat[] = []): PlayerEntry[] {
  return seats.map((s, seat) => {
    const entry: PlayerEntry = { seat, name: s.name };
    if (s.player !== null) entry.player = s.player;
    if (s.open) entry.open = true;
    if (left.includes(seat)) entry.left = true;
    if (s.bot !== undefined) entry.bot = s.bot;
    return entry;
  });
}

/** The match's next clock deadline while it is active: what the scheduler waits for. */
export function deadlineOf(state: MatchState): Date | null {
  if (state.status !== 'active' || state.clock === null) return null;
  const due = nextDeadline(state.clock);
  return due === null ? null : new Date(due.at);
}

/**
 * `at` while a bot seat is to move (the bot runner's work list), else null. A seat whose move the clock now
 * owes (a timeout with `random`) is the clock scheduler's, not the bot's.
 */
export function botDueOf(state: MatchState, toMove: readonly Seat[], at: number): Date | null {
  const owed = state.clock?.autoMove?.seat;
  return toMove.some((seat) => seat !== owed && state.seats[seat]?.bot !== undefined) ? new Date(at) : null;
}

/** `clock` in the match response: the next deadline (null once over) and each seat's time as of `now`. */
function clockOf(state: MatchState, now: number): MatchResponse['clock'] {
  if (state.clock === null) return null;
  const deadline = deadlineOf(state);
  return { deadlineAt: deadline && deadline.toISOString(), remainingMs: remainingMs(state.clock, now) };
}

export function notFound(id: string): ApiError {
  return new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
}

export function versionConflict(current: number): ApiError {
  return new ApiError('VERSION_CONFLICT', `The match is at version ${current}; reload it and decide again.`, undefined, { currentVersion: current });
}

export function fromMatchError(error: MatchError): ApiError {
  if (error.code === 'NO_SUCH_SEAT') return new ApiError('VALIDATION_FAILED', error.message, 'seat/out-of-range');
  return new ApiError(error.code, error.message, error.reason);
}

/** A stored move as its engine's typed move (what redaction reads); a stored move always parses. */
export function typedMove(engine: AnyEngine, stored: StoredEvent): unknown {
  if (stored.type !== 'MoveMade') return undefined;
  const parsed = engine.parseMove(stored.payload);
  return parsed.ok ? parsed.value : undefined;
}
