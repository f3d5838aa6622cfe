/**
 * The event store in memory (boardgame.io's `inmemory.ts`): the same port and the same guarantees as the
 * Postgres adapter, for unit tests of the match service. An append is all or nothing and succeeds only at the
 * match's version (and, with an actor, while its credential opens the seat): else `version-conflict`, as the
 * guarded UPDATE finds no row. An idempotency key a seat already used in the match fails the append with
 * `duplicate-key`, as the unique index does, but only once the version guard has let it through. The outbox
 * rows an append writes are kept, per match, with its events.
 */
import type { Clock } from '../common/clock';
import type { SeatHolder } from './decider';
import type {
  AppendOptions,
  AppendResult,
  Credential,
  EventStore,
  MatchRecord,
  NewEvent,
  NewMatch,
  OutboxMessage,
  Projection,
  StoredEvent,
} from './event-store.port';
import { rematchIdOf } from './rematch-id';
import type { Snapshot, SnapshotStore } from './snapshots';

/** Each call yields once before it acts, as a round trip would: concurrent callers interleave as they do on Postgres. */
const roundTrip = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A value as a jsonb column gives it back: a copy through JSON (undefined fields dropped, dates as strings). */
const asStored = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

interface SeatRow {
  name: string | null;
  player: string | null;
  tokenHash: string | null;
  bot: string | null;
  /** The version of the join that filled the seat, if a join did. */
  joinedSeq: number | null;
}

interface Row {
  record: Omit<MatchRecord, 'rematch' | 'createdSeats' | 'webhooks'>;
  seats: SeatRow[];
  webhooks: number;
  events: StoredEvent[];
  outbox: OutboxMessage[];
  projection: Projection;
}

export class InMemoryEventStore implements EventStore {
  private readonly rows = new Map<string, Row>();

  constructor(private readonly clock: Clock = { now: () => new Date() }) {}

  async createMatch(m: NewMatch): Promise<MatchRecord> {
    await roundTrip();
    if (this.rows.has(m.id)) throw Object.assign(new Error(`match ${m.id} exists`), { code: '23505' });
    const createdAt = m.createdAt ?? this.clock.now();
    const hooks = m.webhooks ?? [];
    this.rows.set(m.id, {
      record: {
        id: m.id,
        game: m.game,
        rulesVersion: m.rulesVersion,
        seed: m.seed,
        salt: m.salt,
        seedCommitment: m.seedCommitment,
        options: m.options,
        status: m.status,
        version: 0,
        createdAt,
        updatedAt: createdAt,
        unlisted: m.unlisted,
        expiresAt: m.expiresAt,
        clock: m.clock,
        rematchOf: m.rematchOf,
      },
      seats: m.seats.map(({ holder, tokenHash }) => ({
        name: holder.name,
        player: holder.player,
        tokenHash,
        bot: holder.bot ?? null,
        joinedSeq: null,
      })),
      webhooks: hooks.length,
      events: [],
      outbox: hooks.flatMap((w) => (w.started ? [w.started] : [])),
      projection: { status: m.status, toMove: m.toMove, deadlineAt: m.deadlineAt, botDueAt: m.botDueAt ?? null },
    });
    return this.recordOf(this.rows.get(m.id) as Row);
  }

  async createRematch(m: NewMatch): Promise<MatchRecord | null> {
    await roundTrip();
    // As the primary key decides it on Postgres: a second creation of the same id is null, however close.
    return this.createMatch(m).catch((error: { code?: string }) => {
      if (error.code === '23505') return null;
      throw error;
    });
  }

  async loadMatch(id: string, credential?: Credential): Promise<{ match: MatchRecord; seat: number | null } | null> {
    await roundTrip();
    const row = this.rows.get(id.toLowerCase());
    if (!row) return null;
    return { match: this.recordOf(row), seat: credential === undefined ? null : this.seatOpenedBy(row, credential) };
  }

  async tokenExists(tokenHash: string): Promise<boolean> {
    await roundTrip();
    for (const row of this.rows.values()) if (row.seats.some((s) => s.tokenHash === tokenHash)) return true;
    return false;
  }

  async events(matchId: string, afterSeq = 0, upToSeq = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    await roundTrip();
    return (this.rows.get(matchId)?.events ?? []).filter((e) => e.seq > afterSeq && e.seq <= upToSeq);
  }

  async append(
    matchId: string,
    expectedVersion: number,
    projection: Projection,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    await roundTrip();
    if (events.length === 0) throw new Error('append needs at least one event');
    const row = this.rows.get(matchId);
    if (!row || row.record.version !== expectedVersion) return { ok: false, conflict: 'version-conflict' };
    const actor = options.actor;
    if (actor && this.seatOpenedBy(row, actor.credential, actor.seat) === null)
      return { ok: false, conflict: 'version-conflict' };
    const last = events[events.length - 1] as NewEvent;
    const key = last.idempotencyKey ?? null;
    if (key !== null && row.events.some((e) => e.seat === last.seat && e.idempotencyKey === key))
      return { ok: false, conflict: 'duplicate-key' };
    const at = last.at ?? this.clock.now();
    const version = expectedVersion + events.length;
    const stored = events.map((e, i): StoredEvent => ({
      seq: expectedVersion + i + 1,
      type: e.type,
      seat: e.seat,
      payload: asStored(e.payload),
      createdAt: new Date(at),
      idempotencyKey: i === events.length - 1 ? key : null,
      requestHash: i === events.length - 1 ? (last.requestHash ?? null) : null,
    }));
    const taken = options.seatTaken;
    const seat = taken && row.seats[taken.seat];
    // As the statement's UPDATE of the seat row: only a seat still open takes the new holder.
    if (taken && seat && seat.name === null)
      Object.assign(seat, {
        name: taken.name,
        player: taken.playerId,
        tokenHash: taken.tokenHash,
        bot: taken.bot ?? null,
        joinedSeq: version,
      });
    row.events.push(...stored);
    row.record = {
      ...row.record,
      version,
      status: projection.status,
      updatedAt: new Date(at),
      expiresAt: projection.status === 'waiting' ? row.record.expiresAt : null,
    };
    row.projection = projection;
    if (options.outbox && row.webhooks > 0) for (let i = 0; i < row.webhooks; i++) row.outbox.push(options.outbox);
    return { ok: true, event: stored[stored.length - 1] as StoredEvent };
  }

  async findByIdempotencyKey(matchId: string, seat: number, key: string): Promise<StoredEvent | null> {
    await roundTrip();
    return this.rows.get(matchId)?.events.find((e) => e.seat === seat && e.idempotencyKey === key) ?? null;
  }

  async setSeatToken(matchId: string, seat: number, tokenHash: string, ifUnset: boolean): Promise<string | null> {
    await roundTrip();
    const s = this.rows.get(matchId)?.seats[seat];
    if (!s) return null;
    if (s.name !== null && (!ifUnset || s.tokenHash === null)) s.tokenHash = tokenHash;
    return s.tokenHash;
  }

  /** The outbox rows written for a match (one per endpoint and message), in order. */
  outbox(matchId: string): readonly OutboxMessage[] {
    return this.rows.get(matchId)?.outbox ?? [];
  }

  /** What the last append wrote on the match row besides its events: the status, the seats to move, the work lists' due times. */
  projection(matchId: string): Projection | undefined {
    return this.rows.get(matchId)?.projection;
  }

  private recordOf(row: Row): MatchRecord {
    const createdSeats = row.seats.map((s): SeatHolder => {
      if (s.joinedSeq !== null || s.name === null) return { name: null, player: null, open: true };
      return s.bot === null
        ? { name: s.name, player: s.player, open: false }
        : { name: s.name, player: s.player, open: false, bot: s.bot };
    });
    const rematch = rematchIdOf(row.record.id);
    return {
      ...row.record,
      rematch: this.rows.has(rematch) ? rematch : null,
      createdSeats,
      webhooks: row.webhooks > 0,
    };
  }

  /** The lowest seat `credential` opens (or whether it opens `only`), else null. */
  private seatOpenedBy(row: Row, credential: Credential, only?: number): number | null {
    const opens = (s: SeatRow): boolean =>
      'tokenHash' in credential
        ? s.tokenHash === credential.tokenHash
        : s.player !== null && s.player === credential.playerId.toLowerCase();
    if (only !== undefined) return row.seats[only] && opens(row.seats[only]) ? only : null;
    const seat = row.seats.findIndex(opens);
    return seat < 0 ? null : seat;
  }
}

/** Snapshots in memory: the nearest at or before a version, per match and format. */
export class InMemorySnapshotStore implements SnapshotStore {
  private readonly rows = new Map<string, Snapshot[]>();

  async nearest(matchId: string, atMost: number, format: string): Promise<Snapshot | null> {
    await roundTrip();
    const found = (this.rows.get(`${matchId}/${format}`) ?? []).filter((s) => s.seq <= atMost);
    return found.reduce<Snapshot | null>((best, s) => (best === null || s.seq > best.seq ? s : best), null);
  }

  async save(matchId: string, format: string, snapshots: readonly Snapshot[]): Promise<void> {
    await roundTrip();
    const list = this.rows.get(`${matchId}/${format}`) ?? [];
    for (const s of snapshots)
      if (!list.some((x) => x.seq === s.seq)) list.push({ seq: s.seq, state: asStored(s.state) });
    this.rows.set(`${matchId}/${format}`, list);
  }

  async lacking(): Promise<{ id: string; game: string; latest: number }[]> {
    await roundTrip();
    return [];
  }
}
