import { useApp } from './support/harness';

describe('Reversi over HTTP', () => {
  const h = useApp();

  it('lists the game in the catalogue', async () => {
    const res = await h.client.http.get('/games').expect(200);
    expect(res.body.games).toEqual(
      expect.arrayContaining([
        { id: 'reversi', title: 'Reversi', rulesVersion: 1, seats: { min: 2, max: 2 }, options: [] },
      ]),
    );
  });

  it('creates a match with one secret token per seat, shown once', async () => {
    const { id, seats, body } = await h.client.create('reversi', ['ann', 'bot-7']);
    expect(body).toMatchObject({
      game: 'reversi',
      status: 'active',
      version: 0,
      toMove: [0],
      you: null,
      outcome: null,
    });
    expect(seats.map((s) => [s.seat, s.name])).toEqual([
      [0, 'ann'],
      [1, 'bot-7'],
    ]);
    for (const s of seats) expect(s.token.length).toBeGreaterThanOrEqual(40);
    expect(seats[0]?.token).not.toBe(seats[1]?.token);
    const again = await h.client.get('reversi', id, seats[0]?.token).expect(200);
    expect(JSON.stringify(again.body)).not.toContain(seats[0]?.token);
    expect(again.body.you).toBe(0);
    expect(again.headers.etag).toBe('"0-s0"'); // per viewer: seat 0 at version 0
  });

  it('plays the 9-move game e6 f4 e3 f6 g5 d6 e7 f5 c5 to 13–0 for black', async () => {
    const { id, seats } = await h.client.create('reversi', ['black', 'white']);
    const squares = 'e6 f4 e3 f6 g5 d6 e7 f5 c5'.split(' ');
    let last: Record<string, unknown> = {};
    for (const [i, square] of squares.entries()) {
      const seat = i % 2;
      const res = await h.client.move('reversi', id, seats[seat]?.token, { square }, i).expect(200);
      expect(res.body.version).toBe(i + 1);
      expect(res.headers.etag).toBe(`"${i + 1}-s${seat}"`);
      last = res.body;
    }
    expect(last.status).toBe('finished');
    expect(last.outcome).toEqual({ winners: [0], scores: [13, 0], reason: 'reversi/no-moves', draw: false });
    expect(last.toMove).toEqual([]);
    expect((last.view as { discs: unknown }).discs).toEqual({ black: 13, white: 0 });
    const after = await h.client.move('reversi', id, seats[1]?.token, { square: 'a1' }, 9).expect(409);
    expect(after.body.code).toBe('GAME_OVER');

    const log = await h.client.log('reversi', id).expect(200);
    expect(log.body.entries.map((e: { move: { square: string } }) => e.move.square)).toEqual(squares);
    expect(log.body.entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(log.body.entries.map((e: { seat: number }) => e.seat)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0]);
    expect(await h.db.eventCount(id)).toBe(9);
  });

  it('pages the log with after and limit', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    for (const [i, square] of ['d3', 'c3', 'b3'].entries())
      await h.client.move('reversi', id, seats[i % 2]?.token, { square }, i).expect(200);
    const first = await h.client.log('reversi', id, undefined, '?limit=2').expect(200);
    expect(first.body.entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect(first.body.nextAfter).toBe(2);
    const rest = await h.client.log('reversi', id, undefined, `?after=${first.body.nextAfter}`).expect(200);
    expect(rest.body.entries.map((e: { seq: number }) => e.seq)).toEqual([3]);
    expect(rest.body.nextAfter).toBeNull();
  });

  it('answers legal moves for the seat to move, and none for the other', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const black = await h.client.legal('reversi', id, seats[0]!.token).expect(200);
    expect(black.body).toEqual({
      version: 0,
      seat: 0,
      moves: [{ square: 'd3' }, { square: 'c4' }, { square: 'f5' }, { square: 'e6' }],
      nextCursor: null,
    });
    const paged = await h.client.legal('reversi', id, seats[0]!.token, '?limit=3').expect(200);
    expect(paged.body.moves).toHaveLength(3);
    const rest = await h.client.legal('reversi', id, seats[0]!.token, `?cursor=${paged.body.nextCursor}`).expect(200);
    expect(rest.body.moves).toEqual([{ square: 'e6' }]);
    const white = await h.client.legal('reversi', id, seats[1]!.token).expect(200);
    expect(white.body.moves).toEqual([]);
    await h.client.http.get(`/games/reversi/matches/${id}/legal-moves`).expect(401);
  });

  it('accepts If-Match instead of expectedVersion, and refuses a move that names no version', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const none = await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }).expect(400);
    expect(none.body.code).toBe('VALIDATION_FAILED');
    await h.client.http
      .post(`/games/reversi/matches/${id}/moves`)
      .set('Authorization', `Bearer ${seats[0]?.token}`)
      .set('If-Match', '"0"')
      .send({ move: { square: 'd3' } })
      .expect(200);
    const stale = await h.client.http
      .post(`/games/reversi/matches/${id}/moves`)
      .set('Authorization', `Bearer ${seats[1]?.token}`)
      .set('If-Match', '"0"')
      .send({ move: { square: 'c3' } })
      .expect(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 1 } });
    const cached = await h.client.get('reversi', id).set('If-None-Match', '"1"');
    expect(cached.status).toBe(304);
  });

  it('maps auth and rule errors to their codes, writing nothing', async () => {
    const m1 = await h.client.create('reversi', ['a', 'b']);
    const m2 = await h.client.create('reversi', ['c', 'd']);
    const forbidden = await h.client.move('reversi', m1.id, m2.seats[0]?.token, { square: 'd3' }, 0).expect(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const anonymous = await h.client.move('reversi', m1.id, undefined, { square: 'd3' }, 0).expect(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    const unknown = await h.client.move('reversi', m1.id, 'tbs_not-a-real-token', { square: 'd3' }, 0).expect(401);
    expect(unknown.body.code).toBe('UNAUTHENTICATED');
    const badScheme = await h.client.http
      .get(`/games/reversi/matches/${m1.id}`)
      .set('Authorization', 'Basic abc')
      .expect(401);
    expect(badScheme.body.code).toBe('UNAUTHENTICATED');
    // A move with several faults gets the first of: the Authorization scheme, the body, then the token itself.
    const moveWith = (auth: string, body: unknown) =>
      h.client.http
        .post(`/games/reversi/matches/${m1.id}/moves`)
        .set('Authorization', auth)
        .send(body as object);
    expect((await moveWith('Basic abc', { bad: 1 }).expect(401)).body.message).toBe(
      'Authorization must be "Bearer <seat token>".',
    );
    expect((await moveWith('Bearer tbs_not-a-real-token', { bad: 1 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect(
      (await moveWith('Bearer tbs_not-a-real-token', { move: { square: 'd3' }, expectedVersion: 0 }).expect(401)).body
        .code,
    ).toBe('UNAUTHENTICATED');
    const outOfTurn = await h.client.move('reversi', m1.id, m1.seats[1]?.token, { square: 'd3' }, 0).expect(409);
    expect(outOfTurn.body.code).toBe('NOT_YOUR_TURN');
    const illegal = await h.client.move('reversi', m1.id, m1.seats[0]?.token, { square: 'a1' }, 0).expect(422);
    expect(illegal.body).toMatchObject({ statusCode: 422, code: 'ILLEGAL_MOVE', reason: 'reversi/no-flips' });
    const occupied = await h.client.move('reversi', m1.id, m1.seats[0]?.token, { square: 'd4' }, 0).expect(422);
    expect(occupied.body.reason).toBe('reversi/occupied');
    const wrongGame = await h.client.http
      .get(`/games/reversi/matches/00000000-0000-4000-8000-000000000000`)
      .expect(404);
    expect(wrongGame.body.code).toBe('MATCH_NOT_FOUND');
    expect(await h.db.eventCount(m1.id)).toBe(0);
    expect(await h.db.version(m1.id)).toBe(0);
  });

  it('lets a seat resign: the match ends and the other seat wins', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
    const res = await h.client.http
      .post(`/games/reversi/matches/${id}/resign`)
      .set('Authorization', `Bearer ${seats[0]?.token}`)
      .send({})
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'finished',
      version: 2,
      toMove: [],
      outcome: { winners: [1], reason: 'resigned', scores: [4, 1] },
    });
    const again = await h.client.http
      .post(`/games/reversi/matches/${id}/resign`)
      .set('Authorization', `Bearer ${seats[1]?.token}`)
      .send({})
      .expect(409);
    expect(again.body.code).toBe('GAME_OVER');
    const move = await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 2).expect(409);
    expect(move.body.code).toBe('GAME_OVER');
    const log = await h.client.log('reversi', id).expect(200);
    expect(log.body.entries[1]).toMatchObject({ seq: 2, seat: 0, type: 'PlayerResigned' });
  });
});
