import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SeekMatcher } from '../src/seeks/seek.matcher';
import type { Body } from './support/body';
import { startAppWith } from './support/live-app';
import { SseClient, baseUrl } from './support/sse';

/**
 * Every turn announced (issue 35, item 1): a feed-driven player gets its first `turn` within 1 s of its seat
 * being to move, however the match was made, and on whichever instance. Both instances re-check only every
 * 10 minutes, so nothing but a hint can wake a feed in time.
 */
/** A player, its feed (held on the first instance), and when the test saw each of the feed's events arrive. */
interface Player {
  readonly id: string;
  readonly key: string;
  readonly feed: SseClient;
  readonly arrivals: number[];
}

describe('the first turn of every match reaches the player feed', () => {
  const FIRST_TURN_MS = 1000;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let urlA: string;
  let pat: Player;
  let sam: Player;
  const run = Math.random().toString(36).slice(2, 8);

  const http = (on = a) => request(on.getHttpServer());
  const as = (key: string) => ({ Authorization: `Bearer ${key}` });
  const player = async (name: string): Promise<Player> => {
    const res = await http().post('/players').send({ name }).expect(201);
    const feed = await SseClient.open(`${urlA}/players/me/events`, as(res.body.key));
    expect(feed.status).toBe(200);
    const arrivals: number[] = [];
    // After the client's own listener: the chunk's events are parsed by then.
    feed.res.on('data', () => {
      while (arrivals.length < feed.events.length) arrivals.push(Date.now());
    });
    return { id: res.body.id, key: res.body.key, feed, arrivals };
  };
  const turns = (f: SseClient) =>
    f.events
      .filter((e) => e.event === 'turn')
      .map((e) => ({
        id: e.id as string,
        ...(JSON.parse(e.data) as { matchId: string; version: number; seat: number }),
      }));

  beforeAll(async () => {
    a = await startAppWith({ LIVE_RECHECK_MS: '600000' });
    b = await startAppWith({ LIVE_RECHECK_MS: '600000' });
    urlA = await baseUrl(a);
    pat = await player(`pat-${run}`);
    sam = await player(`sam-${run}`);
  });
  afterAll(async () => {
    pat?.feed.close();
    sam?.feed.close();
    await b?.close();
    await a?.close();
  });

  /** The time (server clock, the same machine's) at which `seat` became to move at `version`: creation or that event. */
  const becameToMove = async (game: string, id: string, version: number): Promise<number> => {
    if (version === 0) return Date.parse((await http().get(`/games/${game}/matches/${id}`).expect(200)).body.createdAt);
    const log = await http()
      .get(`/games/${game}/matches/${id}/moves?after=${version - 1}`)
      .expect(200);
    return Date.parse(log.body.entries[0].at);
  };

  /** The first version at which `seat` is to move in an active match (the match's own answers, version by version). */
  const firstToMove = async (game: string, id: string, seat: number): Promise<number> => {
    for (let v = 0; ; v++) {
      const at = (await http().get(`/games/${game}/matches/${id}?version=${v}`).expect(200)).body;
      if (at.status === 'active' && (at.toMove as number[]).includes(seat)) return v;
      if (at.status !== 'active' && at.status !== 'waiting')
        throw new Error(`match ${id} ended before seat ${seat} moved`);
    }
  };

  /**
   * Waits for the player's first turn in match `id`, then checks it: the version at which its seat is first to
   * move, that seat, sent within FIRST_TURN_MS of it becoming so: of the answer to the request that made the
   * match (`since`), or, when a later event made it the player's turn (a bot's move) or no request did (the
   * director's rounds), of that event or the match's creation (server clock, the same machine's). Answers the turn.
   */
  const expectFirstTurn = async (
    game: string,
    id: string,
    since: number | null,
    who: Player = pat,
  ): Promise<{ version: number; seat: number; id: string }> => {
    const { feed, arrivals } = who;
    await feed.until((f) => turns(f).some((t) => t.matchId === id), 20_000, `the first turn in ${id}`);
    const index = feed.events.findIndex((e) => e.event === 'turn' && JSON.parse(e.data).matchId === id);
    const arrived = arrivals[index] as number;
    const turn = turns(feed).find((t) => t.matchId === id) as { version: number; seat: number; id: string };
    const match = (await http().get(`/games/${game}/matches/${id}`).expect(200)).body;
    const seat = (match.players as Body[]).findIndex((p) => p.player === who.id);
    expect(turn.seat).toBe(seat);
    expect(turn.version).toBe(await firstToMove(game, id, seat));
    const late = arrived - Math.max(since ?? 0, await becameToMove(game, id, turn.version));
    expect(late).toBeLessThanOrEqual(FIRST_TURN_MS);
    return turn;
  };

  const resign = (game: string, id: string, key: string, on = a) =>
    http(on).post(`/games/${game}/matches/${id}/resign`).set(as(key)).send({}).expect(200);

  it('a match created with open seats, both taken by players: the first to join is to move when the second joins', async () => {
    const created = await http()
      .post('/games/reversi/matches')
      .send({ players: [{ open: true }, { open: true }], unlisted: true })
      .expect(201);
    await http().post(`/games/reversi/matches/${created.body.id}/join`).set(as(pat.key)).send({ seat: 0 }).expect(200);
    await http().post(`/games/reversi/matches/${created.body.id}/join`).set(as(sam.key)).send({ seat: 1 }).expect(200);
    expect((await expectFirstTurn('reversi', created.body.id, Date.now())).version).toBe(2);
  });

  it('a join of an open seat whose holder is to move at once', async () => {
    const created = await http()
      .post('/games/reversi/matches')
      .send({ players: [{ open: true }, { name: 'ann' }], unlisted: true })
      .expect(201);
    await http().post(`/games/reversi/matches/${created.body.id}/join`).set(as(pat.key)).send({ seat: 0 }).expect(200);
    expect((await expectFirstTurn('reversi', created.body.id, Date.now())).version).toBe(1);
  });

  it('a seek: black hears its turn at version 0, then white at version 1 once black moved', async () => {
    const settings = { timeControl: { perMoveSeconds: 86_399 } };
    const mine = await http().post('/games/reversi/seeks').set(as(pat.key)).send(settings).expect(201);
    await http().post('/games/reversi/seeks').set(as(sam.key)).send(settings).expect(201);
    const matcher = a.get(SeekMatcher);
    for (let i = 0; i < 100 && !(await matcher.sweep()); i++) await new Promise((r) => setTimeout(r, 50));
    const paired = Date.now();
    const seek = (await http().get(`/seeks/${mine.body.id}`).set(as(pat.key)).expect(200)).body;
    expect(seek.status).toBe('matched');
    const id = seek.match.id as string;
    // The seats are drawn at random: whoever is black is to move at version 0.
    const [black, white] = seek.match.seat === 0 ? [pat, sam] : [sam, pat];
    expect((await expectFirstTurn('reversi', id, paired, black)).version).toBe(0);
    expect(turns(white.feed).filter((t) => t.matchId === id)).toEqual([]);
    const legal = await http().get(`/games/reversi/matches/${id}/legal-moves`).set(as(black.key)).expect(200);
    await http()
      .post(`/games/reversi/matches/${id}/moves`)
      .set(as(black.key))
      .send({ move: legal.body.moves[0], expectedVersion: 0 })
      .expect(200);
    expect((await expectFirstTurn('reversi', id, Date.now(), white)).version).toBe(1);
  });

  it('a tournament: its first round, made with the tournament, and its second, made by the director', async () => {
    const created = await http()
      .post('/tournaments')
      .set(as(pat.key))
      .send({
        game: 'reversi',
        format: 'round-robin',
        rounds: 2,
        timeControl: { perMoveSeconds: 3600 },
        entrants: [{ player: pat.id }, { name: `bot-${run}`, bot: 'greedy' }],
      })
      .expect(201);
    const first = created.body.rounds[0].matches[0].id as string;
    await expectFirstTurn('reversi', first, Date.now());
    await resign('reversi', first, pat.key);
    let second: string | undefined;
    const until = Date.now() + 20_000;
    while (second === undefined && Date.now() < until) {
      const t = (await http().get(`/tournaments/${created.body.id}`).expect(200)).body;
      second = t.rounds[1]?.matches[0]?.id;
      if (second === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(second).toEqual(expect.any(String));
    await expectFirstTurn('reversi', second as string, null);
  });

  it('an arena: its first pairing, and the next one once pat is free again', async () => {
    const created = await http()
      .post('/tournaments')
      .set(as(pat.key))
      .send({
        game: 'reversi',
        format: 'arena',
        minutes: 1,
        timeControl: { perMoveSeconds: 3600 },
        entrants: [{ player: pat.id }, { name: `arena-bot-${run}`, bot: 'greedy' }],
      })
      .expect(201);
    const first = created.body.rounds[0].matches[0].id as string;
    await expectFirstTurn('reversi', first, Date.now());
    await resign('reversi', first, pat.key);
    let next: string | undefined;
    const until = Date.now() + 20_000;
    while (next === undefined && Date.now() < until) {
      const t = (await http().get(`/tournaments/${created.body.id}`).expect(200)).body;
      next = (t.rounds as Body[]).flatMap((r) => r.matches as Body[]).find((m) => m.id !== first)?.id;
      if (next === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(next).toEqual(expect.any(String));
    await expectFirstTurn('reversi', next as string, null); // left running: the arena pairs pat no more
  });

  it('a rematch: the new match, seats rotated, is to move at version 0 for its new black', async () => {
    const created = await http()
      .post('/games/reversi/matches')
      .send({ players: [{ open: true }, { open: true }], unlisted: true })
      .expect(201);
    await http().post(`/games/reversi/matches/${created.body.id}/join`).set(as(sam.key)).send({ seat: 0 }).expect(200);
    await http().post(`/games/reversi/matches/${created.body.id}/join`).set(as(pat.key)).send({ seat: 1 }).expect(200);
    await resign('reversi', created.body.id, sam.key);
    const rematch = await http().post(`/games/reversi/matches/${created.body.id}/rematch`).set(as(sam.key)).expect(201);
    expect(rematch.body.players[0]).toMatchObject({ player: pat.id });
    expect((await expectFirstTurn('reversi', rematch.body.id, Date.now())).version).toBe(0);
  });

  it('matches made through another instance: a tournament and a join, while the feed is held on the first', async () => {
    const created = await http(b)
      .post('/tournaments')
      .set(as(pat.key))
      .send({
        game: 'reversi',
        format: 'round-robin',
        timeControl: { perMoveSeconds: 3600 },
        entrants: [{ player: pat.id }, { name: `far-bot-${run}`, bot: 'greedy' }],
      })
      .expect(201);
    await expectFirstTurn('reversi', created.body.rounds[0].matches[0].id as string, Date.now());

    const open = await http(b)
      .post('/games/reversi/matches')
      .send({ players: [{ open: true }, { name: 'ann' }], unlisted: true })
      .expect(201);
    await http(b).post(`/games/reversi/matches/${open.body.id}/join`).set(as(pat.key)).send({ seat: 0 }).expect(200);
    expect((await expectFirstTurn('reversi', open.body.id, Date.now())).version).toBe(1);
  });

  it('no turn twice for one version, and a resumed feed sends nothing again', async () => {
    for (const p of [pat, sam]) {
      const keys = turns(p.feed).map((t) => `${t.matchId}@${t.version}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
    const { feed } = pat;
    const all = turns(feed);
    // Ids are the feed's cursor: strictly increasing.
    const position = (id: string): [bigint, number, string] => {
      const [txid, seq, match] = id.split('.') as [string, string, string];
      return [BigInt(txid), Number(seq), match];
    };
    const before = (x: string, y: string): boolean => {
      const [p, q] = [position(x), position(y)];
      return p[0] !== q[0] ? p[0] < q[0] : p[1] !== q[1] ? p[1] < q[1] : p[2] < q[2];
    };
    const ids = feed.events.filter((e) => e.event === 'turn' || e.event === 'finished').map((e) => e.id as string);
    for (let i = 1; i < ids.length; i++) expect(before(ids[i - 1] as string, ids[i] as string)).toBe(true);

    // From the last id: nothing has happened since, so no turn and no end again.
    const last = ids[ids.length - 1] as string;
    const resumed = await SseClient.open(`${urlA}/players/me/events`, { ...as(pat.key), 'last-event-id': last });
    // From just before the rematch's version-0 turn (a position of its own, seq 0): that turn once, with its id.
    const zero = all.filter((t) => t.version === 0).at(-1) as { id: string; matchId: string };
    const k = feed.events.findIndex((e) => e.id === zero.id);
    const from = feed.events
      .slice(0, k)
      .reverse()
      .find((e) => e.id !== undefined && e.event !== 'matched')?.id as string;
    const again = await SseClient.open(`${urlA}/players/me/events`, { ...as(pat.key), 'last-event-id': from });
    try {
      await again.until((f) => turns(f).some((t) => t.id === zero.id), 5000, 'the version-0 turn once more');
      await new Promise((r) => setTimeout(r, 1500));
      expect(resumed.events.filter((e) => e.event !== 'matched')).toEqual([]);
      const resent = again.events.filter((e) => e.event !== 'matched').map((e) => e.id as string);
      expect(resent.filter((id) => id === zero.id)).toHaveLength(1);
      for (const id of resent) expect(before(from, id)).toBe(true);
      // Each resent event is one the first connection sent too, with the same id (nothing new was made since).
      for (const id of resent) expect(ids).toContain(id);
    } finally {
      resumed.close();
      again.close();
    }
  });
});
