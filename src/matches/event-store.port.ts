/**
 * The persistence port of the match service. Implementations keep their driver types to themselves
 * (src/store/prisma-event-store.ts); the service sees only these shapes.
 */
export type MatchStatus = 'active' | 'finished' | 'aborted';
export type EventType = 'MoveMade' | 'PlayerResigned';

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
  readonly players: readonly { readonly seat: number; readonly name: string }[];
}

export interface StoredEvent {
  readonly seq: number;
  readonly type: EventType;
  readonly seat: number;
  readonly payload: unknown;
  readonly createdAt: Date;
  readonly idempotencyKey: string | null;
  readonly requestHash: string | null;
}

/** A match as created: the record's fields that the store does not set itself, plus each seat's token hash. */
export interface NewMatch extends Pick<MatchRecord, 'id' | 'game' | 'rulesVersion' | 'seed' | 'salt' | 'seedCommitment' | 'options' | 'status'> {
  readonly seats: readonly { readonly seat: number; readonly name: string; readonly tokenHash: string }[];
}

export interface NewEvent {
  readonly type: EventType;
  readonly seat: number;
  readonly payload: unknown;
  readonly idempotencyKey?: string;
  readonly requestHash?: string;
}

export type AppendResult =
  | { readonly ok: true; readonly event: StoredEvent }
  /** `version-conflict`: the match is no longer at the expected version. `duplicate-key`: the seat already used the idempotency key. */
  | { readonly ok: false; readonly conflict: 'version-conflict' | 'duplicate-key' };

export interface EventStore {
  createMatch(match: NewMatch): Promise<MatchRecord>;
  /** The match and, when a token hash is given, the seat it opens in this match (null if none). One round trip. */
  loadMatch(id: string, tokenHash?: string): Promise<{ match: MatchRecord; seat: number | null } | null>;
  /** Whether a token hash opens a seat in any match (to tell 403 from 401). */
  tokenExists(tokenHash: string): Promise<boolean>;
  /** Events with `afterSeq < seq <= upToSeq` (no upper bound without it), in order. */
  events(matchId: string, afterSeq?: number, upToSeq?: number): Promise<StoredEvent[]>;
  /**
   * Appends event `expectedVersion + 1` and bumps the match version, in one statement: it succeeds for
   * exactly one writer per version. `status` is the projection written along with it.
   */
  append(matchId: string, expectedVersion: number, status: MatchStatus, event: NewEvent): Promise<AppendResult>;
  findByIdempotencyKey(matchId: string, seat: number, key: string): Promise<StoredEvent | null>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
