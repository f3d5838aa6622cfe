import { EVENT_STORE, type NewEvent, type Projection } from '../src/matches/event-store.port';
import { hashToken } from '../src/matches/tokens';
import type { PrismaEventStore } from '../src/store/prisma-event-store';
import { useApp } from './support/harness';

/**
 * Group commit (src/store/group-commit.ts, APPEND_BATCH): appends of different matches that arrive while a
 * statement is in flight share the next one. These check, on a real Postgres, that a shared statement is the
 * same as its appends one by one: each keeps its own version guard, its own seat check and its own outbox.
 */
describe('group commit of appends and creations', () => {
  const h = useApp();
  const store = (): PrismaEventStore => h.app.get<PrismaEventStore>(EVENT_STORE);
  const active: Projection = { status: 'active', toMove: [1], deadlineAt: null };
  const move = (square: string, extra: Partial<NewEvent> = {}): NewEvent[] => [{ type: 'MoveMade', seat: 0, payload: { square }, ...extra }];

  /** Starts one append (which takes the one statement slot) and, in the same turn, the others: those go together next. */
  async function together<T>(blocker: string, appends: (() => Promise<T>)[]): Promise<{ results: T[]; batches: number; appended: number }> {
    const batcher = store().batcher;
    if (!batcher) throw new Error('the test app runs with APPEND_BATCH=0: no group commit to test');
    const [b0, a0] = [batcher.batches, batcher.appends];
    const first = store().append(blocker, 0, active, move('d3'));
    const results = await Promise.all(appends.map((f) => f()));
    expect((await first).ok).toBe(true);
    return { results, batches: batcher.batches - b0, appended: batcher.appends - a0 };
  }

  it('moves on many matches at once share statements, and each match still takes exactly one move per version', async () => {
    const matches = await Promise.all(Array.from({ length: 30 }, () => h.client.create('reversi', ['ann', 'bob'])));
    const batcher = store().batcher!;
    const [b0, a0] = [batcher.batches, batcher.appends];
    const statuses = await Promise.all(matches.flatMap((m) => ['d3', 'c4', 'f5'].map((square) =>
      h.client.move('reversi', m.id, m.seats[0]!.token, { square }, 0).then((r) => [m.id, r.status] as const))));
    for (const m of matches) {
      expect(statuses.filter(([id, s]) => id === m.id && s === 200)).toHaveLength(1);
      expect(statuses.filter(([id, s]) => id === m.id && s !== 200).map(([, s]) => s)).toEqual([409, 409]);
    }
    const rows = await h.db.pool.query<{ matchId: string; n: number; max: number; version: number }>(
      `SELECT e."matchId"::text AS "matchId", count(*)::int AS n, max(e."seq") AS max, min(m."version") AS version
         FROM "MatchEvent" e JOIN "Match" m ON m."id" = e."matchId" WHERE e."matchId" = ANY($1::uuid[]) GROUP BY 1`, [matches.map((m) => m.id)]);
    expect(rows.rows.map((r) => [r.n, r.max, r.version])).toEqual(matches.map(() => [1, 1, 1]));
    // 30 moves were written (the 60 refused were refused by their guard, or before, by the state the server knew).
    expect(batcher.batches - b0).toBeLessThan(batcher.appends - a0);
  });

  it('a shared statement keeps each append\'s seat check and its outbox: a stale seat token is refused, the others go in', async () => {
    const [blocker, plain, stale, hooked] = await Promise.all([
      h.client.create('reversi', ['a', 'b']),
      h.client.create('reversi', ['a', 'b']),
      h.client.create('reversi', ['a', 'b']),
      h.client.http.post('/games/reversi/matches').send({ players: [{ name: 'a' }, { name: 'b' }], webhooks: [{ url: 'https://example.com/hook' }] })
        .expect(201).then((r) => ({ id: r.body.id as string, seats: r.body.seats as { token: string }[] })),
    ]);
    const seat0 = (m: { seats: { token: string }[] }) => ({ seat: 0, credential: { tokenHash: hashToken(m.seats[0]!.token) } });
    const outbox = { type: 'turn.started', messageId: `msg_${hooked.id}_1`, body: '{"type":"turn.started"}' };
    const { results, batches, appended } = await together(blocker.id, [
      () => store().append(plain.id, 0, active, move('d3'), { actor: seat0(plain) }),
      () => store().append(stale.id, 0, active, move('d3'), { actor: { seat: 0, credential: { tokenHash: hashToken('tbs_not-this-seat') } } }),
      () => store().append(hooked.id, 0, active, move('d3'), { actor: seat0(hooked), outbox }),
    ]);
    expect([batches, appended]).toEqual([2, 4]); // the blocker alone, then the three in one statement
    expect(results.map((r) => (r.ok ? ['ok', r.event.seq, r.event.payload] : ['refused', r.conflict]))).toEqual([
      ['ok', 1, { square: 'd3' }], ['refused', 'version-conflict'], ['ok', 1, { square: 'd3' }],
    ]);
    expect(await Promise.all([plain.id, stale.id, hooked.id].map((id) => h.db.version(id)))).toEqual([1, 0, 1]);
    const deliveries = await h.db.pool.query(`SELECT "matchId"::text AS "matchId", "seq", "messageId", "type" FROM "WebhookDelivery" WHERE "matchId" = ANY($1::uuid[]) AND "seq" = 1`,
      [[plain.id, stale.id, hooked.id]]);
    expect(deliveries.rows).toEqual([{ matchId: hooked.id, seq: 1, messageId: outbox.messageId, type: 'turn.started' }]);
  });

  it('a repeated idempotency key fails the shared statement: each of its appends is run again alone and gets its own answer', async () => {
    const [blocker, again, other] = await Promise.all([0, 1, 2].map(() => h.client.create('reversi', ['a', 'b'])));
    const keyed = (square: string): NewEvent[] => move(square, { idempotencyKey: 'same-key', requestHash: `h-${square}` });
    expect((await store().append(again!.id, 0, active, keyed('d3'))).ok).toBe(true);
    const { results, batches } = await together(blocker!.id, [
      () => store().append(again!.id, 1, { status: 'active', toMove: [0], deadlineAt: null }, keyed('c4')),
      () => store().append(other!.id, 0, active, move('f5')),
    ]);
    expect(batches).toBe(2);
    expect(results.map((r) => (r.ok ? r.event.seq : r.conflict))).toEqual(['duplicate-key', 1]);
    expect(await Promise.all([again!.id, other!.id].map((id) => h.db.version(id)))).toEqual([1, 1]);
  });

  it('matches created at once share statements, and each gets its own seats, endpoints and match.started rows', async () => {
    const creations = store().creations!;
    const [b0, a0] = [creations.batches, creations.appends];
    const bodies = Array.from({ length: 40 }, (_, i) => ({
      players: [{ name: `p${i}-0` }, { name: `p${i}-1` }],
      ...(i % 3 === 0 ? { webhooks: [{ url: `https://example.com/hook/${i}` }] } : {}),
    }));
    const created = await Promise.all(bodies.map((body) => h.client.http.post('/games/reversi/matches').send(body).expect(201).then((r) => r.body)));
    expect(creations.batches - b0).toBeLessThan(creations.appends - a0);
    const ids = created.map((m) => m.id as string);
    const seats = await h.db.pool.query<{ matchId: string; names: string[] }>(
      `SELECT "matchId"::text AS "matchId", array_agg("name" ORDER BY "seat") AS names FROM "Seat" WHERE "matchId" = ANY($1::uuid[]) GROUP BY 1`, [ids]);
    const namesOf = new Map(seats.rows.map((r) => [r.matchId, r.names]));
    expect(ids.map((id) => namesOf.get(id))).toEqual(bodies.map((b) => b.players.map((p) => p.name)));
    const hooks = await h.db.pool.query<{ matchId: string; url: string; started: number }>(
      `SELECT w."matchId"::text AS "matchId", w."url", (SELECT count(*)::int FROM "WebhookDelivery" d WHERE d."endpointId" = w."id" AND d."seq" = 0) AS started
         FROM "WebhookEndpoint" w WHERE w."matchId" = ANY($1::uuid[])`, [ids]);
    expect(new Map(hooks.rows.map((r) => [r.matchId, [r.url, r.started]]))).toEqual(new Map(
      bodies.flatMap((b, i) => (b.webhooks ? [[ids[i] as string, [b.webhooks[0]!.url, 1]]] : [])),
    ));
    // Each seat token opens its own match and seat.
    for (const [i, m] of created.entries()) {
      if (i % 10 !== 0) continue;
      const res = await h.client.get('reversi', m.id, m.seats[1].token).expect(200);
      expect(res.body).toMatchObject({ id: m.id, you: 1, players: [{ name: `p${i}-0` }, { name: `p${i}-1` }] });
    }
  });
});
