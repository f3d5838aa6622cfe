/**
 * The stream's names and the log page's turn (issue 26, docs/api.md "Waiting for your turn"): every type the
 * log holds is listed and described in the spec, and reaches a stream under that name; a log page (long-poll
 * included) says the match's status and whose turn it is. Every stream event here is also checked against the
 * spec by test/support/spec-setup.ts (its name and data), so an event type the spec does not list fails.
 *
 * On a database of its own: the test moves its app's clock hours ahead to fire a clock and the abandon sweep.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ClockScheduler } from '../src/clocks/clock.scheduler';
import { EVENT_TYPES } from '../src/matches/event-types';
import { ExpiryService } from '../src/matches/expiry.service';
import { Client } from './support/client';
import { scratchDatabase } from './support/scratch-db';
import { SeatsClient } from './support/seats';
import { SseClient, baseUrl } from './support/sse';
import { startTimedApp, type TestClock } from './support/timed-app';

const HOUR = 3_600_000;

describe("the stream's event names and the log page's turn", () => {
  let app: NestFastifyApplication;
  let clock: TestClock;
  let client: Client;
  let seats: SeatsClient;
  let url: string;
  let scratch: { url: string; drop(): Promise<void> };
  const streams: SseClient[] = [];
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_stream_contract');
    ({ app, clock } = await startTimedApp({ databaseUrl: scratch.url, abandonedIdleSeconds: 5 * 3600 }));
    client = new Client(app);
    seats = new SeatsClient(client);
    url = await baseUrl(app);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await app?.close();
    await scratch?.drop();
  });
  const open = async (id: string): Promise<SseClient> => {
    const s = await SseClient.open(`${url}/games/reversi/matches/${id}/events?after=0`);
    streams.push(s);
    return s;
  };

  it("lists every event type, each described, as the log entry's type and every game stream's event", async () => {
    const spec = (await client.http.get('/openapi.json').expect(200)).body;
    const type = spec.components.schemas.MatchEventType;
    expect(type.enum).toEqual([...EVENT_TYPES]);
    expect(type['x-enum-descriptions']).toHaveLength(EVENT_TYPES.length);
    for (const [i, t] of EVENT_TYPES.entries()) {
      expect(type.description).toContain(`\`${t}\`:`);
      expect(type['x-enum-descriptions'][i].length).toBeGreaterThan(10);
    }
    const games = (await client.http.get('/games').expect(200)).body.games.map((g: { id: string }) => g.id);
    for (const game of games) {
      const events = spec.paths[`/games/${game}/matches/{id}/events`].get;
      const name = `${game[0]!.toUpperCase()}${game.slice(1)}`;
      expect(events.responses['200'].content['text/event-stream'].schema.items.$ref).toBe(
        `#/components/schemas/${name}StreamEvent`,
      );
      expect(spec.components.schemas[`${name}StreamEvent`].properties.event.$ref).toBe(
        '#/components/schemas/MatchEventType',
      );
      for (const t of EVENT_TYPES) expect(events.description).toContain(t);
      const entry = spec.components.schemas[`${name}LogEntry`];
      expect(entry.properties.type.$ref).toBe('#/components/schemas/MatchEventType');
    }
  });

  it('sends every type the log holds under its own name: SeatJoined, MoveMade, TimedOut, PlayerResigned, MatchAborted', async () => {
    // A: an open seat joined, a move, then the clock runs out for the joiner.
    const a = await seats.create('reversi', ['ann', null], { timeControl: { perMoveSeconds: 3600 } });
    const aStream = await open(a.id);
    const joined = await seats.join('reversi', a.id, { name: 'bob' }).expect(200);
    await client.move('reversi', a.id, a.seats[0]!.token, { square: 'd3' }, 1).expect(200);
    // B: resigned. C: left idle, then aborted by the abandon sweep.
    const b = await client.create('reversi', ['ann', 'bob']);
    const bStream = await open(b.id);
    await client.http
      .post(`/games/reversi/matches/${b.id}/resign`)
      .set('Authorization', `Bearer ${b.seats[1]!.token}`)
      .send({})
      .expect(200);
    const c = await client.create('reversi', ['ann', 'bob']);
    const cStream = await open(c.id);

    clock.advance(HOUR + 1000);
    await app.get(ClockScheduler).sweep();
    clock.advance(5 * HOUR);
    await app.get(ExpiryService).sweep();

    await aStream.untilEvents(3);
    await bStream.untilEvents(1);
    await cStream.untilEvents(1);
    expect(aStream.events.map((e) => e.event)).toEqual(['SeatJoined', 'MoveMade', 'TimedOut']);
    expect(aStream.data.map((d) => [d.entry.type, d.entry.seat])).toEqual([
      ['SeatJoined', joined.body.seat],
      ['MoveMade', 0],
      ['TimedOut', 1],
    ]);
    expect(bStream.events.map((e) => e.event)).toEqual(['PlayerResigned']);
    expect(cStream.events.map((e) => e.event)).toEqual(['MatchAborted']);
    const heard = new Set([aStream, bStream, cStream].flatMap((s) => s.events.map((e) => e.event)));
    expect([...heard].sort()).toEqual([...EVENT_TYPES].sort());
    // Each event's name is its entry's type, and its data the entry and the match just after it.
    for (const s of [aStream, bStream, cStream]) {
      s.events.forEach((e, i) => {
        expect(s.data[i]!.entry.type).toBe(e.event);
        expect(s.data[i]!.match.version).toBe(Number(e.id));
      });
    }
  });

  it('a log page answers the status and the seats to move as of its last entry; a long-poll the same, so one read per turn', async () => {
    const m = await client.create('reversi', ['ann', 'bob']);
    const [black, white] = m.seats;
    const empty = (await client.log('reversi', m.id, black!.token).expect(200)).body;
    expect(empty).toMatchObject({ version: 0, status: 'active', toMove: [0], entries: [], nextAfter: null });

    // White long-polls for its turn; black moves: the page that wakes white says it is white's turn.
    const waiting = client.log('reversi', m.id, white!.token, '?after=0&wait=20');
    await new Promise((r) => setTimeout(r, 100));
    await client.move('reversi', m.id, black!.token, { square: 'd3' }, 0).expect(200);
    const woken = (await waiting.expect(200)).body;
    expect(woken).toMatchObject({ version: 1, status: 'active', toMove: [1], nextAfter: null });
    expect(woken.entries.map((e: { seq: number }) => e.seq)).toEqual([1]);

    const reply = (await client.legal('reversi', m.id, white!.token).expect(200)).body.moves[0];
    await client.move('reversi', m.id, white!.token, reply, 1).expect(200);
    // A page that stops short of the end says the turn as of its own last entry, not the match's now.
    const first = (await client.log('reversi', m.id, undefined, '?after=0&limit=1').expect(200)).body;
    expect(first).toMatchObject({ version: 2, status: 'active', toMove: [1], nextAfter: 1 });
    const rest = (await client.log('reversi', m.id, undefined, '?after=1').expect(200)).body;
    expect(rest).toMatchObject({ version: 2, status: 'active', toMove: [0], nextAfter: null });

    await client.http
      .post(`/games/reversi/matches/${m.id}/resign`)
      .set('Authorization', `Bearer ${black!.token}`)
      .send({})
      .expect(200);
    const over = (await client.log('reversi', m.id, undefined, '?after=2&wait=5').expect(200)).body;
    expect(over).toMatchObject({ version: 3, status: 'finished', toMove: [] });
    expect(over.entries.map((e: { type: string }) => e.type)).toEqual(['PlayerResigned']);
  });
});
