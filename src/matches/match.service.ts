import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type AnyEngine, type EngineError, type Seat, type Viewer, play } from '../engine/core';
import { ApiError } from '../common/api-error';
import { EVENT_STORE, type EventStore, type MatchRecord, type MatchStatus, type StoredEvent } from './event-store.port';
import type {
  CreateMatchInput, CreatedMatchResponse, LegalMovesResponse, LogEntry, LogResponse, MatchResponse, MoveInput, MoveResult,
} from './match.types';
import { type LegalMovesCursor, formatCursor } from './cursor';
import { commitTo, fairnessFields } from './fairness';
import { type LogStep, hiddenFromSeat } from './simultaneous';
import { SNAPSHOT_EVERY, SNAPSHOT_STORE, type Snapshot, type SnapshotStore, isSnapshotSeq, snapshotFormat } from './snapshots';
import { type CachedState, LruMap, StateCache } from './state-cache';
import { hashRequest, hashToken, newSeatToken, newSeed } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Authorized {
  match: MatchRecord;
  viewer: Viewer;
}

type Loaded<S = unknown> = CachedState<S>;

/** One event of the log with the states around it: what a log page and a stream render for each viewer. */
export interface Step {
  readonly event: StoredEvent;
  readonly before: unknown;
  /** The match just after the event (`version` = the event's seq). */
  readonly after: Loaded;
  readonly move: unknown;
}

/**
 * The game-agnostic match service: load → replay → authorize → apply → append. Knows no rules: every
 * game question goes to the engine; every write goes through the version-guarded append of the store.
 */
@Injectable()
export class MatchService {
  private readonly logger = new Logger(MatchService.name);
  private readonly cache = new StateCache(5000);
  /** Seat tokens seen before (hash → match and seat). Immutable once issued, so safe to remember. */
  private readonly seatsByToken = new LruMap<{ matchId: string; seat: Seat }>(20000);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
  ) {}

  async create(engine: AnyEngine, input: CreateMatchInput): Promise<CreatedMatchResponse> {
    const seats = input.players.length;
    if (seats < engine.seats.min || seats > engine.seats.max) {
      const range = engine.seats.min === engine.seats.max ? `${engine.seats.min}` : `${engine.seats.min} to ${engine.seats.max}`;
      throw new ApiError('VALIDATION_FAILED', `${engine.id} takes ${range} players, not ${seats}.`, 'players/count');
    }
    const options = engine.parseOptions(input.options, seats);
    if (!options.ok) throw fromEngineError(options.error);
    const seed = newSeed();
    const state = engine.setup({ seed, seats, options: options.value });
    const tokens = input.players.map(() => newSeatToken());
    const match = await this.store.createMatch({
      id: randomUUID(),
      game: engine.id,
      rulesVersion: engine.rulesVersion,
      seed,
      ...commitTo(engine, seed),
      options: options.value,
      status: engine.outcome(state) ? 'finished' : 'active',
      seats: input.players.map((p, seat) => ({ seat, name: p.name, tokenHash: hashToken(tokens[seat] as string) })),
    });
    const loaded: Loaded = { version: 0, state, resigned: null, match };
    this.cache.set(match.id, loaded);
    return {
      ...this.respond(engine, loaded, 'spectator'),
      seats: input.players.map((p, seat) => ({ seat, name: p.name, token: tokens[seat] as string })),
    };
  }

  async get(engine: AnyEngine, id: string, token: string | undefined): Promise<MatchResponse> {
    const { match, viewer } = await this.authorize(engine, id, token, false);
    return this.respond(engine, await this.load(engine, match), viewer);
  }

  /** The match as it was at `version` (0 = just created), as this caller may see it: for replay viewers. */
  async getAt(engine: AnyEngine, id: string, token: string | undefined, version: number): Promise<MatchResponse> {
    const { match, viewer } = await this.authorize(engine, id, token, false);
    if (version > match.version) {
      throw new ApiError('VALIDATION_FAILED', `version must be at most ${match.version}, the match's current version.`, 'version/ahead');
    }
    if (version === match.version) return this.respond(engine, await this.load(engine, match), viewer);
    return this.respond(engine, await this.stateAt(engine, match, version), viewer);
  }

  async move(engine: AnyEngine, id: string, token: string | undefined, input: MoveInput): Promise<MoveResult> {
    const requestHash = input.idempotencyKey === undefined ? undefined : hashRequest({ move: input.move, expectedVersion: input.expectedVersion });
    // Fast path, one round trip: a known seat token and a cached state at exactly the version the move names.
    // The cache is not trusted for anything the store does not re-check: the append below succeeds only if
    // the match is still at that version, and a state at a given version never changes.
    const known = token === undefined ? undefined : this.seatsByToken.get(hashToken(token));
    const cached = known && known.matchId === id.toLowerCase() ? this.cache.get(known.matchId) : undefined;
    if (known && cached && cached.match.game === engine.id && input.expectedVersion === cached.version) {
      return this.applyAndAppend(engine, cached, known.seat, input, requestHash);
    }

    const { match, viewer } = await this.authorize(engine, id, token, true);
    const seat = viewer as Seat;
    if (input.idempotencyKey !== undefined) {
      const earlier = await this.store.findByIdempotencyKey(match.id, seat, input.idempotencyKey);
      if (earlier) return this.replayEarlier(engine, match, earlier, requestHash as string);
    }
    if (input.expectedVersion === undefined) {
      throw new ApiError('VALIDATION_FAILED', 'Name the version the move was decided on: "expectedVersion" in the body or an If-Match header.', 'expected-version/missing');
    }
    // A stale version is still good when nothing since it is visible to the mover (README "Simultaneous phases").
    const stale = input.expectedVersion !== match.version;
    if (stale && !(input.expectedVersion < match.version && (await this.unseenSince(engine, match, seat, input.expectedVersion)))) {
      throw versionConflict(match.version);
    }
    const loaded = await this.load(engine, match);
    // A cached state past the row read means a write landed meanwhile: the move was decided on an older state.
    if (loaded.version !== match.version) throw versionConflict(loaded.version);
    return this.applyAndAppend(engine, loaded, seat, input, requestHash, stale);
  }

  /** Whether every event after `version` is another seat's move in a simultaneous phase, hidden from `seat`. */
  private async unseenSince(engine: AnyEngine, match: MatchRecord, seat: Seat, version: number): Promise<boolean> {
    const { at, steps } = await this.walk(engine, match, version, match.version);
    const since: LogStep[] = steps.map(({ event, before, after, move }) => ({ event, before, after: after.state, move }));
    return hiddenFromSeat(engine, since, seat, at.state);
  }

  private async applyAndAppend(
    engine: AnyEngine, loaded: Loaded, seat: Seat, input: MoveInput, requestHash: string | undefined, stale = false,
  ): Promise<MoveResult> {
    const { match } = loaded;
    if (loaded.resigned !== null || match.status !== 'active') throw new ApiError('GAME_OVER', 'The match is over.');
    const played = play(engine, loaded.state, seat, input.move);
    if (!played.ok && stale) throw versionConflict(loaded.version); // decided on an older version, and not legal now
    if (!played.ok) {
      // A refused retry of a move that did land must still get its first answer, not a rules error.
      if (input.idempotencyKey !== undefined) {
        const earlier = await this.store.findByIdempotencyKey(match.id, seat, input.idempotencyKey);
        if (earlier) return this.replayEarlier(engine, match, earlier, requestHash as string);
      }
      throw fromEngineError(played.error);
    }
    const next = played.value.state;
    const status: MatchStatus = engine.outcome(next) ? 'finished' : 'active';
    const appended = await this.store.append(match.id, loaded.version, status, {
      type: 'MoveMade',
      seat,
      payload: engine.encodeMove(played.value.move),
      idempotencyKey: input.idempotencyKey,
      requestHash,
    });
    if (!appended.ok) {
      if (input.idempotencyKey !== undefined) {
        const earlier = await this.store.findByIdempotencyKey(match.id, seat, input.idempotencyKey);
        if (earlier) return this.replayEarlier(engine, match, earlier, requestHash as string);
      }
      const now = await this.store.loadMatch(match.id);
      throw versionConflict(now?.match.version ?? loaded.version + 1);
    }
    const after: Loaded = {
      version: appended.event.seq,
      state: next,
      resigned: null,
      match: { ...match, version: appended.event.seq, status, updatedAt: appended.event.createdAt },
    };
    this.cache.set(match.id, after);
    if (isSnapshotSeq(after.version)) await this.saveSnapshots(engine, match.id, [{ seq: after.version, state: next, resigned: null }]);
    return { response: this.respond(engine, after, seat), replayed: false };
  }

  async resign(engine: AnyEngine, id: string, token: string | undefined, expectedVersion?: number): Promise<MatchResponse> {
    const { match, viewer } = await this.authorize(engine, id, token, true);
    const seat = viewer as Seat;
    if (expectedVersion !== undefined && expectedVersion !== match.version) throw versionConflict(match.version);
    const loaded = await this.load(engine, match);
    if (expectedVersion !== undefined && expectedVersion !== loaded.version) throw versionConflict(loaded.version);
    if (loaded.resigned !== null || loaded.match.status !== 'active' || engine.outcome(loaded.state)) {
      throw new ApiError('GAME_OVER', 'The match is over.');
    }
    const appended = await this.store.append(match.id, loaded.version, 'finished', { type: 'PlayerResigned', seat, payload: {} });
    if (!appended.ok) {
      const now = await this.store.loadMatch(match.id);
      throw versionConflict(now?.match.version ?? match.version + 1);
    }
    const after: Loaded = {
      version: appended.event.seq,
      state: loaded.state,
      resigned: seat,
      match: { ...match, version: appended.event.seq, status: 'finished', updatedAt: appended.event.createdAt },
    };
    this.cache.set(match.id, after);
    return this.respond(engine, after, seat);
  }

  async log(engine: AnyEngine, id: string, token: string | undefined, after = 0, limit = 100): Promise<{ log: LogResponse; viewer: Viewer }> {
    const { match, viewer } = await this.authorize(engine, id, token, false);
    // A page costs the page (plus at most SNAPSHOT_EVERY events folded from the nearest snapshot), not the match.
    const now = await this.load(engine, match);
    const { steps } = await this.walk(engine, now.match, after, Math.min(now.version, after + limit), now);
    const entries = steps.map((step) => this.entry(engine, step, now.state, viewer));
    const last = steps[steps.length - 1];
    const more = last !== undefined && last.event.seq < now.version;
    return { log: { id: match.id, version: now.version, entries, nextAfter: more ? last.event.seq : null }, viewer };
  }

  /** Whom a token shows the match to (a seat, or a spectator without one); 401/403/404 as for a read. */
  async viewerOf(engine: AnyEngine, id: string, token: string | undefined): Promise<{ match: MatchRecord; viewer: Viewer }> {
    return this.authorize(engine, id, token, false);
  }

  /**
   * The events after `after` (at most `limit`), re-read from the store, each with the states around it, and the
   * match now. `known`, a state at or before `after` the caller kept, saves the snapshot read. For the streams.
   */
  async stepsAfter(engine: AnyEngine, matchId: string, after: number, limit: number, known?: Loaded): Promise<{ steps: Step[]; now: Loaded } | null> {
    const found = await this.store.loadMatch(matchId);
    if (!found) return null;
    const { match } = found;
    const cached = this.cache.get(match.id);
    if (match.version <= after) return { steps: [], now: cached && cached.version >= match.version ? cached : await this.load(engine, match) };
    const upTo = Math.min(match.version, after + limit);
    const { at, steps } = await this.walk(engine, match, after, upTo, known);
    // A page that reaches the end of the log ends at the state now: no second read for it.
    if (upTo === match.version) this.cache.set(match.id, at);
    return { steps, now: upTo === match.version ? at : await this.load(engine, match) };
  }

  /** One step as `viewer` sees it: its log entry and the match just after it. */
  present(engine: AnyEngine, step: Step, now: Loaded, viewer: Viewer): { entry: LogEntry; match: MatchResponse } {
    return { entry: this.entry(engine, step, now.state, viewer), match: this.respond(engine, step.after, viewer) };
  }

  private entry(engine: AnyEngine, { event, before, after, move }: Step, now: unknown, viewer: Viewer): LogEntry {
    const entry: LogEntry = { seq: event.seq, seat: event.seat, type: event.type, at: event.createdAt.toISOString() };
    if (event.type === 'MoveMade') Object.assign(entry, engine.redactMove({ seat: event.seat, move, before, after: after.state, now }, viewer));
    return entry;
  }

  async legalMoves(engine: AnyEngine, id: string, token: string | undefined, cursor?: LegalMovesCursor, limit = 200): Promise<LegalMovesResponse> {
    const { match, viewer } = await this.authorize(engine, id, token, true);
    const seat = viewer as Seat;
    const loaded = await this.load(engine, match);
    // A page of another version would splice two different lists together.
    if (cursor !== undefined && cursor.version !== loaded.version) throw versionConflict(loaded.version);
    const offset = cursor?.offset ?? 0;
    const over = loaded.resigned !== null || engine.outcome(loaded.state) !== null;
    const moves: unknown[] = [];
    let more = false;
    if (!over && engine.toMove(loaded.state).includes(seat)) {
      let index = 0;
      for (const m of engine.legalMoves(loaded.state, seat)) {
        if (index >= offset) {
          if (moves.length === limit) {
            more = true;
            break;
          }
          moves.push(engine.encodeMove(m));
        }
        index++;
      }
    }
    const extra = !over && engine.legalMovesInfo ? engine.legalMovesInfo(loaded.state, seat) : {};
    return { ...extra, version: loaded.version, seat, moves, nextCursor: more ? formatCursor({ version: loaded.version, offset: offset + moves.length }) : null };
  }

  private async authorize(engine: AnyEngine, id: string, token: string | undefined, seatRequired: boolean): Promise<Authorized> {
    if (!UUID.test(id)) throw notFound(id);
    const tokenHash = token === undefined ? undefined : hashToken(token);
    const found = await this.store.loadMatch(id.toLowerCase(), tokenHash);
    if (!found || found.match.game !== engine.id) throw notFound(id);
    if (tokenHash === undefined) {
      if (seatRequired) throw new ApiError('UNAUTHENTICATED', 'This needs a seat token: Authorization: Bearer <token>.');
      return { match: found.match, viewer: 'spectator' };
    }
    if (found.seat === null) {
      if (await this.store.tokenExists(tokenHash)) throw new ApiError('FORBIDDEN', 'This seat token belongs to another match.');
      throw new ApiError('UNAUTHENTICATED', 'Unknown seat token.');
    }
    this.seatsByToken.set(tokenHash, { matchId: found.match.id, seat: found.seat });
    return { match: found.match, viewer: found.seat };
  }

  private setupState(engine: AnyEngine, match: MatchRecord): unknown {
    if (match.rulesVersion !== engine.rulesVersion) {
      throw new ApiError('REPLAY_FAILED', `This match was played under ${engine.id} rules version ${match.rulesVersion}; this server runs version ${engine.rulesVersion} only.`);
    }
    const options = engine.parseOptions(match.options, match.players.length);
    if (!options.ok) throw this.replayFailed(match, 0, options.error);
    return engine.setup({ seed: match.seed, seats: match.players.length, options: options.value });
  }

  /**
   * The state at `match.version`: from the cache when it holds that version, else folded from the cached state,
   * the nearest snapshot or the setup. A cached state newer than the row read (a write landed meanwhile) is the
   * truth at a later version: it is returned as it is, never replaced by an older replay.
   */
  private async load(engine: AnyEngine, match: MatchRecord): Promise<Loaded> {
    const cached = this.cache.get(match.id);
    if (cached && cached.version > match.version) return cached;
    if (cached && cached.version === match.version) return { ...cached, match };
    const { at } = await this.walk(engine, match, match.version, match.version, cached);
    this.cache.set(match.id, at);
    return at;
  }

  /**
   * Folds the log up to event `upTo`, starting from the best state at or before `from`: `known`, else the
   * nearest snapshot, else the setup. Returns the state at `upTo` and the steps after `from`. It reads at most
   * SNAPSHOT_EVERY + (upTo - from) events, and stores the snapshots it folded past.
   */
  private async walk(engine: AnyEngine, match: MatchRecord, from: number, upTo: number, known?: Loaded): Promise<{ at: Loaded; steps: Step[] }> {
    let base = known && known.version <= from ? known : undefined;
    if (!base || from - base.version >= SNAPSHOT_EVERY) {
      const snap = await this.snapshots.nearest(match.id, from, snapshotFormat(engine));
      if (snap && snap.seq > (base?.version ?? 0)) base = { version: snap.seq, state: snap.state, resigned: snap.resigned, match };
    }
    base ??= { version: 0, state: this.setupState(engine, match), resigned: null, match };
    const events = upTo > base.version ? await this.store.events(match.id, base.version, upTo) : [];
    const steps: Step[] = [];
    const fresh: Snapshot[] = [];
    const at = this.fold(engine, match, base, events, (event, before, after, move, resigned) => {
      if (event.seq > from) steps.push({ event, before, after: this.after(engine, match, event, after, resigned), move });
      if (isSnapshotSeq(event.seq)) fresh.push({ seq: event.seq, state: after, resigned });
    });
    if (at.version !== upTo) {
      throw new ApiError('REPLAY_FAILED', `The log of match ${match.id} ends at ${at.version}, not at ${upTo}.`);
    }
    if (fresh.length > 0) await this.saveSnapshots(engine, match.id, fresh);
    return { at, steps };
  }

  /** The match just after `event`, as its response was then. */
  private after(engine: AnyEngine, match: MatchRecord, event: StoredEvent, state: unknown, resigned: Seat | null): Loaded {
    const status: MatchStatus = resigned !== null || engine.outcome(state) ? 'finished' : match.status === 'aborted' ? 'aborted' : 'active';
    return { version: event.seq, state, resigned, match: { ...match, version: event.seq, status, updatedAt: event.createdAt } };
  }

  private async saveSnapshots(engine: AnyEngine, matchId: string, snapshots: Snapshot[]): Promise<void> {
    // Only a shortcut for later reads: a failure to store one must not fail the request that computed it.
    await this.snapshots.save(matchId, snapshotFormat(engine), snapshots).catch((error: Error) => {
      this.logger.warn(`match ${matchId}: snapshots not stored: ${error.message}`);
    });
  }

  /** Applies stored events to `base`; the result carries `match` (the row read for this request). */
  private fold(
    engine: AnyEngine,
    match: MatchRecord,
    base: Loaded,
    events: readonly StoredEvent[],
    onStep?: (event: StoredEvent, before: unknown, after: unknown, move: unknown, resigned: Seat | null) => void,
  ): Loaded {
    let { version, state, resigned } = base;
    for (const event of events) {
      if (event.seq !== version + 1) throw new ApiError('REPLAY_FAILED', `The log of match ${match.id} has a gap before event ${event.seq}.`);
      const before = state;
      let move: unknown;
      if (event.type === 'PlayerResigned') resigned = event.seat;
      else {
        const r = play(engine, state, event.seat, event.payload);
        if (!r.ok) throw this.replayFailed(match, event.seq, r.error);
        state = r.value.state;
        move = r.value.move;
      }
      onStep?.(event, before, state, move, resigned);
      version = event.seq;
    }
    return { version, state, resigned, match };
  }

  private async replayEarlier(engine: AnyEngine, match: MatchRecord, earlier: StoredEvent, requestHash: string): Promise<MoveResult> {
    if (earlier.requestHash !== requestHash) {
      throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    // The first response was the match just after that event; rebuild it exactly from the log (from the
    // nearest snapshot before it).
    const { at } = await this.walk(engine, match, earlier.seq, earlier.seq);
    return { response: this.respond(engine, this.after(engine, match, earlier, at.state, at.resigned), earlier.seat), replayed: true };
  }

  /** The match replayed from its setup up to `version` (never cached: past versions are rare reads). */
  /** The match as it was just after event `version` (0: as created), folded from the nearest snapshot before it. */
  private async stateAt(engine: AnyEngine, match: MatchRecord, version: number): Promise<Loaded> {
    const { at } = await this.walk(engine, match, version, version);
    const [event] = version === 0 ? [] : await this.store.events(match.id, version - 1, version);
    if (event) return this.after(engine, match, event, at.state, at.resigned);
    return { ...at, match: { ...match, version: 0, status: engine.outcome(at.state) ? 'finished' : 'active', updatedAt: match.createdAt } };
  }


  private respond(engine: AnyEngine, loaded: Loaded, viewer: Viewer): MatchResponse {
    const { match, resigned } = loaded;
    const outcome = resigned !== null
      ? { winners: match.players.map((p) => p.seat).filter((s) => s !== resigned), scores: engine.scores(loaded.state), reason: 'resigned', draw: false }
      : engine.outcome(loaded.state);
    const response: MatchResponse = {
      id: match.id,
      game: match.game,
      rulesVersion: match.rulesVersion,
      status: outcome ? 'finished' : match.status === 'aborted' ? 'aborted' : 'active',
      version: loaded.version,
      players: match.players.map((p) => ({ seat: p.seat, name: p.name })),
      toMove: outcome ? [] : engine.toMove(loaded.state),
      you: viewer === 'spectator' ? null : viewer,
      view: engine.view(loaded.state, viewer),
      outcome,
      createdAt: match.createdAt.toISOString(),
      updatedAt: match.updatedAt.toISOString(),
    };
    return Object.assign(response, fairnessFields(match, response.status !== 'active'));
  }

  private replayFailed(match: MatchRecord, seq: number, error: EngineError): ApiError {
    this.logger.error(`match ${match.id}: stored event ${seq} no longer replays: ${error.code} ${error.reason ?? ''} ${error.message}`);
    return new ApiError('REPLAY_FAILED', `The stored log of this match no longer replays at event ${seq}; it is kept as it is, not patched.`);
  }
}

function notFound(id: string): ApiError {
  return new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
}

function versionConflict(current: number): ApiError {
  return new ApiError('VERSION_CONFLICT', `The match is at version ${current}; reload it and decide again.`, undefined, { currentVersion: current });
}

export function fromEngineError(error: EngineError): ApiError {
  return new ApiError(error.code, error.message, error.reason);
}
