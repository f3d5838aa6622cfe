/** The in-memory event store keeps the Postgres adapter's guarantees (test/event-store.e2e-spec.ts, test/races.e2e-spec.ts). */
import type { NewMatch } from './event-store.port';
import { InMemoryEventStore } from './in-memory-event-store';

const ID = '0b7f3c1e-3a52-4a7e-9d43-2c1f6f1f0a01';
const match = (id = ID): NewMatch => ({
  id,
  game: 'reversi',
  rulesVersion: 1,
  seed: 's',
  salt: null,
  seedCommitment: null,
  options: {},
  status: 'active',
  unlisted: false,
  expiresAt: null,
  rematchOf: null,
  clock: null,
  toMove: [0],
  deadlineAt: null,
  seats: [
    { seat: 0, holder: { name: 'ann', player: null, open: false }, tokenHash: 'h0' },
    { seat: 1, holder: { name: 'bob', player: null, open: false }, tokenHash: 'h1' },
  ],
});
const active = { status: 'active' as const, toMove: [1], deadlineAt: null };
const move = (seat: number, square: string, key?: string) => ({
  type: 'MoveMade' as const,
  seat,
  payload: { square },
  idempotencyKey: key,
  requestHash: key && `hash-${key}`,
});

describe('the in-memory event store', () => {
  it('appends several events of one decision all at once, for exactly one writer per version', async () => {
    const store = new InMemoryEventStore();
    await store.createMatch(match());
    const two = [move(0, 'd3'), move(1, 'c3', 'k1')];
    const results = await Promise.all([0, 1, 2, 3].map(() => store.append(ID, 0, active, two)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([1, 2, 3].map(() => ({ ok: false, conflict: 'version-conflict' })));
    expect((await store.events(ID)).map((e) => [e.seq, e.seat, e.payload, e.idempotencyKey])).toEqual([
      [1, 0, { square: 'd3' }, null],
      [2, 1, { square: 'c3' }, 'k1'],
    ]);
    expect((await store.loadMatch(ID))?.match.version).toBe(2);
  });

  it('refuses an append at a stale version, and one whose actor no longer opens the seat, writing nothing', async () => {
    const store = new InMemoryEventStore();
    await store.createMatch(match());
    expect(await store.append(ID, 1, active, [move(0, 'd3')])).toEqual({ ok: false, conflict: 'version-conflict' });
    expect(
      await store.append(ID, 0, active, [move(0, 'd3')], { actor: { seat: 0, credential: { tokenHash: 'h1' } } }),
    ).toEqual({ ok: false, conflict: 'version-conflict' });
    expect(await store.events(ID)).toEqual([]);
    expect(
      (await store.append(ID, 0, active, [move(0, 'd3')], { actor: { seat: 0, credential: { tokenHash: 'h0' } } })).ok,
    ).toBe(true);
  });

  it("refuses a seat's second use of an idempotency key once the version guard passed (duplicate-key), and finds the first", async () => {
    const store = new InMemoryEventStore();
    await store.createMatch(match());
    expect((await store.append(ID, 0, active, [move(0, 'd3', 'k')])).ok).toBe(true);
    expect(await store.append(ID, 0, active, [move(0, 'c4', 'k')])).toEqual({
      ok: false,
      conflict: 'version-conflict',
    }); // the guard first
    expect((await store.append(ID, 1, active, [move(1, 'c3', 'k')])).ok).toBe(true); // another seat's key
    expect(await store.append(ID, 2, active, [move(0, 'c4', 'k')])).toEqual({ ok: false, conflict: 'duplicate-key' });
    expect(await store.findByIdempotencyKey(ID, 0, 'k')).toMatchObject({ seq: 1, requestHash: 'hash-k' });
    expect((await store.loadMatch(ID))?.match.version).toBe(2);
  });

  it('opens a seat by token hash or player, tells 403 from 401, and creates a rematch once', async () => {
    const store = new InMemoryEventStore();
    await store.createMatch(match());
    expect((await store.loadMatch(ID, { tokenHash: 'h1' }))?.seat).toBe(1);
    expect((await store.loadMatch(ID, { tokenHash: 'nope' }))?.seat).toBeNull();
    expect([await store.tokenExists('h0'), await store.tokenExists('nope')]).toEqual([true, false]);
    expect(await store.setSeatToken(ID, 0, 'h2', true)).toBe('h0'); // set already
    expect(await store.setSeatToken(ID, 0, 'h2', false)).toBe('h2');
    const next = match('0b7f3c1e-3a52-4a7e-9d43-2c1f6f1f0a02');
    expect(await store.createRematch(next)).not.toBeNull();
    expect(await store.createRematch(next)).toBeNull();
  });
});
