import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { ClockSettings } from './match-clock';
import { type AnyEngine, type EngineError, type Seat, type Viewer } from '../engine/core';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG } from '../common/tokens';
import type { SeatHolder } from './decider';
import type { Credential, MatchRecord } from './event-store.port';
import { MatchAuthorizer } from './match-authorizer';
import { versionConflict } from './match-errors';
import { MatchPresenter } from './match-presenter';
import { type Loaded, MatchRepository, type Step } from './match-repository';
import { botDueOf, deadlineOf } from './projection';
import { findBot } from '../engine/bots';
import type {
  CreateMatchInput,
  CreatedMatchResponse,
  LegalMovesResponse,
  LogEntry,
  LogResponse,
  MatchResponse,
  MoveInput,
  MoveResult,
} from './match.types';
import { type LegalMovesCursor, formatCursor } from './cursor';
import { commitTo } from './fairness';
import { type LogStep, hiddenFromSeat } from './simultaneous';
import { hashRequest, hashToken, newSeatToken, newSeed } from './tokens';
import { classifyDatabaseError } from '../store/db-unavailable';

/** The idempotency look-up of one move request, run at most once (null: no key, or a key not used before). */
type EarlierAnswer = (match: MatchRecord, seat: Seat) => Promise<MoveResult | null>;

/**
 * The game-agnostic match service: authorize → load → decide → append → respond (Emmett's handleCommand, in
 * one place per command). Knows no rules: the match's rules are the decider's, a game's are its engine's;
 * every write goes through the repository's version-guarded append.
 */
@Injectable()
export class MatchService {
  constructor(
    private readonly repository: MatchRepository,
    private readonly authorizer: MatchAuthorizer,
    private readonly presenter: MatchPresenter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(engine: AnyEngine, input: CreateMatchInput): Promise<CreatedMatchResponse> {
    const seats = input.players.length;
    if (seats < engine.seats.min || seats > engine.seats.max) {
      const range =
        engine.seats.min === engine.seats.max ? `${engine.seats.min}` : `${engine.seats.min} to ${engine.seats.max}`;
      throw new ApiError('VALIDATION_FAILED', `${engine.id} takes ${range} players, not ${seats}.`, 'players/count');
    }
    if (input.players.some((p) => p.open === true && (p.name !== undefined || p.bot !== undefined))) {
      throw new ApiError(
        'VALIDATION_FAILED',
        'players: an open seat has no name; give { "name" }, { "open": true } or { "bot" }.',
        'players/open-with-name',
      );
    }
    for (const [i, p] of input.players.entries()) {
      if (p.bot !== undefined && !findBot(engine.id, p.bot)) {
        throw new ApiError(
          'VALIDATION_FAILED',
          `players.${i}.bot: ${engine.id} has no bot ${JSON.stringify(p.bot)}; see GET /games/${engine.id}/bots.`,
          'players/unknown-bot',
        );
      }
    }
    const options = engine.parseOptions(input.options, seats);
    if (!options.ok) throw fromEngineError(options.error);
    const clock = clockSettings(input);
    for (const [i, w] of (input.webhooks ?? []).entries()) {
      const refused = this.repository.refuseEndpoint(w.url);
      if (refused) throw new ApiError('VALIDATION_FAILED', `webhooks.${i}.url ${refused}.`, 'webhooks/url-refused');
    }
    const holders: SeatHolder[] = input.players.map((p) => {
      if (p.open) return { name: null, player: null, open: true };
      return p.bot === undefined
        ? { name: p.name as string, player: null, open: false }
        : { name: p.name ?? p.bot, player: null, open: false, bot: p.bot };
    });
    const tokens = input.players.map((p) => (p.open || p.bot !== undefined ? null : newSeatToken()));
    const hashes = tokens.map((t) => (t === null ? null : hashToken(t)));
    const waiting = holders.some((h) => h.open);
    const seed = newSeed();
    const createdAt = this.clock.now();
    const expiresAt = waiting ? new Date(createdAt.getTime() + this.config.waitingTtlSeconds * 1000) : null;
    const decider = this.repository.decider(engine);
    const state = decider.initialState({
      seed,
      options: options.value,
      seats: holders,
      expiresAt: expiresAt?.getTime() ?? null,
      clock,
      createdAt: createdAt.getTime(),
    });
    const id = randomUUID();
    const toMove = decider.toMove(state);
    // One secret for the match's endpoints, in the Standard Webhooks form (match.started, if it starts now, is the repository's).
    const webhookSecret = input.webhooks?.length ? `whsec_${randomBytes(32).toString('base64')}` : undefined;
    const match = await this.repository.create(
      engine,
      {
        id,
        game: engine.id,
        rulesVersion: engine.rulesVersion,
        seed,
        ...commitTo(engine, seed),
        options: options.value,
        status: state.status,
        toMove,
        unlisted: input.unlisted ?? false,
        expiresAt,
        rematchOf: null,
        clock,
        createdAt,
        deadlineAt: deadlineOf(state),
        botDueAt: botDueOf(state, toMove, createdAt.getTime()),
        seats: holders.map((holder, seat) => ({ seat, holder, tokenHash: hashes[seat] ?? null })),
      },
      (input.webhooks ?? []).map((w) => ({ id: randomUUID(), url: w.url, secret: webhookSecret as string })),
    );
    const loaded: Loaded = { version: 0, state, match };
    this.repository.remember(loaded);
    // The first move of each seat then takes the one-round-trip path too (its credential is re-checked by the append).
    for (const [seat, tokenHash] of hashes.entries())
      if (tokenHash !== null) this.authorizer.knowSeat({ tokenHash }, id, seat);
    // Added to the new response rather than spread into a copy (1.8 µs on Node 20: bench/README.md, "Object spreads").
    const seatTokens = holders.flatMap((h, seat) =>
      h.name === null || tokens[seat] === null ? [] : [{ seat, name: h.name, token: tokens[seat] as string }],
    );
    return Object.assign(
      this.presenter.respond(engine, loaded, 'spectator'),
      webhookSecret ? { seats: seatTokens, webhookSecret } : { seats: seatTokens },
    );
  }

  async get(engine: AnyEngine, id: string, token: string | undefined): Promise<MatchResponse> {
    const { match, viewer } = await this.authorizer.authorize(engine, id, token, false);
    return this.presenter.respond(engine, await this.repository.load(engine, match), viewer);
  }

  /** The match as it was at `version` (0 = just created), as this caller may see it: for replay viewers. */
  async getAt(engine: AnyEngine, id: string, token: string | undefined, version: number): Promise<MatchResponse> {
    const { match, viewer } = await this.authorizer.authorize(engine, id, token, false);
    if (version > match.version) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `version must be at most ${match.version}, the match's current version.`,
        'version/ahead',
      );
    }
    if (version === match.version)
      return this.presenter.respond(engine, await this.repository.load(engine, match), viewer);
    return this.presenter.respond(engine, await this.repository.stateAt(engine, match, version), viewer);
  }

  /**
   * A move. The credential is resolved once for the request. A move whose connection was lost mid-statement
   * may have committed (issue 28: a failover): with an Idempotency-Key it is safe to run again, once: the
   * append either lands now, or the key finds the first answer. Without a key the client gets 503 and decides.
   */
  async move(engine: AnyEngine, id: string, token: string | undefined, input: MoveInput): Promise<MoveResult> {
    const credential = await this.authorizer.credentialOf(token);
    const requestHash =
      input.idempotencyKey === undefined
        ? undefined
        : hashRequest({ move: input.move, expectedVersion: input.expectedVersion });
    try {
      return await this.moveOnce(engine, id, credential, input, requestHash);
    } catch (error) {
      if (input.idempotencyKey === undefined || classifyDatabaseError(error) === null) throw error;
      return this.moveOnce(engine, id, credential, input, requestHash);
    }
  }

  /**
   * Load, decide, append. The version is checked once against the state the move is decided on, then by the
   * append's own guard (the real check). The idempotency key is looked up at most once, and only when the move
   * cannot simply be appended (a stale version, a refusal, a lost append): a new key needs no read, and a key
   * used before with another body fails the append's unique key.
   */
  private async moveOnce(
    engine: AnyEngine,
    id: string,
    credential: Credential | undefined,
    input: MoveInput,
    requestHash: string | undefined,
  ): Promise<MoveResult> {
    const key = input.idempotencyKey;
    let looked: Promise<MoveResult | null> | undefined;
    const earlier: EarlierAnswer = (match, seat) =>
      key === undefined
        ? Promise.resolve(null)
        : (looked ??= this.earlierAnswer(engine, match, seat, key, requestHash as string));

    // Fast path, one round trip: a credential seen opening this seat and a cached state at exactly the version
    // the move names. Neither is trusted: the append succeeds only if the match is still at that version and
    // the credential still opens the seat, and a state at a given version never changes.
    const matchId = id.toLowerCase();
    const known = credential && this.authorizer.knownSeat(credential, matchId);
    const cached = known === undefined ? undefined : this.repository.cached(matchId);
    if (
      credential &&
      known !== undefined &&
      cached &&
      cached.match.game === engine.id &&
      input.expectedVersion === cached.version
    ) {
      const result = await this.decideAndAppend(engine, cached, known, input, requestHash, earlier, credential);
      if (result) return result;
    }

    const { match, viewer } = await this.authorizer.authorizeAs(engine, id, credential, true);
    const seat = viewer as Seat;
    if (input.expectedVersion === undefined) {
      const first = await earlier(match, seat);
      if (first) return first;
      throw new ApiError(
        'VALIDATION_FAILED',
        'Name the version the move was decided on: "expectedVersion" in the body or an If-Match header.',
        'expected-version/missing',
      );
    }
    const loaded = await this.repository.load(engine, match);
    let stale = false;
    if (input.expectedVersion !== loaded.version) {
      const first = await earlier(match, seat);
      if (first) return first;
      // A stale version is still good when nothing since it is visible to the mover (docs/api.md "Simultaneous
      // phases").
      if (!(
        input.expectedVersion < loaded.version &&
        (await this.unseenSince(engine, loaded.match, seat, input.expectedVersion))
      )) {
        throw versionConflict(loaded.version);
      }
      stale = true;
    }
    const result = await this.decideAndAppend(engine, loaded, seat, input, requestHash, earlier, undefined, stale);
    if (result) return result;
    throw await this.repository.versionConflict(match.id, loaded.version + 1);
  }

  /** Whether every event after `version` is another seat's move in a simultaneous phase, hidden from `seat`. */
  private async unseenSince(engine: AnyEngine, match: MatchRecord, seat: Seat, version: number): Promise<boolean> {
    const { at, steps } = await this.repository.walk(engine, match, version, match.version);
    const since: LogStep[] = steps.map(({ event, before, after, move }) => ({
      event,
      before: before.game,
      after: after.state.game,
      move,
    }));
    return hiddenFromSeat(engine, since, seat, at.state.game);
  }

  /** Null when the append lost (another writer, or a credential that no longer opens the seat) and the key found no earlier answer. */
  private async decideAndAppend(
    engine: AnyEngine,
    loaded: Loaded,
    seat: Seat,
    input: MoveInput,
    requestHash: string | undefined,
    earlier: EarlierAnswer,
    actor?: Credential,
    stale = false,
  ): Promise<MoveResult | null> {
    let events;
    try {
      events = this.repository.decide(engine, loaded, {
        type: 'MakeMove',
        seat,
        move: input.move,
        now: this.clock.now().getTime(),
      });
    } catch (error) {
      // A refused retry of a move that did land must still get its first answer, not a rules error.
      const first = await earlier(loaded.match, seat);
      if (first) return first;
      if (stale) throw versionConflict(loaded.version); // decided on an older version, and not legal now
      throw error;
    }
    const after = await this.repository.append(engine, loaded, events, {
      idempotencyKey: input.idempotencyKey,
      requestHash,
      actor: actor && { seat, credential: actor },
    });
    if (after) return { response: this.presenter.respond(engine, after, seat), replayed: false };
    // The caller re-authorizes and reports why (a newer version, or a credential that lost the seat) unless
    // the key answers: a retry that raced its first request, or a key used before with another body (422).
    return earlier(loaded.match, seat);
  }

  async resign(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
    expectedVersion?: number,
  ): Promise<MatchResponse> {
    const { match, viewer } = await this.authorizer.authorize(engine, id, token, true);
    const seat = viewer as Seat;
    const loaded = await this.repository.load(engine, match);
    if (expectedVersion !== undefined && expectedVersion !== loaded.version) throw versionConflict(loaded.version);
    const events = this.repository.decide(engine, loaded, { type: 'Resign', seat, now: this.clock.now().getTime() });
    const after = await this.repository.append(engine, loaded, events);
    if (!after) throw await this.repository.versionConflict(match.id, loaded.version + 1);
    return this.presenter.respond(engine, after, seat);
  }

  async log(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
    after = 0,
    limit = 100,
  ): Promise<{ log: LogResponse; viewer: Viewer }> {
    const { match, viewer } = await this.authorizer.authorize(engine, id, token, false);
    // A page costs the page (plus at most SNAPSHOT_EVERY events folded from the nearest snapshot), not the match.
    const now = await this.repository.load(engine, match);
    const { steps } = await this.repository.walk(engine, now.match, after, Math.min(now.version, after + limit), now);
    const entries = steps.map((step) => this.presenter.entry(engine, step, now, viewer));
    const last = steps[steps.length - 1];
    const more = last !== undefined && last.event.seq < now.version;
    // Whose turn it is as of the page's last entry (the match now when the page is empty): a long-polling bot
    // learns it from the page itself, with no second read of the match (docs/api.md "Waiting for your turn").
    const asOf = last?.after ?? now;
    const toMove = this.repository.decider(engine).toMove(asOf.state);
    return {
      log: {
        id: match.id,
        version: now.version,
        status: asOf.state.status,
        toMove,
        entries,
        nextAfter: more ? last.event.seq : null,
      },
      viewer,
    };
  }

  /** Whom a token shows the match to (a seat, or a spectator without one); 401/403/404 as for a read. */
  async viewerOf(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
  ): Promise<{ match: MatchRecord; viewer: Viewer }> {
    return this.authorizer.authorize(engine, id, token, false);
  }

  /** As `viewerOf`, for the credential a stream ticket was issued for. */
  async viewerAs(
    engine: AnyEngine,
    id: string,
    credential: Credential,
  ): Promise<{ match: MatchRecord; viewer: Viewer }> {
    return this.authorizer.authorizeAs(engine, id, credential, false);
  }

  /**
   * The events after `after` (at most `limit`), re-read from the store, each with the states around it, and the
   * match now. `known`, a state at or before `after` the caller kept, saves the snapshot read. For the streams.
   */
  async stepsAfter(
    engine: AnyEngine,
    matchId: string,
    after: number,
    limit: number,
    known?: Loaded,
  ): Promise<{ steps: Step[]; now: Loaded } | null> {
    const match = await this.repository.find(matchId);
    if (!match) return null;
    if (match.version <= after) return { steps: [], now: await this.repository.load(engine, match) };
    const upTo = Math.min(match.version, after + limit);
    const { at, steps } = await this.repository.walk(engine, match, after, upTo, known);
    // A page that reaches the end of the log ends at the state now: no second read for it.
    if (upTo === match.version) this.repository.remember(at);
    return { steps, now: upTo === match.version ? at : await this.repository.load(engine, match) };
  }

  /** One step as `viewer` sees it: its log entry and the match just after it. */
  present(engine: AnyEngine, step: Step, now: Loaded, viewer: Viewer): { entry: LogEntry; match: MatchResponse } {
    return this.presenter.step(engine, step, now, viewer);
  }

  async legalMoves(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
    cursor?: LegalMovesCursor,
    limit = 200,
  ): Promise<LegalMovesResponse> {
    const { match, viewer } = await this.authorizer.authorize(engine, id, token, true);
    const seat = viewer as Seat;
    const loaded = await this.repository.load(engine, match);
    // A page of another version would splice two different lists together.
    if (cursor !== undefined && cursor.version !== loaded.version) throw versionConflict(loaded.version);
    const offset = cursor?.offset ?? 0;
    const toMove = this.repository.decider(engine).toMove(loaded.state);
    const active = loaded.state.status === 'active';
    const moves: unknown[] = [];
    let more = false;
    if (toMove.includes(seat)) {
      let index = 0;
      for (const m of engine.legalMoves(loaded.state.game, seat)) {
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
    const extra = active && engine.legalMovesInfo ? engine.legalMovesInfo(loaded.state.game, seat) : {};
    return {
      ...extra,
      version: loaded.version,
      seat,
      moves,
      nextCursor: more ? formatCursor({ version: loaded.version, offset: offset + moves.length }) : null,
    };
  }

  /**
   * The idempotency look-up, in one place: the first answer to a request with this key, rebuilt exactly from
   * the log as the match was just after its event; null if the key is new; 422 if it came with another body.
   */
  private async earlierAnswer(
    engine: AnyEngine,
    match: MatchRecord,
    seat: Seat,
    key: string,
    requestHash: string,
  ): Promise<MoveResult | null> {
    const earlier = await this.repository.findByIdempotencyKey(match.id, seat, key);
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) {
      throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    // The first response was the match just after that event; rebuild it exactly from the log.
    const then = await this.repository.stateAt(engine, match, earlier.seq);
    return { response: this.presenter.respond(engine, then, seat), replayed: true };
  }
}

/** `timeControl` and `onTimeout` of a create body (docs/api.md "Clocks"): one kind of clock, whole seconds. */
export function clockSettings(input: Pick<CreateMatchInput, 'timeControl' | 'onTimeout'>): ClockSettings | null {
  // JSON null is absence here, as for every optional field of the body (class-validator lets it through).
  const tc = input.timeControl ?? undefined;
  const given = <T>(x: T | null | undefined): x is T => x !== undefined && x !== null;
  if (tc === undefined) {
    if (given(input.onTimeout))
      throw new ApiError('VALIDATION_FAILED', 'onTimeout needs a timeControl.', 'time-control/missing');
    return null;
  }
  const onTimeout = input.onTimeout ?? 'forfeit';
  if (given(tc.perMoveSeconds)) {
    if (given(tc.initialSeconds) || given(tc.incrementSeconds)) {
      throw new ApiError(
        'VALIDATION_FAILED',
        'timeControl is either { perMoveSeconds } or { initialSeconds, incrementSeconds }, not both.',
        'time-control/mixed',
      );
    }
    return { timeControl: { perMoveSeconds: tc.perMoveSeconds }, onTimeout };
  }
  if (!given(tc.initialSeconds)) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'timeControl needs perMoveSeconds, or initialSeconds (with incrementSeconds).',
      'time-control/missing',
    );
  }
  return { timeControl: { initialSeconds: tc.initialSeconds, incrementSeconds: tc.incrementSeconds ?? 0 }, onTimeout };
}

export function fromEngineError(error: EngineError): ApiError {
  return new ApiError(error.code, error.message, error.reason);
}
