import { BOT_TURNS, type BotTurnQueue } from '../src/bots/bot-turns.port';
import { EVENT_STORE, type EventStore } from '../src/matches/event-store.port';
import { useApp } from './support/harness';

describe("the event store's append", () => {
  const h = useApp();

  it('appends several events of one decision in one guarded statement: all with consecutive seqs, or none', async () => {
    const store = h.app.get<EventStore>(EVENT_STORE);
    const m = await h.client.create('reversi', ['ann', 'bob']);
    const two = [
      { type: 'MoveMade' as const, seat: 0, payload: { square: 'd3' } },
      { type: 'MoveMade' as const, seat: 1, payload: { square: 'c3' }, idempotencyKey: 'k1', requestHash: 'h1' },
    ];
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => store.append(m.id, 0, { status: 'active', toMove: [0], deadlineAt: null }, two)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([1, 2, 3].map(() => ({ ok: false, conflict: 'version-conflict' })));
    const rows = await h.db.pool.query(
      'SELECT "seq", "seat", "payload", "idempotencyKey" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"',
      [m.id],
    );
    expect(rows.rows).toEqual([
      { seq: 1, seat: 0, payload: { square: 'd3' }, idempotencyKey: null },
      { seq: 2, seat: 1, payload: { square: 'c3' }, idempotencyKey: 'k1' },
    ]);
    expect(await h.db.version(m.id)).toBe(2);
    // The server folds them like any other events.
    const now = await h.client.get('reversi', m.id).expect(200);
    expect(now.body).toMatchObject({ version: 2, toMove: [0], view: { lastMove: { seat: 1, square: 'c3' } } });
  });

  it("the bot runner's own append renews its claim to the lease it passes; any other append releases it; a release needs the latest lease", async () => {
    const store = h.app.get<EventStore>(EVENT_STORE);
    const m = await h.client.create('reversi', ['ann', 'bob']);
    const lease = async (): Promise<Date | null> =>
      (await h.db.pool.query('SELECT "botLease" FROM "Match" WHERE "id" = $1', [m.id])).rows[0].botLease;
    // A claim taken far ahead (no other server's runner sees these leases run out).
    const first = new Date(Date.now() + 86_400_000);
    await h.db.pool.query('UPDATE "Match" SET "botLease" = $2 WHERE "id" = $1', [m.id, first]);
    const renewed = new Date(first.getTime() + 30_000);
    const appended = await store.append(
      m.id,
      0,
      { status: 'active', toMove: [1], deadlineAt: null },
      [{ type: 'MoveMade', seat: 0, payload: { square: 'd3' } }],
      { renewBotLease: renewed },
    );
    expect(appended.ok).toBe(true);
    expect(await lease()).toEqual(renewed); // not the first lease: a second instance cannot claim it when that one runs out
    const turns = h.app.get<BotTurnQueue>(BOT_TURNS);
    await turns.release(m.id, first);
    expect(await lease()).toEqual(renewed); // the first lease is no longer the claim's
    await turns.release(m.id, renewed);
    expect(await lease()).toBeNull();
    await h.db.pool.query('UPDATE "Match" SET "botLease" = $2 WHERE "id" = $1', [m.id, first]);
    await store.append(m.id, 1, { status: 'active', toMove: [0], deadlineAt: null }, [
      { type: 'MoveMade', seat: 1, payload: { square: 'c3' } },
    ]);
    expect(await lease()).toBeNull();
  });
});
