import request from 'supertest';
import { RatingsProjector } from '../src/ratings/ratings.projector';
import { useApp } from './support/harness';
import { expectConsistent, finished, waitForMatch, waitForTournament } from './support/bots';
import type { Body } from './support/body';

describe('tournaments of built-in bots', () => {
  const h = useApp();
  // Bots are rated under their entrant names: names of this run only, so a reused database changes nothing.
  const run = Math.random().toString(36).slice(2, 8);
  const [rita, rob, gus, gil] = ['rita', 'rob', 'gus', 'gil'].map((n) => `${n}-${run}`) as [
    string,
    string,
    string,
    string,
  ];
  const post = (body: unknown) => h.client.http.post('/tournaments').send(body as object);

  it('a round robin of 4 bots finishes: every pair meets once, standings add up', async () => {
    const entrants = [
      { name: rita, bot: 'random' },
      { name: rob, bot: 'random' },
      { name: gus, bot: 'greedy' },
      { name: gil, bot: 'greedy' },
    ];
    const created = await post({ game: 'reversi', format: 'round-robin', entrants }).expect(201);
    expect(created.body).toMatchObject({
      game: 'reversi',
      format: 'round-robin',
      status: 'running',
      seatsPerMatch: 2,
      plannedRounds: 3,
    });
    expect(created.body.rounds).toHaveLength(1); // the first round, created with the tournament
    expect(created.body.rounds[0].matches).toHaveLength(2);
    const t = await waitForTournament(h.app, created.body.id);
    expect(t.rounds).toHaveLength(3);
    expectConsistent(
      t,
      entrants.map((e) => e.name),
    );
    const pairs = t.rounds.flatMap((r: Body) => r.matches.map((m: Body) => [...m.seats].sort().join('-'))).sort();
    expect(new Set(pairs).size).toBe(6);
    // Each match's seats and points are its own: the match says the same.
    const first = t.rounds[0].matches[0];
    const match = await h.client.get('reversi', first.id).expect(200);
    expect(match.body.players.map((p: { name: string }) => p.name)).toEqual(first.seats);
    expect(match.body.players.map((p: { bot: string }) => p.bot)).toEqual(
      first.seats.map((n: string) => entrants.find((e) => e.name === n)?.bot),
    );
    expect(
      match.body.outcome.winners.length === 2
        ? [0.5, 0.5]
        : [0, 1].map((s) => (match.body.outcome.winners.includes(s) ? 1 : 0)),
    ).toEqual(first.points);
  }, 120_000);

  it('a Swiss of 6 bots finishes: 3 rounds, nobody meets twice, standings add up', async () => {
    const entrants = ['random', 'random', 'greedy', 'greedy', 'random', 'greedy'].map((bot, i) => ({
      name: `${bot}-${i}-${run}`,
      bot,
    }));
    const created = await post({ game: 'reversi', format: 'swiss', rounds: 3, entrants }).expect(201);
    expect(created.body.plannedRounds).toBe(3);
    const t = await waitForTournament(h.app, created.body.id);
    expect(t.rounds).toHaveLength(3);
    for (const round of t.rounds) expect(round.matches).toHaveLength(3);
    expectConsistent(
      t,
      entrants.map((e) => e.name),
    );
    const pairs = t.rounds.flatMap((r: Body) => r.matches.map((m: Body) => [...m.seats].sort().join('-')));
    expect(new Set(pairs).size).toBe(pairs.length);
  }, 120_000);

  it('a Swiss of 6 bots at tables of 3 (Qwirkle) finishes: points shared by rank, each table sums to 1', async () => {
    const entrants = ['random', 'greedy', 'random', 'greedy', 'random', 'greedy'].map((bot, i) => ({
      name: `q${i}-${run}`,
      bot,
    }));
    const created = await post({ game: 'qwirkle', format: 'swiss', rounds: 2, seatsPerMatch: 3, entrants }).expect(201);
    expect(created.body.rounds[0].matches).toHaveLength(2);
    const t = await waitForTournament(h.app, created.body.id);
    expect(t.rounds).toHaveLength(2);
    expectConsistent(
      t,
      entrants.map((e) => e.name),
      3,
    );
    // Seat order is balanced: nobody sits in seat 0 in both rounds.
    const firstSeats = t.rounds.map((r: Body) => r.matches.map((m: Body) => m.seats[0])).flat();
    expect(new Set(firstSeats).size).toBe(firstSeats.length);
  }, 120_000);

  it('ratings: the leaderboard ranks the entrants, and a rebuild from the logs gives the live ratings back exactly', async () => {
    const projector = h.app.get(RatingsProjector);
    await projector.catchUp();
    const board = await h.client.http.get('/games/reversi/leaderboard').expect(200);
    const names = board.body.entries.map((e: { name: string }) => e.name);
    for (const name of [rita, rob, gus, gil]) expect(names).toContain(name);
    const gusEntry = board.body.entries.find((e: { name: string }) => e.name === gus);
    expect(gusEntry).toMatchObject({ kind: 'bot', matches: 3 });
    const ratings = board.body.entries.map((e: { rating: number }) => e.rating);
    expect(ratings).toEqual([...ratings].sort((a: number, b: number) => b - a));

    // Other suites' servers fold into the same tables meanwhile: read the live ratings and the matches they
    // fold in one snapshot, then fold those matches again from their logs alone.
    const conn = await h.db.pool.connect();
    let live: { game: string; key: string }[];
    let folded: { id: string; game: string; finishedAt: Date }[];
    try {
      await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      live = (
        await conn.query(
          'SELECT "game", "key", "name", "kind", "mu", "sigma", "matches" FROM "Rating" ORDER BY "game", "key"',
        )
      ).rows;
      folded = (
        await conn.query(
          'SELECT "matchId" AS "id", "game", "finishedAt" FROM "RatedMatch" ORDER BY "finishedAt", "matchId"',
        )
      ).rows;
      await conn.query('COMMIT');
    } finally {
      conn.release();
    }
    expect(live.length).toBeGreaterThan(0);
    const byKey = (a: { game: unknown; key: unknown }, b: { game: unknown; key: unknown }): number =>
      `${String(a.game)}\n${String(a.key)}` < `${String(b.game)}\n${String(b.key)}` ? -1 : 1;
    expect((await projector.compute(folded)).sort(byKey)).toEqual(live.sort(byKey));
    // And the rebuild itself (what `npm run ratings:rebuild` runs): the whole Rating table it leaves is the fold
    // of the matches it records (read in one snapshot: other servers may fold more meanwhile), and every rating
    // of this run's entrants (whose matches are all over) is the live one, to the last bit.
    expect(await projector.rebuild()).toBeGreaterThanOrEqual(folded.length);
    const conn2 = await h.db.pool.connect();
    let rebuilt: { game: string; key: string }[];
    let refolded: { id: string; game: string; finishedAt: Date }[];
    try {
      await conn2.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      rebuilt = (
        await conn2.query(
          'SELECT "game", "key", "name", "kind", "mu", "sigma", "matches" FROM "Rating" ORDER BY "game", "key"',
        )
      ).rows;
      refolded = (
        await conn2.query(
          'SELECT "matchId" AS "id", "game", "finishedAt" FROM "RatedMatch" ORDER BY "finishedAt", "matchId"',
        )
      ).rows;
      await conn2.query('COMMIT');
    } finally {
      conn2.release();
    }
    expect(refolded.length).toBeGreaterThanOrEqual(folded.length);
    expect((await projector.compute(refolded)).sort(byKey)).toEqual(rebuilt.sort(byKey));
    const ours = (rows: { game: string; key: string }[]) => rows.filter((r) => r.key.endsWith(`-${run}`)).sort(byKey);
    expect(ours(rebuilt).length).toBeGreaterThanOrEqual(4);
    expect(ours(rebuilt)).toEqual(ours(live));
    const after = await h.client.http.get('/games/reversi/leaderboard').expect(200);
    for (const name of [rita, rob, gus, gil])
      expect(after.body.entries.map((e: { name: string }) => e.name)).toContain(name);
  });

  it("a bot seat outside tournaments is rated under its bot's id, whatever the seat is called", async () => {
    const fancy = `fancy-${run}`;
    const created = await h.client.http
      .post('/games/reversi/matches')
      .send({
        players: [
          { bot: 'random', name: fancy },
          { bot: 'greedy', name: `gary-${run}` },
        ],
        unlisted: true,
      })
      .expect(201);
    await waitForMatch(h.app, 'reversi', created.body.id, finished, 55_000);
    await h.app.get(RatingsProjector).catchUp();
    const rated = await h.db.pool.query('SELECT 1 FROM "RatedMatch" WHERE "matchId" = $1', [created.body.id]);
    expect(rated.rowCount).toBe(1);
    const keys = (
      await h.db.pool.query(
        'SELECT "key", "name", "kind" FROM "Rating" WHERE "game" = \'reversi\' AND "key" IN (\'bot:random\', \'bot:greedy\', $1, $2)',
        [`bot:${fancy}`, `bot:gary-${run}`],
      )
    ).rows;
    expect(keys.sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual([
      { key: 'bot:greedy', name: 'greedy', kind: 'bot' },
      { key: 'bot:random', name: 'random', kind: 'bot' },
    ]);
    const board = await h.client.http.get('/games/reversi/leaderboard?limit=1000').expect(200);
    const names = board.body.entries.map((e: { name: string }) => e.name);
    expect(names).not.toContain(fancy);
    expect(names).toContain('random');
  }, 60_000);

  it('a player entrant plays with its player key; its rating shows in GET /players/me', async () => {
    const player = await h.client.http
      .post('/players')
      .send({ name: `pat-${run}` })
      .expect(201);
    const entrants = [{ player: player.body.id }, { name: `bot-${run}`, bot: 'greedy' }];
    const asPlayer = (body: unknown) => post(body).set('Authorization', `Bearer ${player.body.key}`);
    const unbounded = await asPlayer({ game: 'reversi', format: 'round-robin', entrants }).expect(400);
    expect(unbounded.body.reason).toBe('tournament/time-control-needed');
    const created = await asPlayer({
      game: 'reversi',
      format: 'round-robin',
      timeControl: { perMoveSeconds: 3600 },
      entrants,
    }).expect(201);
    expect(created.body.entrants[0]).toEqual({ name: `pat-${run}`, kind: 'player', player: player.body.id });
    const matchId = created.body.rounds[0].matches[0].id;
    const mine = await h.client.http
      .get('/players/me/matches')
      .set('Authorization', `Bearer ${player.body.key}`)
      .expect(200);
    expect(mine.body.matches.map((m: { id: string }) => m.id)).toContain(matchId);
    // A match is rated once both seats have moved (docs/api.md "Ratings"): the player moves once, and resigns
    // on its next turn (the bot has moved by then).
    const myTurn = async () => {
      for (let i = 0; i < 300; i++) {
        const legal = await h.client.http
          .get(`/games/reversi/matches/${matchId}/legal-moves`)
          .set('Authorization', `Bearer ${player.body.key}`);
        if (legal.status === 200 && legal.body.moves?.length > 0) return legal.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the player never got its turn');
    };
    const turn = await myTurn();
    await h.client.http
      .post(`/games/reversi/matches/${matchId}/moves`)
      .set('Authorization', `Bearer ${player.body.key}`)
      .send({ move: turn.moves[0], expectedVersion: turn.version })
      .expect(200);
    await myTurn();
    await h.client.http
      .post(`/games/reversi/matches/${matchId}/resign`)
      .set('Authorization', `Bearer ${player.body.key}`)
      .expect(200);
    const t = await waitForTournament(h.app, created.body.id);
    expect(t.standings.map((s: { name: string; points: number }) => [s.name, s.points])).toEqual([
      [`bot-${run}`, 1],
      [`pat-${run}`, 0],
    ]);
    await h.app.get(RatingsProjector).catchUp();
    const me = await h.client.http.get('/players/me').set('Authorization', `Bearer ${player.body.key}`).expect(200);
    expect(me.body.ratings.reversi).toMatchObject({ matches: 1 });
    expect(me.body.ratings.reversi.rating).toBeLessThan(0); // a loss first: below a newcomer's 0
  });

  it('GET /tournaments/{id}/events streams its steps to the end, and resumes after Last-Event-ID', async () => {
    const created = await post({
      game: 'reversi',
      format: 'round-robin',
      entrants: [
        { name: `s1-${run}`, bot: 'random' },
        { name: `s2-${run}`, bot: 'random' },
        { name: `s3-${run}`, bot: 'random' },
      ],
    }).expect(201);
    const parse = (text: string) =>
      text
        .split('\n\n')
        .filter((b) => b.startsWith('id:'))
        .map((b) => {
          const [id, event, data] = b.split('\n').map((l) => l.slice(l.indexOf(':') + 1).trim());
          return { id: Number(id), event, data: JSON.parse(data as string) };
        });
    const res = await h.client.http
      .get(`/tournaments/${created.body.id}/events`)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parse(res.body as string);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const last = events[events.length - 1];
    expect(last?.event).toBe('tournament.finished');
    const final = (await h.client.http.get(`/tournaments/${created.body.id}`).expect(200)).body;
    expect(last?.data.standings).toEqual(final.standings);
    expect(last?.id).toBe(3 + 3 + 1); // 3 rounds created, 3 matches scored, the end
    // One event per step, none merged (3 entrants: one match a round, a bye for the third), each with its round.
    const roundOf = (data: Body): number | null => data.round?.round ?? data.match?.round ?? null;
    expect(events.map((e) => [e.id, e.event, roundOf(e.data)])).toEqual([
      [1, 'round.started', 1],
      [2, 'match.finished', 1],
      [3, 'round.started', 2],
      [4, 'match.finished', 2],
      [5, 'round.started', 3],
      [6, 'match.finished', 3],
      [7, 'tournament.finished', null],
    ]);
    // Each event says what changed: the round's tables, or the match scored and the standings then.
    for (const e of events) {
      expect(e.data.progress).toBe(e.id);
      expect(e.data.type).toBe(e.event);
      expect(e.data.tournament).toBeUndefined();
    }
    const matches = final.rounds.flatMap((r: Body) => r.matches);
    for (const [i, e] of events.entries()) {
      if (e.event === 'round.started')
        expect(e.data.round.matches.map((m: Body) => m.id)).toEqual(
          final.rounds[e.data.round.round - 1].matches.map((m: Body) => m.id),
        );
      if (e.event !== 'match.finished') continue;
      const m = matches.find((x: Body) => x.id === e.data.match.id);
      expect(e.data.match).toEqual({ ...m, round: e.data.match.round });
      // The standings then: as many matches played as scored so far.
      const scored = events.slice(0, i + 1).filter((x) => x.event === 'match.finished').length;
      expect(e.data.standings.reduce((n: number, s: Body) => n + s.played, 0)).toBe(2 * scored);
    }

    const resumed = await h.client.http
      .get(`/tournaments/${created.body.id}/events`)
      .set('Last-Event-ID', String(last?.id))
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      })
      .expect(200);
    expect(parse(resumed.body as string)).toEqual([]);
    await h.client.http.get('/tournaments/00000000-0000-4000-8000-000000000000/events').expect(404);
  }, 60_000);

  it('refuses bad tournaments with 400 and stable reasons; an unknown one is 404', async () => {
    const bots = [
      { name: 'a', bot: 'random' },
      { name: 'b', bot: 'greedy' },
    ];
    const cases: [unknown, string][] = [
      [{ game: 'chess', format: 'swiss', entrants: bots }, 'tournament/unknown-game'],
      [
        { game: 'reversi', format: 'swiss', entrants: [{ name: 'a', bot: 'deep-blue' }, bots[1]] },
        'entrants/unknown-bot',
      ],
      [
        {
          game: 'reversi',
          format: 'swiss',
          entrants: [
            { name: 'a', bot: 'random' },
            { name: 'a', bot: 'greedy' },
          ],
        },
        'entrants/name-taken',
      ],
      [
        {
          game: 'reversi',
          format: 'swiss',
          entrants: [{ name: 'a', bot: 'random', url: 'https://example.com' }, bots[1]],
        },
        'entrants/kind',
      ],
      [
        { game: 'reversi', format: 'swiss', entrants: [{ name: 'a', url: 'https://127.0.0.1/bot' }, bots[1]] },
        'entrants/url-refused',
      ],
      [
        { game: 'reversi', format: 'swiss', seatsPerMatch: 3, entrants: [...bots, { name: 'c', bot: 'random' }] },
        'tournament/seats-per-match',
      ],
      [{ game: 'qwirkle', format: 'round-robin', seatsPerMatch: 3, entrants: bots }, 'tournament/too-few-entrants'],
    ];
    for (const [body, reason] of cases) {
      const res = await post(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', reason });
    }
    const format = await post({ game: 'reversi', format: 'knockout', entrants: bots }).expect(400);
    expect(format.body.code).toBe('VALIDATION_FAILED');
    const missing = await request(h.app.getHttpServer())
      .get('/tournaments/00000000-0000-4000-8000-000000000000')
      .expect(404);
    expect(missing.body.code).toBe('TOURNAMENT_NOT_FOUND');
    await request(h.app.getHttpServer()).get('/tournaments/nope').expect(404);
  });
});
