import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { SeekMatcher } from '../src/seeks/seek.matcher';
import type { Database } from '../src/store/database';
import { DATABASE } from '../src/store/store.module';
import type { Body } from './support/body';
import { SseClient, baseUrl } from './support/sse';
import { type TestClock, startTimedApp } from './support/timed-app';

/**
 * Seeks (docs/api.md "Matchmaking and arenas"), with the matcher swept by hand and the app's clock moved by the test.
 * Each test seeks in a pool of its own (a time control no other test uses), so seeks of other tests in the shared
 * database never sit at its tables.
 */
describe('seeks', () => {
  let app: NestFastifyApplication;
  let clock: TestClock;
  let matcher: SeekMatcher;
  let pool = 90_000;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, clock } = await startTimedApp());
    const m = app.get(SeekMatcher);
    // Another test file's app may be pairing a game at the same moment (the pages' tests run a matcher): then
    // this pass skipped it, and goes again until it paired everything itself.
    matcher = {
      sweep: async () => {
        for (let i = 0; i < 100 && !(await m.sweep()); i++) await new Promise((r) => setTimeout(r, 50));
        return true;
      },
    } as unknown as SeekMatcher;
  });
  afterAll(async () => {
    await app?.close();
  });

  const player = async (name: string, on = app): Promise<{ id: string; key: string }> => {
    const res = await request(on.getHttpServer()).post('/players').send({ name }).expect(201);
    return { id: res.body.id, key: res.body.key };
  };
  const rate = async (p: { id: string }, game: string, rating: number): Promise<void> => {
    // The leaderboard rating is mu - 3 sigma: sigma 1 and mu = rating + 3.
    const db = app.get<Database>(DATABASE);
    await db.prisma.rating.create({
      data: { game, key: `player:${p.id}`, name: 'rated', kind: 'player', mu: rating + 3, sigma: 1, matches: 10 },
    });
  };
  const seek = (p: { key: string }, body: object, game = 'reversi', on = app) =>
    request(on.getHttpServer()).post(`/games/${game}/seeks`).set('Authorization', `Bearer ${p.key}`).send(body);
  const read = (p: { key: string }, id: string, query = '') =>
    http().get(`/seeks/${id}${query}`).set('Authorization', `Bearer ${p.key}`);
  const newPool = () => ({ timeControl: { perMoveSeconds: ++pool } });

  it('seats two seekers in range together, each with a seat token of the match', async () => {
    const [ann, bob] = [await player('ann'), await player('bob')];
    const settings = newPool();
    const a = await seek(ann, settings).expect(201);
    expect(a.body).toMatchObject({
      game: 'reversi',
      status: 'waiting',
      seats: 2,
      rating: 0,
      ratingRange: 5,
      botAfterSeconds: null,
      match: null,
    });
    const b = await seek(bob, settings).expect(201);
    await matcher.sweep();
    const [ra, rb] = [(await read(ann, a.body.id).expect(200)).body, (await read(bob, b.body.id).expect(200)).body];
    expect(ra.status).toBe('matched');
    expect(rb.status).toBe('matched');
    expect(ra.match.id).toBe(rb.match.id);
    expect([ra.match.seat, rb.match.seat].sort()).toEqual([0, 1]);
    // The token is the seek's seat in the match, the same on every read, and it moves there.
    expect((await read(ann, a.body.id).expect(200)).body.match.token).toBe(ra.match.token);
    const m = await http()
      .get(`/games/reversi/matches/${ra.match.id}`)
      .set('Authorization', `Bearer ${ra.match.token}`)
      .expect(200);
    expect(m.body).toMatchObject({ status: 'active', you: ra.match.seat });
    expect(m.body.players.map((p: Body) => p.name).sort()).toEqual(['ann', 'bob']);
    // The player key acts for the seat too (it is the player's).
    const byKey = await http()
      .get(`/games/reversi/matches/${ra.match.id}`)
      .set('Authorization', `Bearer ${bob.key}`)
      .expect(200);
    expect(byKey.body.you).toBe(rb.match.seat);
  });

  it('the player feed says `matched`, with the match and the seat', async () => {
    const [ann, bob] = [await player('ann'), await player('bob')];
    const feed = await SseClient.open(`${await baseUrl(app)}/players/me/events`, {
      authorization: `Bearer ${ann.key}`,
    });
    try {
      const settings = newPool();
      const a = await seek(ann, settings).expect(201);
      await seek(bob, settings).expect(201);
      await matcher.sweep();
      const matched = (await read(ann, a.body.id)).body;
      await feed.until((c) => c.events.some((e) => e.event === 'matched'), 10_000, 'matched');
      const event = feed.events.find((e) => e.event === 'matched');
      expect(JSON.parse(event?.data ?? '{}')).toEqual({
        game: 'reversi',
        matchId: matched.match.id,
        seat: matched.match.seat,
        seekId: a.body.id,
      });
    } finally {
      feed.close();
    }
  });

  it('keeps seekers out of range apart until their ranges have widened (every 10 s)', async () => {
    const [low, high] = [await player('low'), await player('high')];
    await rate(low, 'reversi', 0);
    await rate(high, 'reversi', 12);
    const settings = newPool();
    const a = await seek(low, { ...settings, ratingRange: 5 }).expect(201);
    const b = await seek(high, { ...settings, ratingRange: 5 }).expect(201);
    expect([a.body.rating, b.body.rating]).toEqual([0, 12]);
    await matcher.sweep();
    expect((await read(low, a.body.id)).body.status).toBe('waiting'); // 12 apart, ranges 5
    clock.advance(10_000);
    await matcher.sweep();
    expect((await read(low, a.body.id)).body.status).toBe('waiting'); // ranges 10
    clock.advance(10_000);
    await matcher.sweep();
    expect((await read(low, a.body.id)).body.status).toBe('matched'); // ranges 15
    expect((await read(high, b.body.id)).body.status).toBe('matched');
  });

  it('a long-poll answers as soon as the seek is matched', async () => {
    const [ann, bob] = [await player('ann'), await player('bob')];
    const settings = newPool();
    const a = await seek(ann, settings).expect(201);
    const waiting = read(ann, a.body.id, '?wait=20').expect(200);
    await seek(bob, settings).expect(201);
    const started = Date.now();
    setTimeout(() => void matcher.sweep(), 300);
    const res = await waiting;
    expect(res.body.status).toBe('matched');
    expect(Date.now() - started).toBeLessThan(15_000); // long before the 20 s wait ran out
  });

  it('seats a lonely seek against the strongest bot after botAfterSeconds', async () => {
    const ann = await player('ann');
    const a = await seek(ann, { ...newPool(), botAfterSeconds: 30 }).expect(201);
    await matcher.sweep();
    expect((await read(ann, a.body.id)).body.status).toBe('waiting');
    clock.advance(30_000);
    await matcher.sweep();
    const matched = (await read(ann, a.body.id)).body;
    expect(matched.status).toBe('matched');
    const bots = (await http().get('/games/reversi/bots').expect(200)).body.bots;
    const m = await http().get(`/games/reversi/matches/${matched.match.id}`).expect(200);
    const other = m.body.players.find((p: Body) => p.seat !== matched.match.seat);
    expect(other.bot).toBe(bots.at(-1).id);
  });

  it('fills a table of the asked size', async () => {
    const [a, b, c] = [await player('a'), await player('b'), await player('c')];
    const settings = { ...newPool(), seats: 3 };
    const seeks = [
      (await seek(a, settings, 'qwirkle').expect(201)).body,
      (await seek(b, settings, 'qwirkle').expect(201)).body,
    ];
    await matcher.sweep();
    expect((await read(a, seeks[0].id)).body.status).toBe('waiting'); // two of three
    seeks.push((await seek(c, settings, 'qwirkle').expect(201)).body);
    await matcher.sweep();
    const read3 = await Promise.all([a, b, c].map(async (p, i) => (await read(p, seeks[i].id)).body));
    expect(new Set(read3.map((s) => s.match.id)).size).toBe(1);
    expect(read3.map((s) => s.match.seat).sort()).toEqual([0, 1, 2]);
  });

  it("cancel: a waiting seek is cancelled; a matched one is 409 ALREADY_MATCHED; another player's is 403", async () => {
    const [ann, bob, eve] = [await player('ann'), await player('bob'), await player('eve')];
    const lonely = await seek(ann, newPool()).expect(201);
    await http().delete(`/seeks/${lonely.body.id}`).set('Authorization', `Bearer ${eve.key}`).expect(403);
    await http().delete(`/seeks/${lonely.body.id}`).expect(401);
    const cancelled = await http()
      .delete(`/seeks/${lonely.body.id}`)
      .set('Authorization', `Bearer ${ann.key}`)
      .expect(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', match: null });
    const settings = newPool();
    const a = await seek(ann, settings).expect(201);
    await seek(bob, settings).expect(201);
    await matcher.sweep();
    const refused = await http().delete(`/seeks/${a.body.id}`).set('Authorization', `Bearer ${ann.key}`).expect(409);
    expect(refused.body.code).toBe('ALREADY_MATCHED');
    // A cancelled seek is never seated: a new seeker in its pool waits.
    const c = await seek(bob, { ...settings, timeControl: { perMoveSeconds: pool - 1 } }).expect(201);
    await matcher.sweep();
    expect((await read(bob, c.body.id)).body.status).toBe('waiting');
  });

  it('a seek expires after SEEK_TTL_SECONDS', async () => {
    const ann = await player('ann');
    const a = await seek(ann, newPool()).expect(201);
    expect(Date.parse(a.body.expiresAt) - Date.parse(a.body.createdAt)).toBe(600_000);
    clock.advance(600_000);
    await matcher.sweep();
    expect((await read(ann, a.body.id)).body.status).toBe('expired');
  });

  it('refuses what cannot be sought: no key, an unknown game, a table size or options the game does not take', async () => {
    const ann = await player('ann');
    await http().post('/games/reversi/seeks').send({}).expect(401);
    await seek(ann, {}, 'chess').expect(404);
    expect((await seek(ann, { seats: 3 }).expect(400)).body.reason).toBe('seek/seats');
    expect((await seek(ann, { seats: 9 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await seek(ann, { ratingRange: -1 }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await seek(ann, { options: { setup: 'nonsense' } }).expect(400)).body.code).toBe('INVALID_OPTIONS');
    await http().get('/seeks/not-a-uuid').set('Authorization', `Bearer ${ann.key}`).expect(404);
  });
});

describe('seeks across two instances', () => {
  let one: NestFastifyApplication;
  let two: NestFastifyApplication;
  beforeAll(async () => {
    [{ app: one }, { app: two }] = await Promise.all([startTimedApp(), startTimedApp()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('40 seeks posted at once make exactly 20 matches, no seek or player twice', async () => {
    const settings = { timeControl: { perMoveSeconds: 77_777 } };
    const players = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const on = i % 2 === 0 ? one : two;
        const res = await request(on.getHttpServer())
          .post('/players')
          .send({ name: `p${i}` })
          .expect(201);
        return { id: res.body.id as string, key: res.body.key as string, on };
      }),
    );
    const seeks = await Promise.all(
      players.map(
        async (p) =>
          (
            await request(p.on.getHttpServer())
              .post('/games/reversi/seeks')
              .set('Authorization', `Bearer ${p.key}`)
              .send(settings)
              .expect(201)
          ).body.id as string,
      ),
    );
    const [m1, m2] = [one.get(SeekMatcher), two.get(SeekMatcher)];
    const reads = async () =>
      Promise.all(
        players.map(
          async (p, i) =>
            (
              await request(p.on.getHttpServer())
                .get(`/seeks/${seeks[i]}`)
                .set('Authorization', `Bearer ${p.key}`)
                .expect(200)
            ).body,
        ),
      );
    let state = await reads();
    for (let round = 0; round < 20 && state.some((s) => s.status === 'waiting'); round++) {
      await Promise.all([m1.sweep(), m2.sweep(), m1.sweep(), m2.sweep()]);
      state = await reads();
    }
    expect(state.every((s) => s.status === 'matched')).toBe(true);
    const byMatch = new Map<string, number[]>();
    for (const s of state) byMatch.set(s.match.id, [...(byMatch.get(s.match.id) ?? []), s.match.seat]);
    expect(byMatch.size).toBe(20);
    for (const seats of byMatch.values()) expect(seats.sort()).toEqual([0, 1]);
    // Each match holds two of these players, each player one seat of one match.
    const db = one.get<Database>(DATABASE);
    const rows = await db.prisma.seat.findMany({ where: { matchId: { in: [...byMatch.keys()] } } });
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.playerId)).size).toBe(40);
    expect(new Set(rows.map((r) => r.playerId))).toEqual(new Set(players.map((p) => p.id)));
  }, 60_000);
});
