import { randomUUID } from 'node:crypto';
import { type Credential, EVENT_STORE, type NewEvent, type Projection } from '../src/matches/event-store.port';
import { rematchIdOf } from '../src/matches/rematch-id';
import { hashToken } from '../src/matches/tokens';
import type { PrismaEventStore } from '../src/matches/postgres/prisma-event-store';
import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';

/**
 * Group commit (src/store/group-commit.ts, APPEND_BATCH): appends of different matches that arrive while a
 * statement is in flight share the next one. These check, on a real Postgres, that a shared statement is the
 * same as its appends one by one: each keeps its own version guard, its own seat check and its own outbox.
 * Reads of matches (`loadMatch`) are grouped too: each gets its own match and the seat its credential opens.
 */
describe('group commit of appends and creations, and group reads', () => {
  // Its counts of statements and appends are this app's alone: no bot runner or tournament director here, which
  // would append the moves of other files' bot matches (an arena's, say) through the same batcher meanwhile.
  const h = useApp({ botSweepMs: 0, tournamentSweepMs: 0, seekSweepMs: 0 });
  const store = (): PrismaEventStore => h.app.get<PrismaEventStore>(EVENT_STORE);
  const active: Projection = { status: 'active', toMove: [1], deadlineAt: null };
  const move = (square: string, extra: Partial<NewEvent> = {}): NewEvent[] => [
    { type: 'MoveMade', seat: 0, payload: { square }, ...extra },
  ];

  /**
   * Blocker matches enough to take every statement slot when their appends start in one turn: the first goes
   * alone at once, and each further slot opens only when `spill` appends wait, so it takes `spill` of them.
   */
  const slotFillers = (b: { concurrency: number; spill: number }): number => 1 + (b.concurrency - 1) * b.spill;
  const blockers = async (): Promise<string[]> => {
    const batcher = store().batcher;
    if (!batcher) throw new Error('the test app runs with APPEND_BATCH=0: no group commit to test');
    return (
      await Promise.all(Array.from({ length: slotFillers(batcher) }, () => h.client.create('reversi', ['a', 'b'])))
    ).map((m) => m.id);
  };

  /** Polls until `done` holds (the batcher's queue is read in this process, so this only waits for requests to arrive). */
  async function until(done: () => boolean, what: string): Promise<void> {
    for (const end = Date.now() + 20_000; !done(); await new Promise((r) => setTimeout(r, 10))) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    }
  }

  /** Holds the rows of these matches locked in a transaction of another connection until `release` is called. */
  async function lockRows(ids: string[]): Promise<{ release(): Promise<void> }> {
    const c = await h.db.pool.connect();
    await c.query('BEGIN');
    await c.query('SELECT 1 FROM "Match" WHERE "id" = ANY($1::uuid[]) FOR UPDATE', [ids]);
    return {
      release: async () => {
        await c.query('ROLLBACK');
        c.release();
      },
    };
  }

  /**
   * Starts the blockers' appends (they take every slot, one statement each) and, in the same turn, the others:
   * fewer than `spill`, those wait until nothing is in flight and go together next.
   */
  async function together<T>(
    blocking: string[],
    appends: (() => Promise<T>)[],
  ): Promise<{ results: T[]; batches: number; appended: number }> {
    const batcher = store().batcher;
    if (!batcher) throw new Error('the test app runs with APPEND_BATCH=0: no group commit to test');
    const [b0, a0] = [batcher.batches, batcher.appends];
    const first = blocking.map((id) => store().append(id, 0, active, move('d3')));
    const results = await Promise.all(appends.map((f) => f()));
    expect((await Promise.all(first)).every((r) => r.ok)).toBe(true);
    return {
      results,
      batches: batcher.batches - b0 - batcher.concurrency,
      appended: batcher.appends - a0 - blocking.length,
    };
  }

  it('moves on many matches at once share statements, and each match still takes exactly one move per version', async () => {
    const batcher = store().batcher!;
    const blocking = await blockers();
    const matches = await Promise.all(Array.from({ length: 30 }, () => h.client.create('reversi', ['ann', 'bob'])));
    // Every statement slot is taken by an append that waits on a row lock: the 90 moves all queue meanwhile.
    const lock = await lockRows(blocking);
    const [b0, a0] = [batcher.batches, batcher.appends];
    const first = blocking.map((id) => store().append(id, 0, active, move('d3')));
    const sent = Promise.all(
      matches.flatMap((m) =>
        ['d3', 'c4', 'f5'].map((square) =>
          h.client.move('reversi', m.id, m.seats[0]!.token, { square }, 0).then((r) => [m.id, r.status] as const),
        ),
      ),
    );
    try {
      await until(() => batcher.waiting === 90, 'the 90 moves to queue');
    } finally {
      // Always: a transaction left open holds back every snapshot's xmin, and the player feed of the other
      // suites on this database (which reads only below it) would wait on it until this file ends.
      await lock.release();
    }
    const statuses = await sent;
    expect((await Promise.all(first)).every((r) => r.ok)).toBe(true);
    for (const m of matches) {
      expect(statuses.filter(([id, s]) => id === m.id && s === 200)).toHaveLength(1);
      expect(statuses.filter(([id, s]) => id === m.id && s !== 200).map(([, s]) => s)).toEqual([409, 409]);
    }
    const rows = await h.db.pool.query<{ matchId: string; n: number; max: number; version: number }>(
      `SELECT e."matchId"::text AS "matchId", count(*)::int AS n, max(e."seq") AS max, min(m."version") AS version
         FROM "MatchEvent" e JOIN "Match" m ON m."id" = e."matchId" WHERE e."matchId" = ANY($1::uuid[]) GROUP BY 1`,
      [matches.map((m) => m.id)],
    );
    expect(rows.rows.map((r) => [r.n, r.max, r.version])).toEqual(matches.map(() => [1, 1, 1]));
    // One move per match in each statement: three statements of 30, the first wrote 30 moves, the others' guards refused theirs.
    expect([batcher.batches - b0 - batcher.concurrency, batcher.appends - a0 - blocking.length]).toEqual([3, 90]);
  });

  it("a shared statement keeps each append's seat check and its outbox: a stale seat token is refused, the others go in", async () => {
    const blocking = await blockers();
    const [plain, stale, hooked] = await Promise.all([
      h.client.create('reversi', ['a', 'b']),
      h.client.create('reversi', ['a', 'b']),
      h.client.http
        .post('/games/reversi/matches')
        .send({ players: [{ name: 'a' }, { name: 'b' }], webhooks: [{ url: 'https://example.com/hook' }] })
        .expect(201)
        .then((r) => ({ id: r.body.id as string, seats: r.body.seats as { token: string }[] })),
    ]);
    const seat0 = (m: { seats: { token: string }[] }) => ({
      seat: 0,
      credential: { tokenHash: hashToken(m.seats[0]!.token) },
    });
    const outbox = { type: 'turn.started', messageId: `msg_${hooked.id}_1`, body: '{"type":"turn.started"}' };
    const { results, batches, appended } = await together(blocking, [
      () => store().append(plain.id, 0, active, move('d3'), { actor: seat0(plain) }),
      () =>
        store().append(stale.id, 0, active, move('d3'), {
          actor: { seat: 0, credential: { tokenHash: hashToken('tbs_not-this-seat') } },
        }),
      () => store().append(hooked.id, 0, active, move('d3'), { actor: seat0(hooked), outbox }),
    ]);
    expect([batches, appended]).toEqual([1, 3]); // after the blockers, the three in one statement
    expect(results.map((r) => (r.ok ? ['ok', r.event.seq, r.event.payload] : ['refused', r.conflict]))).toEqual([
      ['ok', 1, { square: 'd3' }],
      ['refused', 'version-conflict'],
      ['ok', 1, { square: 'd3' }],
    ]);
    expect(await Promise.all([plain.id, stale.id, hooked.id].map((id) => h.db.version(id)))).toEqual([1, 0, 1]);
    const deliveries = await h.db.pool.query(
      `SELECT "matchId"::text AS "matchId", "seq", "messageId", "type" FROM "WebhookDelivery" WHERE "matchId" = ANY($1::uuid[]) AND "seq" = 1`,
      [[plain.id, stale.id, hooked.id]],
    );
    expect(deliveries.rows).toEqual([
      { matchId: hooked.id, seq: 1, messageId: outbox.messageId, type: 'turn.started' },
    ]);
  });

  it('a repeated idempotency key fails the shared statement: each of its appends is run again alone and gets its own answer', async () => {
    const blocking = await blockers();
    const [again, other] = await Promise.all([0, 1].map(() => h.client.create('reversi', ['a', 'b'])));
    const keyed = (square: string): NewEvent[] =>
      move(square, { idempotencyKey: 'same-key', requestHash: `h-${square}` });
    expect((await store().append(again!.id, 0, active, keyed('d3'))).ok).toBe(true);
    const { results, batches } = await together(blocking, [
      () => store().append(again!.id, 1, { status: 'active', toMove: [0], deadlineAt: null }, keyed('c4')),
      () => store().append(other!.id, 0, active, move('f5')),
    ]);
    expect(batches).toBe(1);
    expect(results.map((r) => (r.ok ? r.event.seq : r.conflict))).toEqual(['duplicate-key', 1]);
    expect(await Promise.all([again!.id, other!.id].map((id) => h.db.version(id)))).toEqual([1, 1]);
  });

  it('matches created at once share statements, and each gets its own seats, endpoints and match.started rows', async () => {
    const creations = store().creations!;
    // Every slot is taken by a creation that waits on another transaction's uncommitted row of the same id.
    const c = await h.db.pool.connect();
    await c.query('BEGIN');
    const blocking = Array.from({ length: slotFillers(creations) }, () => randomUUID());
    for (const id of blocking) {
      await c.query(
        `INSERT INTO "Match" ("id", "game", "rulesVersion", "seed", "options", "status") VALUES ($1, 'reversi', 1, 's', '{}', 'active')`,
        [id],
      );
    }
    const [b0, a0] = [creations.batches, creations.appends];
    const first = blocking.map((id) =>
      store().createMatch({
        // A match as the service would create it (so `npm run verify` on this database replays it), unlisted.
        id,
        game: 'reversi',
        rulesVersion: 1,
        seed: 'seed',
        salt: null,
        seedCommitment: null,
        options: {},
        status: 'active',
        unlisted: true,
        expiresAt: null,
        rematchOf: null,
        clock: null,
        toMove: [0],
        deadlineAt: null,
        seats: ['x', 'y'].map((name, seat) => ({ seat, holder: { name, player: null, open: false }, tokenHash: null })),
      }),
    );
    const bodies = Array.from({ length: 40 }, (_, i) => ({
      players: [{ name: `p${i}-0` }, { name: `p${i}-1` }],
      ...(i % 3 === 0 ? { webhooks: [{ url: `https://example.com/hook/${i}` }] } : {}),
    }));
    const sent = Promise.all(
      bodies.map((body) =>
        h.client.http
          .post('/games/reversi/matches')
          .send(body)
          .expect(201)
          .then((r) => r.body),
      ),
    );
    await until(() => creations.waiting === 40, 'the 40 creations to queue');
    await c.query('ROLLBACK');
    c.release();
    const created = await sent;
    expect((await Promise.all(first)).map((m) => m.id)).toEqual(blocking);
    expect([creations.batches - b0 - creations.concurrency, creations.appends - a0 - blocking.length]).toEqual([1, 40]);
    const ids = created.map((m) => m.id as string);
    const seats = await h.db.pool.query<{ matchId: string; names: string[] }>(
      `SELECT "matchId"::text AS "matchId", array_agg("name" ORDER BY "seat") AS names FROM "Seat" WHERE "matchId" = ANY($1::uuid[]) GROUP BY 1`,
      [ids],
    );
    const namesOf = new Map(seats.rows.map((r) => [r.matchId, r.names]));
    expect(ids.map((id) => namesOf.get(id))).toEqual(bodies.map((b) => b.players.map((p) => p.name)));
    const hooks = await h.db.pool.query<{ matchId: string; url: string; started: number }>(
      `SELECT w."matchId"::text AS "matchId", w."url", (SELECT count(*)::int FROM "WebhookDelivery" d WHERE d."endpointId" = w."id" AND d."seq" = 0) AS started
         FROM "WebhookEndpoint" w WHERE w."matchId" = ANY($1::uuid[])`,
      [ids],
    );
    expect(new Map(hooks.rows.map((r) => [r.matchId, [r.url, r.started]]))).toEqual(
      new Map(bodies.flatMap((b, i) => (b.webhooks ? [[ids[i] as string, [b.webhooks[0]!.url, 1]]] : []))),
    );
    // Each seat token opens its own match and seat.
    for (const [i, m] of created.entries()) {
      if (i % 10 !== 0) continue;
      const res = await h.client.get('reversi', m.id, m.seats[1].token).expect(200);
      expect(res.body).toMatchObject({ id: m.id, you: 1, players: [{ name: `p${i}-0` }, { name: `p${i}-1` }] });
    }
  });
  it('reads of many matches at once share statements, and each gets its own match and the seat its credential opens', async () => {
    const reads = store().reads;
    if (!reads) throw new Error('the test app runs with APPEND_BATCH=0: no group read to test');
    const seats = new SeatsClient(h.client);
    const matches = await Promise.all(Array.from({ length: 10 }, () => h.client.create('reversi', ['ann', 'bob'])));
    const pat = await seats.player('pat');
    const open = await seats.create('reversi', ['x', null]);
    await seats.join('reversi', open.id, {}, pat.key).expect(200);
    // A rematch row of the first match, as the rematch route writes it: the read names it.
    const rematch = rematchIdOf(matches[0]!.id);
    await store().createMatch({
      id: rematch,
      game: 'reversi',
      rulesVersion: 1,
      seed: 'seed',
      salt: null,
      seedCommitment: null,
      options: {},
      status: 'active',
      unlisted: true,
      expiresAt: null,
      rematchOf: matches[0]!.id,
      clock: null,
      toMove: [0],
      deadlineAt: null,
      seats: ['bob', 'ann'].map((name, seat) => ({
        seat,
        holder: { name, player: null, open: false },
        tokenHash: null,
      })),
    });
    const token = (m: { seats: { token: string }[] }, seat: number): Credential => ({
      tokenHash: hashToken(m.seats[seat]!.token),
    });
    const missing = randomUUID();
    // [id, credential, the match id and seat it must answer (null: no such match)]
    const asks: [string, Credential | undefined, [string, number | null] | null][] = [
      ...matches.flatMap((m): [string, Credential | undefined, [string, number | null]][] => [
        [m.id, token(m, 0), [m.id, 0]],
        [m.id, token(m, 1), [m.id, 1]],
        [m.id, undefined, [m.id, null]],
        [m.id.toUpperCase(), token(m, 1), [m.id, 1]],
      ]),
      [matches[0]!.id, token(matches[1]!, 0), [matches[0]!.id, null]], // another match's token opens no seat here
      [open.id, { playerId: pat.id }, [open.id, 1]],
      [open.id, { playerId: pat.id.toUpperCase() }, [open.id, 1]],
      [open.id, { tokenHash: hashToken('tbs_nobody') }, [open.id, null]],
      [missing, undefined, null],
      [missing, token(matches[0]!, 0), null],
    ];
    const [b0, n0] = [reads.batches, reads.appends];
    const answers = await Promise.all(asks.map(([id, credential]) => store().loadMatch(id, credential))); // all in one turn
    expect(answers.map((a) => (a === null ? null : [a.match.id, a.seat]))).toEqual(
      asks.map(([, , expected]) => expected),
    );
    // The first went alone at once, each further slot opened when `spill` waited, the rest went in one statement when a slot came back.
    // The app's own loops (bots, clocks, tournaments) may read a match in the same moment: each such read adds one
    // read and at most one statement, so the bound allows `others` of each rather than asserting an exact count
    // (an exact count failed once under load: 2 statements where 3 were expected, a loop's read having joined them).
    const first = 1 + (reads.concurrency - 1) * reads.spill;
    const others = reads.appends - n0 - asks.length;
    expect(others).toBeGreaterThanOrEqual(0);
    expect(reads.batches - b0).toBeLessThanOrEqual(reads.concurrency + Math.ceil((asks.length - first) / 64) + others);
    expect(reads.batches - b0).toBeLessThan((asks.length + others) / 4); // shared: far fewer statements than reads
    // A read alone (nothing in flight) answers the same records as the shared statements did.
    expect(answers[0]!.match.rematch).toBe(rematch);
    for (const [i, [id]] of asks.entries()) {
      if (i % 4 !== 0 || answers[i] === null) continue;
      expect((await store().loadMatch(id))!.match).toEqual(answers[i]!.match);
    }
    // A statement that one bad id fails (22P02) is run again read by read: only that read fails.
    const mixed = await Promise.all(
      [matches[1]!.id, matches[2]!.id, matches[3]!.id, matches[4]!.id, 'not-a-uuid', matches[5]!.id].map((id) =>
        store()
          .loadMatch(id)
          .then(
            (a) => a?.match.id,
            (e: { code?: string }) => e.code,
          ),
      ),
    );
    expect(mixed).toEqual([matches[1]!.id, matches[2]!.id, matches[3]!.id, matches[4]!.id, '22P02', matches[5]!.id]);
  });
});
