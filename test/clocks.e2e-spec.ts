/**
 * Clocks end to end (docs/api.md "Clocks"). Every deadline here is an hour or more ahead of the real time and the
 * tests move their apps' injected clocks past it, on a database of their own: a sweep by a clock hours ahead
 * would time out other test files' matches, and their sweeps must not see these deadlines.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ClockScheduler } from '../src/clocks/clock.scheduler';
import { Client, Db } from './support/client';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp, type TestClock } from './support/timed-app';
import type { Body } from './support/body';

const HOUR = 3_600_000;

describe('clocks', () => {
  let app: NestFastifyApplication;
  let clock: TestClock;
  let client: Client;
  let db: Db;
  // A database of its own: these tests move their servers' clocks hours ahead, and a sweep on the common
  // database would time out other suites' matches.
  let scratch: { url: string; drop(): Promise<void> };
  const timed = (overrides: Parameters<typeof startTimedApp>[0] = {}, offsetMs = 0) =>
    startTimedApp({ databaseUrl: scratch.url, ...overrides }, offsetMs);
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_clocks');
    ({ app, clock } = await timed());
    client = new Client(app);
    db = new Db(scratch.url);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await scratch?.drop();
  });

  const create = async (game: string, names: string[], extra: Body): Promise<Body> => {
    const res = await client.http
      .post(`/games/${game}/matches`)
      .send({ players: names.map((name) => ({ name })), ...extra });
    if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const sweep = () => app.get(ClockScheduler).sweep();
  const types = async (game: string, id: string) =>
    (await client.log(game, id).expect(200)).body.entries.map((e: Body) => `${e.type}:${e.seat}`);

  it('a Reversi match with perMoveSeconds where nobody moves ends by timeout, for the right seat, with one TimedOut event', async () => {
    const m = await create('reversi', ['ann', 'bob'], { timeControl: { perMoveSeconds: 3600 } });
    expect(m.clock).toEqual({ deadlineAt: expect.any(String), remainingMs: [expect.any(Number), 3_600_000] });
    expect(new Date(m.clock.deadlineAt).getTime() - new Date(m.createdAt).getTime()).toBe(HOUR);
    await sweep();
    expect((await client.get('reversi', m.id).expect(200)).body.status).toBe('active');

    clock.advance(HOUR + 1000);
    await sweep();
    await sweep();
    const after = (await client.get('reversi', m.id).expect(200)).body;
    expect(after).toMatchObject({
      status: 'finished',
      version: 1,
      toMove: [],
      outcome: { winners: [1], reason: 'timeout' },
      clock: { deadlineAt: null },
    });
    expect(await types('reversi', m.id)).toEqual(['TimedOut:0']);
    expect(await db.eventCount(m.id)).toBe(1);
  });

  it('a move sent after the deadline is refused, even before the timeout is written', async () => {
    const m = await create('reversi', ['ann', 'bob'], { timeControl: { perMoveSeconds: 3600 } });
    const ann = m.seats[0].token;
    await client.move('reversi', m.id, ann, { square: 'd3' }, 0).expect(200);
    clock.advance(HOUR);
    const late = await client.move('reversi', m.id, m.seats[1].token, { square: 'c3' }, 1);
    expect([late.status, late.body.code]).toEqual([409, 'TIMED_OUT']);
    expect(await db.eventCount(m.id)).toBe(1);
    await sweep();
    expect(await types('reversi', m.id)).toEqual(['MoveMade:0', 'TimedOut:1']);
  });

  it('a Fischer clock charges the mover and adds its increment; remainingMs is live', async () => {
    clock.freeze();
    try {
      const m = await create('reversi', ['ann', 'bob'], { timeControl: { initialSeconds: 7200, incrementSeconds: 5 } });
      expect(m.clock.remainingMs).toEqual([7_200_000, 7_200_000]);
      clock.advance(10_000);
      const moved = (await client.move('reversi', m.id, m.seats[0].token, { square: 'd3' }, 0).expect(200)).body;
      expect(moved.clock.remainingMs).toEqual([7_195_000, 7_200_000]);
      clock.advance(3_000);
      const seen = (await client.get('reversi', m.id).expect(200)).body;
      expect(seen.clock.remainingMs).toEqual([7_195_000, 7_197_000]);
      expect(Date.parse(seen.clock.deadlineAt)).toBe(Date.parse(moved.updatedAt) + 7_200_000);
    } finally {
      clock.thaw();
    }
  });

  it('refuses a clock that is not one: both kinds, neither, onTimeout alone, a bad onTimeout', async () => {
    for (const extra of [
      { timeControl: { perMoveSeconds: 60, initialSeconds: 60 } },
      { timeControl: {} },
      { onTimeout: 'random' },
      { timeControl: { perMoveSeconds: 60 }, onTimeout: 'draw' },
      { timeControl: { perMoveSeconds: 0 } },
      { timeControl: { perMoveSeconds: null } },
      { timeControl: null, onTimeout: 'random' },
    ]) {
      const res = await client.http
        .post('/games/reversi/matches')
        .send({ players: [{ name: 'a' }, { name: 'b' }], ...extra });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('reads a null timeControl (and a null onTimeout) as none: a match without a clock, in matches and tournaments', async () => {
    const res = await client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'a' }, { name: 'b' }], timeControl: null, onTimeout: null });
    expect(res.status).toBe(201);
    expect(res.body.clock ?? null).toBeNull();
    const t = await client.http.post('/tournaments').send({
      game: 'reversi',
      format: 'round-robin',
      timeControl: null,
      entrants: [
        { name: 'r1', bot: 'random' },
        { name: 'r2', bot: 'random' },
      ],
    });
    expect(t.status).toBe(201);
  });

  it('a 3-seat Qwirkle match with forfeit plays on without the seat that timed out', async () => {
    const m = await create('qwirkle', ['a', 'b', 'c'], { timeControl: { perMoveSeconds: 3600 }, onTimeout: 'forfeit' });
    const first = m.toMove[0] as number;
    clock.advance(HOUR + 1);
    await sweep();
    const after = (await client.get('qwirkle', m.id).expect(200)).body;
    expect(after.status).toBe('active');
    expect(after.players[first]).toMatchObject({ seat: first, left: true });
    expect(after.players.filter((p: Body) => p.left)).toHaveLength(1);
    expect(after.view.handCounts[first]).toBe(0);
    const next = after.toMove[0] as number;
    expect(next).not.toBe(first);
    // The next seat plays, and the seat that left is passed over.
    const token = m.seats[next].token;
    const legal = (await client.legal('qwirkle', m.id, token).expect(200)).body.moves;
    const played = (await client.move('qwirkle', m.id, token, legal[0], after.version).expect(200)).body;
    expect(played.toMove).not.toContain(first);
    expect(played.toMove).not.toContain(next);
    const gone = await client.legal('qwirkle', m.id, m.seats[first].token).expect(200);
    expect(gone.body.moves).toEqual([]);
    expect(await types('qwirkle', m.id)).toEqual([`TimedOut:${first}`, `MoveMade:${next}`]);
  });

  it("with random, the log holds TimedOut then the server's MoveMade for that seat", async () => {
    const m = await create('qwirkle', ['a', 'b', 'c'], { timeControl: { perMoveSeconds: 3600 }, onTimeout: 'random' });
    const first = m.toMove[0] as number;
    clock.advance(HOUR + 1);
    await sweep();
    const after = (await client.get('qwirkle', m.id).expect(200)).body;
    expect(await types('qwirkle', m.id)).toEqual([`TimedOut:${first}`, `MoveMade:${first}`]);
    expect(after).toMatchObject({ status: 'active', version: 2 });
    expect(after.players.some((p: Body) => p.left)).toBe(false);
    expect(after.toMove).not.toEqual([first]);
    expect(after.view.board.length).toBeGreaterThan(0); // the server's move was the opening placement
  });

  it('a server stopped before a deadline and started after it applies the timeout once, at start-up', async () => {
    const first = await timed({ clockSweepMs: 60_000 }, clock.ahead);
    const res = await new Client(first.app).http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'a' }, { name: 'b' }], timeControl: { perMoveSeconds: 7200 } });
    const m = res.body as Body;
    await first.app.close();
    // A second server, started as if three hours later, with its scheduler on: its first sweep runs at start-up.
    const later = await timed({ clockSweepMs: 60_000 }, clock.ahead + 3 * HOUR);
    try {
      await later.app.get(ClockScheduler).sweep(); // joins the start-up sweep if it is still running
      expect(await types('reversi', m.id)).toEqual(['TimedOut:0']);
      await later.app.get(ClockScheduler).sweep();
      await sweep();
      expect(await db.eventCount(m.id)).toBe(1);
    } finally {
      await later.app.close();
    }
  });

  it('two instances on one database apply a deadline once, whether they claim it or race for the append', async () => {
    const other = await timed();
    try {
      const claimed = await create('reversi', ['ann', 'bob'], { timeControl: { perMoveSeconds: 3600 } });
      const raced = await create('reversi', ['ann', 'bob'], {
        timeControl: { perMoveSeconds: 3600 },
        onTimeout: 'random',
      });
      clock.advance(HOUR + 1);
      other.clock.advance(clock.now().getTime() - other.clock.now().getTime() + 5);
      await Promise.all([sweep(), other.app.get(ClockScheduler).sweep(), sweep()]);
      expect(await types('reversi', claimed.id)).toEqual(['TimedOut:0']);
      // Past the claim, straight at the version guard: still one TimedOut and one server move.
      const engine = (await import('../src/engine/reversi')).reversiEngine;
      await Promise.all([
        app.get(ClockScheduler).applyDue(engine, raced.id),
        other.app.get(ClockScheduler).applyDue(engine, raced.id),
      ]);
      expect(await types('reversi', raced.id)).toEqual(['TimedOut:0', 'MoveMade:0']);
    } finally {
      await other.app.close();
    }
  });
});

describe('clocks and webhooks in the OpenAPI document', () => {
  it('documents the create fields, the clock, left seats, TimedOut, TIMED_OUT and the delivery history', async () => {
    const { app } = await startTimedApp();
    try {
      const spec = (await new Client(app).http.get('/openapi.json').expect(200)).body;
      const schemas = spec.components.schemas;
      // The shapes are named components (issue 8's contract): follow each route's $ref to its schema.
      const named = (schema: { $ref?: string }): Body =>
        schemas[(schema.$ref as string).replace('#/components/schemas/', '')];
      const create = spec.paths['/games/qwirkle/matches'].post;
      expect(Object.keys(named(create.requestBody.content['application/json'].schema).properties)).toEqual(
        expect.arrayContaining(['timeControl', 'onTimeout', 'webhooks']),
      );
      expect(named(create.responses['201'].content['application/json'].schema).properties).toHaveProperty(
        'webhookSecret',
      );
      const match = named(
        spec.paths['/games/qwirkle/matches/{id}'].get.responses['200'].content['application/json'].schema,
      );
      expect(match.required).toContain('clock');
      expect(Object.keys(named(match.properties.clock).properties)).toEqual(['deadlineAt', 'remainingMs']);
      expect(named(match.properties.players.items).properties).toHaveProperty('left');
      const log = named(
        spec.paths['/games/qwirkle/matches/{id}/moves'].get.responses['200'].content['application/json'].schema,
      );
      expect(named(named(log.properties.entries.items).properties.type).enum).toContain('TimedOut');
      expect(spec.components.schemas.Error.properties.code.enum).toContain('TIMED_OUT');
      expect(spec.paths['/games/reversi/matches/{id}/moves'].post.responses['409'].description).toContain('TIMED_OUT');
      const deliveries = spec.paths['/games/{game}/matches/{id}/webhook-deliveries'].get;
      expect(named(deliveries.responses['200'].content['application/json'].schema).properties).toHaveProperty(
        'deliveries',
      );
      expect(Object.keys(deliveries.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    } finally {
      await app.close();
    }
  });
});
