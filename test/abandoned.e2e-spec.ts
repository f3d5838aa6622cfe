/**
 * Clean-up of abandoned matches (issue 15): an active match with no event for ABANDONED_MATCH_IDLE_SECONDS is
 * aborted by the expiry sweep, through an event, never a delete. On a database of its own: the sweep reads
 * every match, and moving the clock on would abandon the other files' matches too.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import { createApp } from '../src/app';
import { CLOCK, type Clock } from '../src/common/clock';
import { configFromEnv } from '../src/common/config';
import { ExpiryService } from '../src/matches/expiry.service';
import { Client } from './support/client';
import { scratchDatabase } from './support/scratch-db';
import { SeatsClient } from './support/seats';

const IDLE = 3600;

describe('abandoned matches', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let app: NestFastifyApplication;
  let client: Client;
  let clock: Clock;
  let realNow: () => Date;
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_abandoned');
    app = await createApp(
      {
        ...configFromEnv(),
        databaseUrl: scratch.url,
        poolSize: 2,
        rateLimitPerMinute: 0,
        expirySweepSeconds: 0,
        abandonedIdleSeconds: IDLE,
      },
      false,
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    client = new Client(app);
    clock = app.get(CLOCK);
    realNow = clock.now.bind(clock);
  });
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });
  const at = (offsetSeconds: number) => {
    const t = new Date(realNow().getTime() + offsetSeconds * 1000);
    clock.now = () => t;
  };

  it('aborts active matches idle for the configured time, through the log, once, and leaves the others', async () => {
    const seats = new SeatsClient(client);
    const moved = await client.create('reversi', ['a', 'b']);
    await client.move('reversi', moved.id, moved.seats[0]?.token, { square: 'd3' }, 0).expect(200);
    const fresh = await client.create('reversi', ['a', 'b']);
    const finished = await client.create('reversi', ['a', 'b']);
    await client.http
      .post(`/games/reversi/matches/${finished.id}/resign`)
      .set('Authorization', `Bearer ${finished.seats[0]?.token}`)
      .send({})
      .expect(200);
    const waiting = await seats.create('reversi', ['a', null]);
    // A clock times its match out by itself (here after a year): it is never abandoned.
    const clocked = await client.http
      .post('/games/reversi/matches')
      .send({ players: [{ name: 'a' }, { name: 'b' }], timeControl: { perMoveSeconds: 31_536_000 } })
      .expect(201);
    const expiry = app.get(ExpiryService);

    at(IDLE - 60);
    expect(await expiry.sweep()).toBe(0);
    at(IDLE + 60);
    expect(await expiry.sweep()).toBe(2);
    for (const m of [moved, fresh]) {
      const body = (await client.get('reversi', m.id).expect(200)).body;
      expect(body).toMatchObject({ status: 'aborted', outcome: null, toMove: [] });
      const log = (await client.log('reversi', m.id).expect(200)).body.entries as {
        seq: number;
        type: string;
        seat: number | null;
      }[];
      expect(log[log.length - 1]).toMatchObject({ seq: body.version, seat: null, type: 'MatchAborted' });
    }
    expect(
      (await client.log('reversi', moved.id).expect(200)).body.entries.map((e: { type: string }) => e.type),
    ).toEqual(['MoveMade', 'MatchAborted']);
    expect((await client.get('reversi', finished.id).expect(200)).body.status).toBe('finished');
    expect((await client.get('reversi', waiting.id).expect(200)).body.status).toBe('waiting');
    expect((await client.get('reversi', clocked.body.id).expect(200)).body.status).toBe('active');
    const late = await client.move('reversi', fresh.id, fresh.seats[0]?.token, { square: 'd3' }, 1);
    expect([late.status, late.body.code]).toEqual([409, 'GAME_OVER']);

    // Aborted once, however many sweeps follow.
    at(2 * IDLE);
    expect(await expiry.sweep()).toBe(0);
    expect((await client.get('reversi', moved.id).expect(200)).body.version).toBe(2);
  });

  it('counts idle time from the last event, not from creation', async () => {
    clock.now = realNow;
    const m = await client.create('reversi', ['a', 'b']);
    const db = new Pool({ connectionString: scratch.url, max: 1 });
    try {
      // Created long ago, moved just now: the match's last event is what counts.
      await db.query(`UPDATE "Match" SET "createdAt" = now() - interval '10 days' WHERE "id" = $1`, [m.id]);
      await client.move('reversi', m.id, m.seats[0]?.token, { square: 'd3' }, 0).expect(200);
      at(IDLE - 60);
      expect(await app.get(ExpiryService).sweep()).toBe(0);
      at(IDLE + 60);
      expect(await app.get(ExpiryService).sweep()).toBe(1);
      expect((await client.get('reversi', m.id).expect(200)).body).toMatchObject({ status: 'aborted', version: 2 });
      const stored = await db.query(`SELECT "type", "payload" FROM "MatchEvent" WHERE "matchId" = $1 AND "seq" = 2`, [
        m.id,
      ]);
      expect(stored.rows).toEqual([{ type: 'MatchAborted', payload: { reason: 'abandoned' } }]);
    } finally {
      await db.end();
    }
  });
});
