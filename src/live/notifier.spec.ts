import { AppendedEvents } from '../matches/appended';
import type { Database } from '../store/database';
import { liveConfigFromEnv } from './live-config';
import { EVENTS_CHANNEL, MatchNotifier } from './notifier';

const MATCH = '0b8f3c1e-4a43-4c8e-9a57-3f3f0c0d0e01';
const OTHER = '7d2d7a52-1b1c-4d1e-8f00-aa00bb00cc02';

function fakeDb(shared: boolean) {
  const notified: unknown[][] = [];
  let deliver: (payload: string) => void = () => undefined;
  const db = {
    kind: shared ? 'postgres' : 'pglite',
    query: jest.fn(async (sql: string, params?: unknown[]) => {
      if (sql.includes('pg_notify')) notified.push(params ?? []);
      return [];
    }),
    ...(shared
      ? {
          listen: jest.fn(async (_channel: string, onPayload: (payload: string) => void) => {
            deliver = onPayload;
            return { close: async () => undefined };
          }),
        }
      : {}),
  } as unknown as Database;
  return { db, notified, deliver: (payload: string) => deliver(payload) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('MatchNotifier', () => {
  it('on the embedded PGlite (one process) wakes local waiters at once and sends no NOTIFY', async () => {
    const appended = new AppendedEvents();
    const { db, notified } = fakeDb(false);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended);
    await notifier.onModuleInit();
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    appended.emit(MATCH, 3);
    appended.emit(OTHER, 9);
    expect(hints).toEqual([3]);
    await tick();
    expect(notified).toEqual([]);
    await notifier.onModuleDestroy();
  });

  it('on Postgres tells the other instances in one NOTIFY per event-loop turn, and skips its own when they come back', async () => {
    const appended = new AppendedEvents();
    const { db, notified, deliver } = fakeDb(true);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended);
    await notifier.onModuleInit();
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    appended.emit(MATCH, 1);
    appended.emit(OTHER, 5);
    appended.emit(MATCH, 2);
    expect(hints).toEqual([1, 2]); // at once, in process
    await tick();
    expect(notified).toHaveLength(1);
    const [channel, payload] = notified[0] as [string, string];
    expect(channel).toBe(EVENTS_CHANNEL);
    expect(payload.split(' ').slice(1)).toEqual([`${MATCH}:1`, `${OTHER}:5`, `${MATCH}:2`]);

    deliver(payload as string); // our own notification, back from Postgres
    expect(hints).toEqual([1, 2]);
    deliver(`someone-else ${OTHER}:6 ${MATCH}:7`);
    expect(hints).toEqual([1, 2, 7]);
    await notifier.onModuleDestroy();
  });

  it('splits a large burst over several NOTIFY payloads under the 8000-byte limit', async () => {
    const appended = new AppendedEvents();
    const { db, notified } = fakeDb(true);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended);
    await notifier.onModuleInit();
    for (let seq = 1; seq <= 500; seq++) appended.emit(MATCH, seq);
    await tick();
    const payloads = notified.map((p) => p[1] as string);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => p.split(' ').slice(1))).toEqual(Array.from({ length: 500 }, (_, i) => `${MATCH}:${i + 1}`));
    await notifier.onModuleDestroy();
  });

  it('re-reads every watched match\'s version on the periodic re-check', async () => {
    const appended = new AppendedEvents();
    const { db } = fakeDb(true);
    (db.query as jest.Mock).mockImplementation(async (sql: string) => (sql.includes('ANY') ? [{ id: MATCH, version: 4 }] : []));
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended);
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    await notifier.recheck();
    expect(hints).toEqual([4]);
  });
});
