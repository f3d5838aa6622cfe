import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';
import { SseClient, baseUrl } from './support/sse';

describe('the player feed (GET /players/me/events)', () => {
  const h = useApp();

  it('sends each of two players a turn exactly when its seat is to move, over a whole Reversi match, then finished', async () => {
    const seats = new SeatsClient(h.client);
    const url = await baseUrl(h.app);
    const ann = await seats.player('ann');
    const bob = await seats.player('bob');
    const feeds = await Promise.all(
      [ann, bob].map((p) => SseClient.open(`${url}/players/me/events`, { authorization: `Bearer ${p.key}` })),
    );
    try {
      expect(feeds.map((f) => f.status)).toEqual([200, 200]);
      const created = await seats.create('reversi', [null, null]);
      const seatOf = new Map<string, number>();
      for (const p of [ann, bob]) {
        const joined = await seats.join('reversi', created.id, {}, p.key).expect(200);
        seatOf.set(p.key, joined.body.seat as number);
      }
      // Each player moves only when its feed says so: its turn, at that version.
      const play = async (key: string, feed: SseClient): Promise<void> => {
        let seen = 0;
        for (;;) {
          await feed.until((f) => f.events.length > seen, 30_000, 'the next feed event');
          const event = feed.events[seen++] as { event?: string; data: string };
          const data = JSON.parse(event.data) as { matchId: string; version: number; seat: number };
          if (event.event === 'finished') return;
          expect(data).toMatchObject({ game: 'reversi', matchId: created.id, seat: seatOf.get(key), deadlineAt: null });
          const legal = await h.client.legal('reversi', created.id, key).expect(200);
          await h.client.move('reversi', created.id, key, legal.body.moves[0], data.version).expect(200);
        }
      };
      await Promise.all([play(ann.key, feeds[0] as SseClient), play(bob.key, feeds[1] as SseClient)]);

      // Exactly the versions at which each player's seat was to move, each once, in order.
      const final = (await h.client.get('reversi', created.id).expect(200)).body;
      expect(final.status).toBe('finished');
      for (const [i, p] of [ann, bob].entries()) {
        const expected: number[] = [];
        for (let v = 0; v <= final.version; v++) {
          const at = (await h.client.http.get(`/games/reversi/matches/${created.id}?version=${v}`).expect(200)).body;
          if (at.status === 'active' && (at.toMove as number[]).includes(seatOf.get(p.key) as number)) expected.push(v);
        }
        const feed = feeds[i] as SseClient;
        const turns = feed.events
          .filter((e) => e.event === 'turn')
          .map((e) => (JSON.parse(e.data) as { version: number }).version);
        expect(turns).toEqual(expected);
        const finished = feed.events.filter((e) => e.event === 'finished').map((e) => JSON.parse(e.data));
        expect(finished).toEqual([
          { game: 'reversi', matchId: created.id, seat: seatOf.get(p.key), outcome: final.outcome },
        ]);
      }

      // Resuming after an id gives what changed since, as it is now: the match is over, so only its end (with
      // the same id as before), nothing before the cursor and no stale turn.
      const all = (feeds[0] as SseClient).events;
      const k = Math.floor(all.length / 2);
      const resumed = await SseClient.open(`${url}/players/me/events`, {
        authorization: `Bearer ${ann.key}`,
        'last-event-id': all[k - 1]?.id as string,
      });
      await resumed.untilEvents(1, 30_000);
      expect(resumed.events.map((e) => [e.id, e.event])).toEqual([[all[all.length - 1]?.id, 'finished']]);
      resumed.close();
    } finally {
      for (const f of feeds) f.close();
    }
  }, 120_000);

  it('a turn of a match with a clock carries its deadline, the one the match answers', async () => {
    const seats = new SeatsClient(h.client);
    const url = await baseUrl(h.app);
    const ann = await seats.player('ann');
    const bob = await seats.player('bob');
    const created = await seats.create('reversi', [null, null], {
      timeControl: { perMoveSeconds: 3600 },
      unlisted: true,
    });
    await seats.join('reversi', created.id, { seat: 0 }, ann.key).expect(200);
    await seats.join('reversi', created.id, { seat: 1 }, bob.key).expect(200);
    const feed = await SseClient.open(`${url}/players/me/events`, { authorization: `Bearer ${ann.key}` });
    try {
      await feed.until((f) => f.events.some((e) => e.event === 'turn'), 30_000, "ann's turn");
      const match = (await h.client.get('reversi', created.id).expect(200)).body;
      expect(match.clock.deadlineAt).toEqual(expect.any(String));
      const turn = JSON.parse(feed.events.find((e) => e.event === 'turn')?.data as string);
      expect(turn).toEqual({
        game: 'reversi',
        matchId: created.id,
        seat: 0,
        version: match.version,
        deadlineAt: match.clock.deadlineAt,
      });
    } finally {
      feed.close();
    }
  });

  it('refuses a missing or unknown player key', async () => {
    await h.client.http.get('/players/me/events').expect(401);
    await h.client.http.get('/players/me/events').set('Authorization', 'Bearer tbp_nope').expect(401);
  });
});
