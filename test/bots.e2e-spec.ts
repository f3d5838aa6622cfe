import { botsOf } from '../src/engine/bots';
import { GAME_IDS, type GameId } from '../src/engine/games';
import { useApp } from './support/harness';
import { finished, waitForMatch } from './support/bots';

describe('bot seats', () => {
  const h = useApp();

  it("GET /games/{game}/bots lists the registry's bots, weakest first; an unknown game is 404", async () => {
    for (const game of GAME_IDS) {
      const res = await h.client.http.get(`/games/${game}/bots`).expect(200);
      expect(res.body.bots.map((b: { id: string }) => b.id)).toEqual(botsOf(game).map((b) => b.id));
      expect(res.body.bots.length).toBeGreaterThanOrEqual(3);
      expect(res.body.bots.slice(0, 2).map((b: { id: string }) => b.id)).toEqual(['random', 'greedy']);
      for (const b of res.body.bots) expect(typeof b.description).toBe('string');
    }
    const missing = await h.client.http.get('/games/chess/bots').expect(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  /** Who sits where: greedy against random, unless a game is played here with more seats. */
  const lineUps: Partial<Record<GameId, string[]>> = {
    qwirkle: ['greedy', 'random', 'random'],
    split: ['random', 'greedy', 'random'],
  };
  it.each(GAME_IDS.map((game) => [game, lineUps[game] ?? ['greedy', 'random']] as const))(
    'bot seats finish a match of %s by themselves',
    async (game, bots) => {
      const created = await h.client.http
        .post(`/games/${game}/matches`)
        .send({ players: bots.map((bot) => ({ bot })) })
        .expect(201);
      expect(created.body.seats).toEqual([]); // no seat token: the server plays every seat
      expect(created.body.players).toEqual(bots.map((bot, seat) => ({ seat, name: bot, bot })));
      const done = await waitForMatch(h.app, game, created.body.id, finished, 55_000);
      expect(done.outcome).not.toBeNull();
      // Every event once, with no gap; one idempotency key per turn: the bot's move at version v carries `bot:v`.
      const rows = await h.db.pool.query(
        'SELECT "seq", "type", "idempotencyKey" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"',
        [created.body.id],
      );
      expect(rows.rows.map((r) => r.seq)).toEqual(Array.from({ length: done.version }, (_, i) => i + 1));
      const keys = { rows: rows.rows.filter((r) => r.type === 'MoveMade') };
      expect(keys.rows.length).toBeGreaterThan(0);
      for (const row of keys.rows) expect(row.idempotencyKey).toBe(`bot:${row.seq - 1}`);
    },
    60_000,
  );

  it('a player against a bot: the bot answers each move by itself, through the same log', async () => {
    const created = await h.client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'ann' }, { bot: 'greedy' }] })
      .expect(201);
    const ann = created.body.seats[0].token;
    expect(created.body.seats).toEqual([{ seat: 0, name: 'ann', token: ann }]);
    await h.client.move('reversi', created.body.id, ann, { square: 'd3' }, 0).expect(200);
    const answered = await waitForMatch(h.app, 'reversi', created.body.id, (m) => m.version >= 2, 10_000);
    expect(answered.toMove).toEqual([0]);
    const log = await h.client.log('reversi', created.body.id).expect(200);
    expect(log.body.entries.map((e: { seat: number; type: string }) => [e.seat, e.type])).toEqual([
      [0, 'MoveMade'],
      [1, 'MoveMade'],
    ]);
  });

  it("a bot's join answers what a spectator sees: the bot's hand never reaches the caller", async () => {
    const created = await h.client.http
      .post('/games/qwirkle/matches')
      .send({ players: [{ name: 'ann' }, { open: true }], unlisted: true })
      .expect(201);
    const joined = await h.client.http
      .post(`/games/qwirkle/matches/${created.body.id}/join`)
      .send({ bot: 'random' })
      .expect(200);
    expect(joined.body.seat).toBe(1);
    expect(joined.body.you).toBeNull();
    const spectator = await h.client.http.get(`/games/qwirkle/matches/${created.body.id}`).expect(200);
    expect(joined.body.view).toEqual(spectator.body.view);
    expect(joined.body.view.hand ?? null).toBeNull();
  });

  it('a bot joins an open seat ({ "bot" } in a join), and the match starts; the answer has the seat and no token: only the server plays it', async () => {
    const created = await h.client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'ann' }, { open: true }], unlisted: true })
      .expect(201);
    const joined = await h.client.http
      .post(`/games/reversi/matches/${created.body.id}/join`)
      .send({ bot: 'random' })
      .expect(200);
    expect(joined.body.seat).toBe(1);
    expect(joined.body.status).toBe('active');
    expect(joined.body.players[1]).toEqual({ seat: 1, name: 'random', bot: 'random' });
    expect(joined.body).not.toHaveProperty('token');
    // No credential opens a bot's seat: neither this join's nor the match's creation (bot seats get no token).
    const stored = await h.db.pool.query(
      'SELECT "seat", "tokenHash" FROM "Seat" WHERE "matchId" = $1 ORDER BY "seat"',
      [created.body.id],
    );
    expect(stored.rows.map((r) => [r.seat, r.tokenHash === null])).toEqual([
      [0, false],
      [1, true],
    ]);
    const withBot = await h.client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'bea' }, { bot: 'greedy', name: 'gary' }], unlisted: true })
      .expect(201);
    const botSeats = await h.db.pool.query(
      'SELECT "seat", "tokenHash" FROM "Seat" WHERE "matchId" = $1 ORDER BY "seat"',
      [withBot.body.id],
    );
    expect(botSeats.rows.map((r) => [r.seat, r.tokenHash === null])).toEqual([
      [0, false],
      [1, true],
    ]);
    // The player moves, and the bot (the server) answers.
    await h.client.move('reversi', created.body.id, created.body.seats[0].token, { square: 'd3' }, 1).expect(200);
    const answered = await waitForMatch(h.app, 'reversi', created.body.id, (m) => m.version >= 3, 10_000);
    expect(answered.toMove).toEqual([0]);
  });

  it('an unknown bot is refused with 400 and nothing is written', async () => {
    // Other test files write to the same database meanwhile: what this test could have written is looked up by name and id.
    const name = `ann-${Math.random().toString(36).slice(2, 10)}`;
    const res = await h.client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name }, { bot: 'deep-blue' }] })
      .expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'players/unknown-bot' });
    const seats = await h.db.pool.query('SELECT count(*)::int AS n FROM "Seat" WHERE "name" = $1', [name]);
    expect(seats.rows[0].n).toBe(0); // no match was created
    const open = await h.client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'ann' }, { open: true }], unlisted: true })
      .expect(201);
    const join = await h.client.http
      .post(`/games/reversi/matches/${open.body.id}/join`)
      .send({ bot: 'deep-blue' })
      .expect(400);
    expect(join.body.reason).toBe('join/unknown-bot');
    expect(await h.db.eventCount(open.body.id)).toBe(0);
    const seat = await h.db.pool.query('SELECT "name", "bot" FROM "Seat" WHERE "matchId" = $1 AND "seat" = 1', [
      open.body.id,
    ]);
    expect(seat.rows[0]).toEqual({ name: null, bot: null }); // still open
  });
});
