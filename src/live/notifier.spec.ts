import { AppendedEvents } from '../matches/appended';
import type { Database } from '../store/database';
import { liveConfigFromEnv } from './live-config';
import type { HintBus } from './hint-bus';
import { MatchNotifier } from './notifier';

const MATCH = '0b8f3c1e-4a43-4c8e-9a57-3f3f0c0d0e01';
const OTHER = '7d2d7a52-1b1c-4d1e-8f00-aa00bb00cc02';

function fakes(shared: boolean) {
  const published: string[] = [];
  let deliver: (payload: string) => void = () => undefined;
  const db = { kind: shared ? 'postgres' : 'pglite', query: jest.fn(async () => []) } as unknown as Database;
  const bus: HintBus | null = shared
    ? {
        publish: async (payload) => void published.push(payload),
        subscribe: async (onPayload) => {
          deliver = onPayload;
          return { close: async () => undefined };
        },
      }
    : null;
  return { db, bus, published, deliver: (payload: string) => deliver(payload) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('MatchNotifier', () => {
  it('without a bus (the embedded PGlite, one process) wakes local waiters at once and publishes nothing', async () => {
    const appended = new AppendedEvents();
    const { db, bus, published } = fakes(false);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    await notifier.onModuleInit();
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    appended.emit(MATCH, 3);
    appended.emit(OTHER, 9);
    expect(hints).toEqual([3]);
    await tick();
    expect(published).toEqual([]);
    await notifier.onModuleDestroy();
  });

  it('with a bus (Postgres) tells the other instances in one hint per event-loop turn, and skips its own when they come back', async () => {
    const appended = new AppendedEvents();
    const { db, bus, published, deliver } = fakes(true);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    await notifier.onModuleInit();
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    appended.emit(MATCH, 1);
    appended.emit(OTHER, 5);
    appended.emit(MATCH, 2);
    expect(hints).toEqual([1, 2]); // at once, in process
    await tick();
    expect(published).toHaveLength(1);
    const payload = published[0] as string;
    expect(payload.split(' ').slice(1)).toEqual([`${MATCH}:1`, `${OTHER}:5`, `${MATCH}:2`]);

    deliver(payload); // our own notification, back from Postgres
    expect(hints).toEqual([1, 2]);
    deliver(`someone-else ${OTHER}:6 ${MATCH}:7`);
    expect(hints).toEqual([1, 2, 7]);
    await notifier.onModuleDestroy();
  });

  it('splits a large burst over several payloads under the 8000-byte NOTIFY limit', async () => {
    const appended = new AppendedEvents();
    const { db, bus, published } = fakes(true);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    await notifier.onModuleInit();
    for (let seq = 1; seq <= 500; seq++) appended.emit(MATCH, seq);
    await tick();
    const payloads = published;
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => p.split(' ').slice(1))).toEqual(Array.from({ length: 500 }, (_, i) => `${MATCH}:${i + 1}`));
    await notifier.onModuleDestroy();
  });

  it('re-reads every watched match\'s version on the periodic re-check', async () => {
    const appended = new AppendedEvents();
    const { db, bus } = fakes(true);
    (db.query as jest.Mock).mockImplementation(async (sql: string) => (sql.includes('ANY') ? [{ id: MATCH, version: 4 }] : []));
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    await notifier.recheck();
    expect(hints).toEqual([4]);
  });
});
