import fc from 'fast-check';
import { Rng, seedRng } from '../src/engine/core';
import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';

describe('players', () => {
  const h = useApp();
  let seats: SeatsClient;
  beforeAll(() => {
    seats = new SeatsClient(h.client);
  });

  it('registers a player whose key is shown once and stored hashed', async () => {
    const p = await seats.player('ann');
    expect(p).toEqual({ id: expect.any(String), name: 'ann', key: expect.stringMatching(/^tbp_[A-Za-z0-9_-]{43}$/) });
    const me = await h.client.http.get('/players/me').set('Authorization', `Bearer ${p.key}`).expect(200);
    expect(me.body).toEqual({ id: p.id, name: 'ann', ratings: {} });
    const row = await h.db.pool.query('SELECT "keyHash" FROM "Player" WHERE "id" = $1', [p.id]);
    expect(row.rows[0].keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row.rows)).not.toContain(p.key);
    for (const auth of [undefined, 'Bearer tbp_nobody', 'Bearer tbs_a-seat-token']) {
      const r = h.client.http.get('/players/me');
      const res = await (auth ? r.set('Authorization', auth) : r);
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
    for (const body of [{}, { name: '' }, { name: 5 }, { name: 'x'.repeat(41) }, { name: 'a', extra: 1 }]) {
      const res = await h.client.http.post('/players').send(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('a player key plays a whole match, and /players/me/matches?toMove=true is exact at every step', async () => {
    const [ann, bob, eve] = [await seats.player('ann'), await seats.player('bob'), await seats.player('eve')];
    const m = await seats.create('reversi', [null, null], { unlisted: true });
    await seats.join('reversi', m.id, { seat: 0 }, ann.key).expect(200);
    const started = await seats.join('reversi', m.id, {}, bob.key).expect(200);
    expect(started.body.players).toEqual([
      { seat: 0, name: 'ann', player: ann.id },
      { seat: 1, name: 'bob', player: bob.id },
    ]);
    const keys = [ann.key, bob.key];

    // A key where its player holds no seat is refused, for reading as for moving.
    const stranger = await h.client.get('reversi', m.id, eve.key);
    expect([stranger.status, stranger.body.code]).toEqual([403, 'FORBIDDEN']);
    const strangerMove = await h.client.move('reversi', m.id, eve.key, { square: 'd3' }, 2);
    expect([strangerMove.status, strangerMove.body.code]).toEqual([403, 'FORBIDDEN']);

    const rng = new Rng(seedRng('player-key-playout'));
    for (let step = 0; ; step++) {
      const match = (await h.client.get('reversi', m.id).expect(200)).body;
      for (const [seat, key] of keys.entries()) {
        const mine = await seats.myMatches(key, '?toMove=true').expect(200);
        const expected = match.toMove.includes(seat)
          ? [{ game: 'reversi', id: m.id, seat, version: match.version, status: match.status, toMove: true }]
          : [];
        expect([step, seat, mine.body]).toEqual([step, seat, { matches: expected, nextCursor: null }]);
        const notMine = await seats.myMatches(key, '?toMove=false').expect(200);
        expect(notMine.body.matches.map((x: { id: string }) => x.id)).toEqual(
          match.toMove.includes(seat) ? [] : [m.id],
        );
      }
      if (match.status !== 'active') break;
      const seat = match.toMove[0] as number;
      const key = keys[seat] as string;
      const legal = await h.client.legal('reversi', m.id, key).expect(200);
      expect(legal.body.seat).toBe(seat);
      const moved = await h.client.move('reversi', m.id, key, rng.pick(legal.body.moves), match.version).expect(200);
      expect(moved.body.you).toBe(seat);
      if (step > 70) throw new Error('a Reversi match longer than 70 moves');
    }

    const final = (await h.client.get('reversi', m.id, ann.key).expect(200)).body;
    expect(final).toMatchObject({ status: 'finished', you: 0 });
    expect(final.outcome.winners.length).toBeGreaterThan(0);
    const done = await seats.myMatches(bob.key, '?status=finished').expect(200);
    expect(done.body.matches).toEqual([
      { game: 'reversi', id: m.id, seat: 1, version: final.version, status: 'finished', toMove: false },
    ]);
    expect((await seats.myMatches(bob.key, '?status=active').expect(200)).body.matches).toEqual([]);
    const after = await h.client.move('reversi', m.id, ann.key, { square: 'a1' }, final.version);
    expect([after.status, after.body.code]).toEqual([409, 'GAME_OVER']);
  });

  it('pages "my matches" newest first with nextCursor, null at the end', async () => {
    const p = await seats.player('pager');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const m = await seats.create('reversi', ['x', null], { unlisted: true });
      await seats.join('reversi', m.id, {}, p.key).expect(200);
      ids.unshift(m.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { matches: { id: string }[]; nextCursor: string | null } } = await seats
        .myMatches(p.key, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      seen.push(...res.body.matches.map((x: { id: string }) => x.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    const bad = await seats.myMatches(p.key, '?cursor=not-a-cursor');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badFilter = await seats.myMatches(p.key, '?toMove=yes');
    expect([badFilter.status, badFilter.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses malformed registrations and listing queries with a 4xx, never a 500 (property)', async () => {
    const p = await seats.player('fuzz');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ name: fc.jsonValue() }),
          fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue()),
        ),
        async (body) => {
          const res = await h.client.http
            .post('/players')
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body));
          expect([201, 400]).toContain(res.status);
          if (res.status === 400) expect(res.body.code).toBe('VALIDATION_FAILED');
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('toMove', 'status', 'cursor', 'limit', 'x'),
          fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
        ),
        async (query) => {
          const res = await seats.myMatches(p.key, `?${new URLSearchParams(query).toString()}`);
          expect([200, 400]).toContain(res.status);
          if (res.status === 400) expect(res.body.code).toBe('VALIDATION_FAILED');
        },
      ),
      { numRuns: 60 },
    );
  });
});
