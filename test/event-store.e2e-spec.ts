import { EVENT_STORE, type EventStore } from '../src/matches/event-store.port';
import { useApp } from './support/harness';

describe('the event store\'s append', () => {
  const h = useApp();

  it('appends several events of one decision in one guarded statement: all with consecutive seqs, or none', async () => {
    const store = h.app.get<EventStore>(EVENT_STORE);
    const m = await h.client.create('reversi', ['ann', 'bob']);
    const two = [
      { type: 'MoveMade' as const, seat: 0, payload: { square: 'd3' } },
      { type: 'MoveMade' as const, seat: 1, payload: { square: 'c3' }, idempotencyKey: 'k1', requestHash: 'h1' },
    ];
    const results = await Promise.all([0, 1, 2, 3].map(() => store.append(m.id, 0, { status: 'active', toMove: [0], deadlineAt: null }, two)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([1, 2, 3].map(() => ({ ok: false, conflict: 'version-conflict' })));
    const rows = await h.db.pool.query('SELECT "seq", "seat", "payload", "idempotencyKey" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"', [m.id]);
    expect(rows.rows).toEqual([
      { seq: 1, seat: 0, payload: { square: 'd3' }, idempotencyKey: null },
      { seq: 2, seat: 1, payload: { square: 'c3' }, idempotencyKey: 'k1' },
    ]);
    expect(await h.db.version(m.id)).toBe(2);
    // The server folds them like any other events.
    const now = await h.client.get('reversi', m.id).expect(200);
    expect(now.body).toMatchObject({ version: 2, toMove: [0], view: { lastMove: { seat: 1, square: 'c3' } } });
  });
});
