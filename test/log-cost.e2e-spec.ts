import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { reversiEngine } from '../src/engine/reversi';
import { EVENT_STORE, type EventStore } from '../src/matches/event-store.port';
import { MatchService } from '../src/matches/match.service';
import { SNAPSHOT_EVERY } from '../src/matches/snapshots';
import { startApp } from './support/app';
import { Client } from './support/client';
import { useApp } from './support/harness';
import { appendQwirkleExchanges } from './support/long-log';

/** Counts the events an app instance reads from its store. */
function countEventsRead(app: NestFastifyApplication): { rows: number; calls: number[] } {
  const store = app.get<EventStore>(EVENT_STORE);
  const counted = { rows: 0, calls: [] as number[] };
  const events = store.events.bind(store);
  jest.spyOn(store, 'events').mockImplementation(async (...args) => {
    const rows = await events(...args);
    counted.rows += rows.length;
    counted.calls.push(args[1] ?? 0);
    return rows;
  });
  return counted;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

describe('reads that cost what they return', () => {
  const h = useApp();
  const SHORT = 200;
  const LONG = 20_000;
  let short: { id: string; seats: { token: string }[] };
  let long: { id: string; seats: { token: string }[] };

  beforeAll(async () => {
    short = await h.client.create('qwirkle', ['a', 'b'], { maxTurns: 100_000 });
    long = await h.client.create('qwirkle', ['a', 'b'], { maxTurns: 100_000 });
    await appendQwirkleExchanges(h.db.pool, short.id, SHORT);
    await appendQwirkleExchanges(h.db.pool, long.id, LONG);
    // These logs were written without snapshots (straight into the store): the first read folds each log
    // once and stores its snapshots, as it would for a match written before snapshots existed.
    await h.client.log('qwirkle', long.id, undefined, '?limit=1').expect(200);
    await h.client.log('qwirkle', short.id, undefined, '?limit=1').expect(200);
  }, 120_000);

  it('reads about a page of events on a cold instance, whatever the length of the match', async () => {
    const cold = await startApp();
    try {
      const counted = countEventsRead(cold);
      const client = new Client(cold);
      for (const [id, n] of [
        [short.id, SHORT],
        [long.id, LONG],
      ] as const) {
        for (const query of [
          '?limit=1',
          `?after=${n / 2 + 7}&limit=100`,
          `?after=${n - 100}&limit=100`,
          `?after=${n}`,
        ]) {
          counted.rows = 0;
          const page = await client.log('qwirkle', id, undefined, query).expect(200);
          // The now-state (nearest snapshot + at most 63 events, or the cache) and the page (same, plus the page).
          expect(counted.rows).toBeLessThanOrEqual(2 * SNAPSHOT_EVERY + 100);
          const same = await h.client.log('qwirkle', id, undefined, query).expect(200);
          expect(page.body).toEqual(same.body);
        }
        // A past version (the pages' replay stepper) folds from the nearest snapshot too.
        counted.rows = 0;
        const past = await client.http.get(`/games/qwirkle/matches/${id}?version=${n / 2 + 7}`).expect(200);
        expect(past.body.version).toBe(n / 2 + 7);
        expect(counted.rows).toBeLessThanOrEqual(SNAPSHOT_EVERY + 1);
      }
    } finally {
      await cold.close();
    }
  });

  it('replays an idempotent retry from the nearest snapshot, not from event 1', async () => {
    const seat = (await h.client.get('qwirkle', long.id).expect(200)).body.toMove[0] as number;
    const mine = await h.client.get('qwirkle', long.id, long.seats[seat]?.token).expect(200);
    const tile = (mine.body.view.hand as unknown[])[0];
    const send = (client: Client) =>
      client.http
        .post(`/games/qwirkle/matches/${long.id}/moves`)
        .set('Authorization', `Bearer ${long.seats[seat]?.token}`)
        .set('Idempotency-Key', 'long-1')
        .send({ move: { type: 'exchange', tiles: [tile] }, expectedVersion: LONG });
    const first = await send(h.client).expect(200);
    const cold = await startApp();
    try {
      const counted = countEventsRead(cold);
      const again = await send(new Client(cold)).expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(counted.rows).toBeLessThanOrEqual(2 * SNAPSHOT_EVERY);
    } finally {
      await cold.close();
    }
  });

  it('takes a page of a long match in the same order of time as one of a short match (a ratio, printed)', async () => {
    const time = async (id: string, query: string): Promise<number> => {
      const samples: number[] = [];
      for (let i = 0; i < 9; i++) {
        const t = performance.now();
        await h.client.log('qwirkle', id, undefined, query).expect(200);
        samples.push(performance.now() - t);
      }
      return median(samples);
    };
    const ratios = [];
    for (const page of [(_n: number) => '?limit=1', (n: number) => `?after=${n / 2}&limit=100`]) {
      const s = await time(short.id, page(SHORT));
      const l = await time(long.id, page(LONG));
      ratios.push(l / s);
      process.stdout.write(
        `log page ${page(LONG)}: ${LONG}-event match ${l.toFixed(2)} ms, ${SHORT}-event match ${s.toFixed(2)} ms: ratio ${(l / s).toFixed(2)}\n`,
      );
    }
    // A fold of the whole long log would be about LONG / SHORT = 100 times the short one; the bound is loose.
    for (const r of ratios) expect(r).toBeLessThan(20);
  });

  it('never throws away a newer cached state: a read that raced a write uses it and replays nothing', async () => {
    const service = h.app.get(MatchService);
    const store = h.app.get<EventStore>(EVENT_STORE);
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200); // cached at version 1
    const before = await store.loadMatch(id);
    const stale = { match: { ...before!.match, version: 0, status: 'active' as const }, seat: null };
    jest.spyOn(store, 'loadMatch').mockResolvedValueOnce(stale); // the row as a read that started before the write saw it
    const events = jest.spyOn(store, 'events');
    const seen = await service.get(reversiEngine, id, undefined);
    expect(seen.version).toBe(1);
    expect(events).not.toHaveBeenCalled();
    events.mockRestore();
  });
});
