import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { request } from 'node:http';
import { type QwirkleState, qwirkleEngine } from '../src/engine/qwirkle';
import { type CreatedSeat, Client } from './support/client';
import { keysOf, useApp } from './support/harness';
import { startAppWith, untilOpen } from './support/live-app';
import { playRandomly } from './support/playout';
import { SseClient, baseUrl } from './support/sse';
import { sameItems } from './support/truth';

type Tile = { color: string; shape: string };
const tileOf = (t: Tile): Tile => ({ color: t.color, shape: t.shape });
const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

describe('waiting for your turn', () => {
  const h = useApp();
  let url: string;
  /** A second instance on the same database that only a notification can wake: its periodic re-check is off. */
  let b: NestFastifyApplication;
  let bUrl: string;
  let bClient: Client;
  const open: SseClient[] = [];
  const stream = async (
    base: string,
    game: string,
    id: string,
    query = '',
    headers: Record<string, string> = {},
  ): Promise<SseClient> => {
    const s = await SseClient.open(`${base}/games/${game}/matches/${id}/events${query}`, headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    url = await baseUrl(h.app);
    b = await startAppWith({ LIVE_RECHECK_MS: '600000' });
    bUrl = await baseUrl(b);
    bClient = new Client(b);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await b?.close();
  });

  describe('a stream of one match', () => {
    it('answers 200 text/event-stream at once, starts after the current version, and replays all with ?after=0', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
      const now = await stream(url, 'reversi', id);
      expect(now.status).toBe(200);
      expect(now.res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(now.events).toHaveLength(0);
      const all = await stream(url, 'reversi', id, '?after=0');
      await all.untilEvents(1);
      await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 1).expect(200);
      await now.untilEvents(1);
      await all.untilEvents(2);
      expect(now.events.map((e) => e.id)).toEqual(['2']);
      expect(all.events.map((e) => [e.id, e.event])).toEqual([
        ['1', 'MoveMade'],
        ['2', 'MoveMade'],
      ]);
      const [first] = all.data;
      expect(first?.match.version).toBe(1);
      expect(first?.entry).toEqual((await h.client.log('reversi', id).expect(200)).body.entries[0]);
      // A resignation is an event too, with its own type.
      await h.client.http
        .post(`/games/reversi/matches/${id}/resign`)
        .set('Authorization', `Bearer ${seats[0]?.token}`)
        .send({})
        .expect(200);
      await all.untilEvents(3);
      expect(all.events[2]).toMatchObject({ id: '3', event: 'PlayerResigned' });
      expect(all.data[2]?.match).toMatchObject({ version: 3, status: 'finished' });
    });

    it('refuses a bad token, a token of another match, an unknown match and a bad Last-Event-ID as JSON errors', async () => {
      const { id } = await h.client.create('reversi', ['a', 'b']);
      const other = await h.client.create('reversi', ['c', 'd']);
      const events = `/games/reversi/matches/${id}/events`;
      await h.client.http.get(events).set('Authorization', 'Bearer nope').expect(401);
      await h.client.http.get(`${events}?token=nope`).expect(401);
      await h.client.http.get(`${events}?token=${other.seats[0]?.token}`).expect(403);
      await h.client.http.get('/games/reversi/matches/00000000-0000-4000-8000-000000000000/events').expect(404);
      const bad = await h.client.http.get(events).set('Last-Event-ID', 'abc').expect(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
      await h.client.http.get(`${events}?after=-1`).expect(400);
    });

    it('accepts the token as ?token= and shows that seat its own view', async () => {
      const { id, seats } = await h.client.create('qwirkle', ['a', 'b']);
      const mine = await stream(url, 'qwirkle', id, `?after=0&token=${seats[0]?.token}`);
      const opener = (await h.client.get('qwirkle', id, seats[0]?.token).expect(200)).body;
      const seat = opener.toMove[0] as number;
      const legal = await h.client.legal('qwirkle', id, seats[seat]?.token as string, '?limit=1').expect(200);
      await h.client.move('qwirkle', id, seats[seat]?.token, legal.body.moves[0], 0).expect(200);
      await mine.untilEvents(1);
      expect(mine.data[0]?.match.you).toBe(0);
      expect((mine.data[0]?.match.view as { hand: unknown[] }).hand).toHaveLength(6);
    });

    it('sends a heartbeat comment while nothing happens', async () => {
      const quick = await startAppWith({ LIVE_HEARTBEAT_MS: '100' });
      try {
        const { id } = await h.client.create('reversi', ['a', 'b']);
        const s = await stream(await baseUrl(quick), 'reversi', id);
        await s.until((c) => c.comments.filter((x) => x === 'heartbeat').length >= 2, 10_000, 'two heartbeats');
        expect(s.events).toHaveLength(0);
      } finally {
        await quick.close();
      }
    });
  });

  describe('two instances on one database', () => {
    it('a long-poll on B wakes within 1 s of a move made on A (B only learns of it by notification)', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const polled = bClient.log('reversi', id, undefined, '?after=0&wait=1').then((r) => r);
      await untilOpen(b, 1); // B is waiting
      await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
      const res = await polled;
      expect(res.status).toBe(200);
      // wait=1: had B not been woken within the second, it would have answered the empty page.
      expect(res.body.entries.map((e: { seq: number }) => e.seq)).toEqual([1]);
      await untilOpen(b, 0);
    });

    it('wakes B again after its listening connection drops (it reconnects and re-reads)', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const s = await stream(bUrl, 'reversi', id);
      // Cut every LISTEN connection to this database (A's and B's): the server side of a network failure.
      const cut = await h.db.pool.query(`SELECT pg_terminate_backend("pid") FROM pg_stat_activity
        WHERE "datname" = current_database() AND "query" LIKE 'LISTEN%' AND "pid" <> pg_backend_pid()`);
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
      await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
      await s.untilEvents(1, 10_000);
      await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 1).expect(200);
      await s.untilEvents(2, 10_000);
      expect(s.events.map((e) => e.id)).toEqual(['1', '2']);
    });

    it('a notification that never came is covered by the periodic re-check', async () => {
      const rechecking = await startAppWith({ LIVE_RECHECK_MS: '200' });
      try {
        const { id } = await h.client.create('reversi', ['a', 'b']);
        const s = await stream(await baseUrl(rechecking), 'reversi', id);
        // A move appended behind every server's back (as by a writer that crashed before its NOTIFY): no
        // notification is ever sent for it.
        await h.db.pool.query(
          `WITH m AS (UPDATE "Match" SET "version" = 1 WHERE "id" = $1 AND "version" = 0 RETURNING "id")
          INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload") SELECT "id", 1, 'MoveMade', 0, '{"square":"d3"}' FROM m`,
          [id],
        );
        await s.untilEvents(1, 10_000);
        expect(s.data[0]?.entry).toMatchObject({ seq: 1, seat: 0 });
      } finally {
        await rechecking.close();
      }
    });

    it('a long-poll answers at once when an entry exists, and with "entries": [] at the end of the wait', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
      const atOnce = await bClient.log('reversi', id, undefined, '?after=0&wait=600').expect(200); // over 60 counts as 60
      expect(atOnce.body.entries).toHaveLength(1);
      const empty = await bClient.log('reversi', id, undefined, '?after=1&wait=1').expect(200);
      expect(empty.body).toMatchObject({ version: 1, entries: [], nextAfter: null });
    });

    it('an SSE stream on B receives every event of a match played on A, in order, as the match was after each', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const spectator = await stream(bUrl, 'reversi', id, '?after=0');
      const black = await stream(bUrl, 'reversi', id, '', bearer(seats[0]?.token));
      const seen = new Map<number, Record<string, unknown>>();
      const { final } = await playRandomly(h.client, 'reversi', id, seats, {
        seed: 'live-two-instances',
        maxMoves: 80,
        onStep: ({ version, spectator: m }) => void seen.set(version, m),
      });
      const n = final.version as number;
      await spectator.untilEvents(n);
      await black.untilEvents(n);
      expect(spectator.events.map((e) => Number(e.id))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(black.events.map((e) => e.id)).toEqual(spectator.events.map((e) => e.id));
      const log = (await bClient.log('reversi', id, undefined, '?limit=1000').expect(200)).body.entries;
      spectator.data.forEach((d, i) => {
        expect(d.entry).toEqual(log[i]);
        expect(d.match).toEqual(seen.get(i + 1));
      });
      expect(black.data.every((d) => d.match.you === 0)).toBe(true);

      // Resuming from each Last-Event-ID gives exactly the rest, on either instance.
      for (let k = 0; k < n; k++) {
        const resumed = await stream(k % 2 ? url : bUrl, 'reversi', id, '?after=1', { 'last-event-id': String(k) });
        await resumed.untilEvents(n - k);
        expect(resumed.events.map((e) => Number(e.id))).toEqual(Array.from({ length: n - k }, (_, i) => k + i + 1));
        expect(resumed.data.map((d) => d.entry)).toEqual(log.slice(k));
        resumed.close();
      }
    });
  });

  it("a 3-seat Qwirkle stream per seat and a spectator's over a whole match: no hand but the seat's own ever appears", async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob', 'cy']);
    const bySeat = await Promise.all(
      seats.map((s, i) => stream(i % 2 ? bUrl : url, 'qwirkle', id, '?after=0', bearer(s.token))),
    );
    const spectator = await stream(bUrl, 'qwirkle', id, '?after=0');
    const { final } = await playRandomly(h.client, 'qwirkle', id, seats, { seed: 'live-qwirkle', maxMoves: 1500 });
    const n = final.version as number;
    for (const s of [...bySeat, spectator]) await s.untilEvents(n, 60_000);

    // The truth after each event, replayed here from the stored seed and log.
    const row = (await h.db.pool.query('SELECT "seed", "options" FROM "Match" WHERE "id" = $1', [id])).rows[0];
    const options = qwirkleEngine.parseOptions(row.options, 3);
    if (!options.ok) throw new Error(options.error.message);
    const events = (
      await h.db.pool.query('SELECT "seat", "payload" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"', [id])
    ).rows;
    let state: QwirkleState = qwirkleEngine.setup({ seed: row.seed, seats: 3, options: options.value });
    const truth: QwirkleState[] = [];
    for (const e of events) {
      const move = qwirkleEngine.parseMove(e.payload);
      if (!move.ok) throw new Error(move.error.message);
      const next = qwirkleEngine.apply(state, e.seat, move.value);
      if (!next.ok) throw new Error(next.error.message);
      truth.push((state = next.value));
    }

    // The seed (and its salt) is revealed once the match is over (docs/api.md "Fairness"), never before.
    const leaks = (x: { entry: unknown; match: Record<string, unknown> }): string[] =>
      ['hands', 'rng', 'bagOrder', ...(x.match.status === 'active' ? ['seed', 'salt'] : [])].filter((k) =>
        keysOf(x).has(k),
      );
    bySeat.forEach((s, seat) => {
      s.data.forEach(({ entry, match }, i) => {
        const view = match.view as { hand?: Tile[] };
        expect(sameItems((view.hand ?? []).map(tileOf), (truth[i]?.hands[seat] ?? []).map(tileOf))).toBe(true);
        expect(leaks({ entry, match })).toEqual([]);
        if (match.status === 'active') expect(JSON.stringify({ entry, match })).not.toContain(row.seed);
        const move = entry.move as { drawn?: unknown; tiles?: unknown; type: string };
        if (entry.seat !== seat) {
          expect(move.drawn).toBeUndefined(); // another seat's draw: a count only
          if (move.type === 'exchange') expect(move.tiles).toBeUndefined();
        }
      });
    });
    for (const { entry, match } of spectator.data) {
      expect(keysOf(match.view).has('hand')).toBe(false);
      expect(leaks({ entry, match })).toEqual([]);
      expect((entry.move as { drawn?: unknown }).drawn).toBeUndefined();
    }
  }, 180_000);

  it('plays a whole Reversi match with two clients that only listen: per move, one request besides the move', async () => {
    const created = await h.client.create('reversi', ['a', 'b']);
    let requests = 0;
    const streams = await Promise.all(
      created.seats.map((s: CreatedSeat, i) => stream(i ? bUrl : url, 'reversi', created.id, '', bearer(s.token))),
    );
    requests += streams.length;
    const play = async (seat: number): Promise<number> => {
      const http = seat ? bClient : h.client;
      const token = created.seats[seat]?.token as string;
      let match = created.body as { version: number; status: string; toMove: number[] };
      let seen = 0;
      let moves = 0;
      for (;;) {
        if (match.status !== 'active') return moves;
        if (match.toMove.includes(seat)) {
          requests++;
          const legal = await http.legal('reversi', created.id, token).expect(200);
          requests++;
          await http.move('reversi', created.id, token, legal.body.moves[0], match.version).expect(200);
          moves++;
        }
        await (streams[seat] as SseClient).untilEvents(seen + 1);
        match = (streams[seat] as SseClient).data[seen]?.match as typeof match;
        seen++;
      }
    };
    const [black, white] = await Promise.all([play(0), play(1)]);
    const moves = black + white;
    const final = (await h.client.get('reversi', created.id).expect(200)).body;
    expect(final.status).toBe('finished');
    expect(final.version).toBe(moves);
    expect(requests).toBe(streams.length + 2 * moves);
    process.stdout.write(
      `listen-only Reversi: ${moves} moves, ${requests} requests (${streams.length} streams + 2 per move)\n`,
    );
  }, 120_000);

  describe('bounded resources', () => {
    it('limits open streams per token (Bearer and ?token= alike) and frees a place when one closes', async () => {
      const limited = await startAppWith({ LIVE_STREAMS_PER_TOKEN: '2' });
      try {
        const base = await baseUrl(limited);
        const { id, seats } = await h.client.create('reversi', ['a', 'b']);
        const one = await stream(base, 'reversi', id, '', bearer(seats[0]?.token));
        await stream(base, 'reversi', id, `?token=${seats[0]?.token}`);
        const refused = await new Client(limited).http
          .get(`/games/reversi/matches/${id}/events`)
          .set('Authorization', `Bearer ${seats[0]?.token}`)
          .expect(429);
        expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', reason: 'live/per-token' });
        const otherSeat = await stream(base, 'reversi', id, '', bearer(seats[1]?.token));
        expect(otherSeat.status).toBe(200);
        one.close();
        await untilOpen(limited, 2);
        const again = await stream(base, 'reversi', id, '', bearer(seats[0]?.token));
        expect(again.status).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('ends a long-poll when its client leaves', async () => {
      const { id } = await h.client.create('reversi', ['a', 'b']);
      const req = request(`${bUrl}/games/reversi/matches/${id}/moves?after=0&wait=60`);
      req.on('error', () => undefined);
      req.end();
      await untilOpen(b, 1); // waiting
      req.destroy();
      await untilOpen(b, 0); // the wait ended with the client, long before its 60 s
    });

    it('closes its streams and answers its long-polls on shutdown', async () => {
      const closing = await startAppWith({});
      const base = await baseUrl(closing);
      const { id } = await h.client.create('reversi', ['a', 'b']);
      const s = await stream(base, 'reversi', id);
      const polled = new Client(closing).log('reversi', id, undefined, '?after=0&wait=60').then((r) => r);
      await untilOpen(closing, 2);
      await closing.close();
      await s.until((c) => c.ended, 10_000, 'the end of the stream');
      const answered = await polled;
      expect(answered.status).toBe(200);
      expect(answered.body.entries).toEqual([]);
    });
  });
});
