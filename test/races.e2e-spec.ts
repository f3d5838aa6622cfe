import { startApp } from './support/app';
import { Client } from './support/client';
import { useApp } from './support/harness';

describe('writes under concurrency and retries', () => {
  const h = useApp();

  it('gives exactly one success to 20 concurrent moves on the same version', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const squares = ['d3', 'c4', 'f5', 'e6'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.client.move('reversi', id, seats[0]?.token, { square: squares[i % 4] }, 0),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const conflicts = results.filter((r) => r.status === 409 && r.body.code === 'VERSION_CONFLICT');
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    expect(await h.db.eventCount(id)).toBe(1);
    expect(await h.db.version(id)).toBe(1);
    const now = await h.client.get('reversi', id).expect(200);
    expect(now.body.view.lastMove.square).toBe(ok[0]?.body.view.lastMove.square);
  });

  it('gives exactly one success when the server already knows the seat and holds the state (one-round-trip path)', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    await h.client.get('reversi', id, seats[0]?.token).expect(200); // the token and the state at version 0 are now in memory
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.client.move('reversi', id, seats[0]?.token, { square: ['d3', 'c4', 'f5', 'e6'][i % 4] }, 0),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.code === 'VERSION_CONFLICT')).toHaveLength(19);
    expect(await h.db.eventCount(id)).toBe(1);
  });

  it('refuses a move decided on a state another instance has moved past, even with a warm cache', async () => {
    const other = await startApp();
    try {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      await h.client.get('reversi', id, seats[0]?.token).expect(200); // warm: this instance holds version 0
      await new Client(other).move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200); // the other writes v1
      const stale = await h.client.move('reversi', id, seats[0]?.token, { square: 'c4' }, 0).expect(409);
      expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 1 } });
      // Decided on the current version, the next move goes through here, replayed from the log.
      const next = await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 1).expect(200);
      expect(next.body.view.lastMove).toEqual({ seat: 1, square: 'c3', flipped: 1 });
      expect(await h.db.eventCount(id)).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('keeps the version guard when the cache is cold (a second app instance on the same database)', async () => {
    const other = await startApp();
    try {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const otherClient = new Client(other);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? h.client : otherClient).move('reversi', id, seats[0]?.token, { square: 'd3' }, 0),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(9);
      expect(await h.db.eventCount(id)).toBe(1);
      // Each instance then sees the move the other one wrote.
      const a = await h.client.get('reversi', id).expect(200);
      const b = await otherClient.get('reversi', id).expect(200);
      expect(b.body).toEqual(a.body);
    } finally {
      await other.close();
    }
  });

  it('answers a repeated Idempotency-Key with the first response and writes one event', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const send = () =>
      h.client.http
        .post(`/games/reversi/matches/${id}/moves`)
        .set('Authorization', `Bearer ${seats[0]?.token}`)
        .set('Idempotency-Key', 'move-1')
        .send({ move: { square: 'd3' }, expectedVersion: 0 });
    const first = await send().expect(200);
    const second = await send().expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await h.db.eventCount(id)).toBe(1);

    // Still the first response after the match has moved on.
    await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 1).expect(200);
    const third = await send().expect(200);
    expect(third.body).toEqual(first.body);
    expect(await h.db.eventCount(id)).toBe(2);

    const otherBody = await h.client.http
      .post(`/games/reversi/matches/${id}/moves`)
      .set('Authorization', `Bearer ${seats[0]?.token}`)
      .set('Idempotency-Key', 'move-1')
      .send({ move: { square: 'c4' }, expectedVersion: 2 })
      .expect(422);
    expect(otherBody.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await h.db.eventCount(id)).toBe(2);
  });

  it('writes one event when the same keyed request races with itself', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.client.http
          .post(`/games/reversi/matches/${id}/moves`)
          .set('Authorization', `Bearer ${seats[0]?.token}`)
          .set('Idempotency-Key', 'race')
          .send({ move: { square: 'f5' }, expectedVersion: 0 }),
      ),
    );
    expect(await h.db.eventCount(id)).toBe(1);
    for (const r of results) {
      // Every retry either gets the first response again or learns the version moved; none writes.
      expect([200, 409]).toContain(r.status);
      if (r.status === 200) expect(r.body.version).toBe(1);
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
  });
});
