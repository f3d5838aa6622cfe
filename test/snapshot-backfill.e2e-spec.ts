/**
 * Issue 25, L5: a long log written before snapshots existed (here: straight into the store, without any) is
 * given its snapshots by the start-up pass, so its first read folds only the tail, as any other read does.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EVENT_STORE, type EventStore } from '../src/matches/event-store.port';
import { SnapshotBackfill } from '../src/matches/snapshot-backfill';
import { SNAPSHOT_EVERY } from '../src/matches/snapshots';
import { startApp } from './support/app';
import { Client } from './support/client';
import { useApp } from './support/harness';
import { appendQwirkleExchanges } from './support/long-log';

/** Counts the events an app instance reads from its store: the events a read replays. */
function countEventsRead(app: NestFastifyApplication): { rows: number } {
  const store = app.get<EventStore>(EVENT_STORE);
  const counted = { rows: 0 };
  const events = store.events.bind(store);
  jest.spyOn(store, 'events').mockImplementation(async (...args) => {
    const rows = await events(...args);
    counted.rows += rows.length;
    return rows;
  });
  return counted;
}

describe('the first read of an old long log', () => {
  const h = useApp();
  const LONG = 3000;

  it('replays only the tail: the start-up pass stored the snapshots the log lacked', async () => {
    const long = await h.client.create('qwirkle', ['a', 'b'], { maxTurns: 100_000 });
    await appendQwirkleExchanges(h.db.pool, long.id, LONG);

    // A server starts: its pass finds the log without snapshots and stores them, before anyone reads it.
    const cold = await startApp();
    try {
      await cold.get(SnapshotBackfill).run(); // joins the pass that started with the app
      const snaps = await h.db.pool.query('SELECT "seq" FROM "MatchSnapshot" WHERE "matchId" = $1 ORDER BY "seq"', [
        long.id,
      ]);
      const every = Array.from({ length: Math.floor(LONG / SNAPSHOT_EVERY) }, (_, i) => (i + 1) * SNAPSHOT_EVERY);
      expect(snaps.rows.map((r: { seq: number }) => r.seq)).toEqual(every);

      const counted = countEventsRead(cold);
      const client = new Client(cold);
      const first = await client.get('qwirkle', long.id).expect(200);
      expect(first.body.version).toBe(LONG);
      expect(counted.rows).toBe(LONG % SNAPSHOT_EVERY); // the tail after the last snapshot, not 3000
    } finally {
      await cold.close();
    }

    // And a read on another cold instance replays the same tail.
    const again = await startApp();
    try {
      const counted = countEventsRead(again);
      await new Client(again).get('qwirkle', long.id).expect(200);
      expect(counted.rows).toBe(LONG % SNAPSHOT_EVERY);
    } finally {
      await again.close();
    }
  });
});
