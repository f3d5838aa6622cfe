/**
 * The event store: a match's record and its log, loaded and appended (the one guarded append). Owned by
 * src/matches; implemented on Postgres (src/matches/postgres/prisma-event-store.ts) and in memory
 * (src/matches/in-memory-event-store.ts, for unit tests). The paged lists are the listings' port
 * (listing-store.port.ts); the background loops' claim queries are work queues beside each loop.
 */
import type { ClockSettings } from './match-clock';
import type { MatchStatus, SeatHolder } from './decider';

export type { MatchStatus } from './decider';
import type { EventType } from './event-types';

export type { EventType };

export interface MatchRecord {
  readonly id: string;
  readonly game: string;
  readonly rulesVersion: number;
  readonly seed: string;
  /** Commit-reveal (matches/fairness.ts): null in games without chance and in matches older than it. */
  readonly salt: string | null;
  readonly seedCommitment: string | null;
  readonly options: unknown;
  readonly status: MatchStatus;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly unlisted: boolean;
  readonly expiresAt: Date | null;
  /** The time control and what a timeout does; null without a clock. */
  readonly clock: ClockSettings | null;
  /** The match this one is the rematch of, and the rematch of this one (each null if none). */
  readonly rematchOf: string | null;
  readonly rematch: string | null;
  /** The seats as they were at creation (open ones open): where the fold starts. Joins come from the log. */
  readonly createdSeats: readonly SeatHolder[];
  /** Whether the match has webhook endpoints (set at creation only): an append without them writes no outbox. */
  readonly webhooks: boolean;
}

export interface StoredEvent {
  readonly seq: number;
  readonly type: EventType;
  /** Null for an event of the whole match (MatchAborted). */
  readonly seat: number | null;
  readonly payload: unknown;
  readonly createdAt: Date;
  readonly idempotencyKey: string | null;
  readonly requestHash: string | null;
}

/** A match as created: the record's fields that the store does not set itself, plus each seat's holder and token hash. */
export interface NewMatch extends Pick<
  MatchRecord,
  | 'id'
  | 'game'
  | 'rulesVersion'
  | 'seed'
  | 'salt'
  | 'seedCommitment'
  | 'options'
  | 'status'
  | 'unlisted'
  | 'expiresAt'
  | 'rematchOf'
  | 'clock'
> {
  readonly toMove: readonly number[];
  /** The server clock's now; the store's own when absent. */
  readonly createdAt?: Date;
  readonly deadlineAt: Date | null;
  /** Since when a bot seat is to move (the bot runner's work list); null when none is. */
  readonly botDueAt?: Date | null;
  /** Webhook endpoints, each with the outbox row of `match.started` when the match is active at creation. */
  readonly webhooks?: readonly NewWebhook[];
  readonly seats: readonly { readonly seat: number; readonly holder: SeatHolder; readonly tokenHash: string | null }[];
}

export interface NewEvent {
  readonly type: EventType;
  /** When the event happened (the server's clock); the store's own clock when absent. */
  readonly at?: Date;
  readonly seat: number | null;
  readonly payload: unknown;
  readonly idempotencyKey?: string;
  readonly requestHash?: string;
}

export interface NewWebhook {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
  readonly started?: OutboxMessage;
}

/** A webhook message for every enabled endpoint of the match, written in the same statement as its event. */
export interface OutboxMessage {
  readonly type: string;
  /** The webhook-id header, the same on every attempt. */
  readonly messageId: string;
  /** The exact JSON posted. */
  readonly body: string;
}

/** Who is asking: a seat token (by its hash) or a player (by id; a player key acts for every seat its player holds). */
export type Credential = { readonly tokenHash: string } | { readonly playerId: string };

/** What the match row says along with its events: projections of the state after them. */
export interface Projection {
  readonly status: MatchStatus;
  readonly toMove: readonly number[];
  /** The clock's next deadline (the scheduler's work list); null when none. */
  readonly deadlineAt: Date | null;
  /** Since when a bot seat is to move (the bot runner's work list); null when none is. */
  readonly botDueAt?: Date | null;
}

export interface AppendOptions {
  /** Append only if this credential still opens this seat (a cached authorization may be stale). */
  readonly actor?: { readonly seat: number; readonly credential: Credential };
  /** With a SeatJoined event: the seat row's new holder and token hash, written in the same statement. */
  readonly seatTaken?: {
    readonly seat: number;
    readonly name: string;
    readonly playerId: string | null;
    readonly tokenHash: string | null;
    readonly bot?: string;
  };
  /**
   * The bot runner's own append: its claim on the bot turns is renewed to this lease (every other append
   * releases it), so a match played for longer than one lease is not claimed by a second instance meanwhile.
   */
  readonly renewBotLease?: Date;
  /** The webhook message the event causes, one outbox row per enabled endpoint, in the same statement. */
  readonly outbox?: OutboxMessage;
}

export type AppendResult =
  /** `event` is the last of the events appended. */
  | { readonly ok: true; readonly event: StoredEvent }
  /** `version-conflict`: the match is no longer at the expected version (or the actor lost its seat). `duplicate-key`: the seat already used the idempotency key. */
  | { readonly ok: false; readonly conflict: 'version-conflict' | 'duplicate-key' };

export interface EventStore {
  createMatch(match: NewMatch): Promise<MatchRecord>;
  /** A rematch; null if a match with its id exists already (the id is derived from the match it follows). */
  createRematch(match: NewMatch): Promise<MatchRecord | null>;
  /** The match and, when a credential is given, the seat it opens in this match (null if none). One round trip. */
  loadMatch(id: string, credential?: Credential): Promise<{ match: MatchRecord; seat: number | null } | null>;
  /** Whether a token hash opens a seat in any match (to tell 403 from 401). */
  tokenExists(tokenHash: string): Promise<boolean>;
  /** Events with `afterSeq < seq <= upToSeq` (no upper bound without it), in order. */
  events(matchId: string, afterSeq?: number, upToSeq?: number): Promise<StoredEvent[]>;
  /**
   * Appends events `expectedVersion + 1`, `+ 2`, … (one or more, all or none) and bumps the match version, in
   * one statement: it succeeds for exactly one writer per version. The projection is written along with them;
   * an idempotency key goes with the last event.
   */
  append(
    matchId: string,
    expectedVersion: number,
    projection: Projection,
    events: readonly NewEvent[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  findByIdempotencyKey(matchId: string, seat: number, key: string): Promise<StoredEvent | null>;
  /** Sets a seat's token hash; with `ifUnset`, only where none is set yet. Answers the hash the seat has after. */
  setSeatToken(matchId: string, seat: number, tokenHash: string, ifUnset: boolean): Promise<string | null>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
