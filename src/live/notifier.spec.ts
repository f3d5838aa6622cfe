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
/** The hints of a list of payloads, without the presence items (`here`, `here?`). */
const hintPayloads = (payloads: string[]) => payloads.filter((p) => !/ here\??$/.test(p));

/** A bus in memory that, like Postgres NOTIFY, delivers every payload to every subscriber, its sender included. */
function sharedBus() {
  const subscribers = new Set<(payload: string) => void>();
  const published: string[] = [];
  const bus: HintBus = {
    publish: async (payload) => {
      published.push(payload);
      await Promise.resolve();
      for (const s of subscribers) s(payload);
    },
    subscribe: async (onPayload) => {
      subscribers.add(onPayload);
      return { close: async () => void subscribers.delete(onPayload) };
    },
  };
  return { bus, published };
}
const db = { kind: 'postgres', query: jest.fn(async () => []) } as unknown as Database;

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
    // This fake bus never sends the instance's own `here` back, so its listening is not proven: it hints.
    expect(hintPayloads(published)).toHaveLength(1);
    const payload = hintPayloads(published)[0] as string;
    expect(payload.split(' ').slice(1)).toEqual([`${MATCH}:1`, `${OTHER}:5`, `${MATCH}:2`]);

    deliver(payload); // our own notification, back from Postgres
    expect(hints).toEqual([1, 2]);
    deliver(`someone-else ${OTHER}:6 ${MATCH}:7`);
    expect(hints).toEqual([1, 2, 7]);
    await notifier.onModuleDestroy();
  });

  it("seat hints: wake the player's watchers here and on the other instances; a match hint is not one", async () => {
    const PLAYER = '3c9e1f00-5b2a-4d6e-8f11-cc00dd00ee03';
    const appended = new AppendedEvents();
    const { db, bus, published, deliver } = fakes(true);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    await notifier.onModuleInit();
    const seated: [string, number][] = [];
    const matchHints: number[] = [];
    const stop = notifier.watchSeats(PLAYER, (matchId, seq) => seated.push([matchId, seq]));
    notifier.watch(MATCH, (v) => matchHints.push(v));
    notifier.seated(MATCH, 0, [PLAYER, OTHER]);
    expect(seated).toEqual([[MATCH, 0]]); // at once, in process; OTHER is not watched here
    await tick();
    const payload = hintPayloads(published)[0] as string;
    expect(payload.split(' ').slice(1)).toEqual([`${MATCH}:0:${PLAYER}`, `${MATCH}:0:${OTHER}`]);
    deliver(payload); // our own, back from Postgres
    expect(seated).toEqual([[MATCH, 0]]);
    deliver(`someone-else ${OTHER}:3:${PLAYER} ${MATCH}:4`);
    expect(seated).toEqual([
      [MATCH, 0],
      [OTHER, 3],
    ]);
    expect(matchHints).toEqual([4]);
    stop();
    deliver(`someone-else ${MATCH}:5:${PLAYER}`);
    expect(seated).toHaveLength(2);
    await notifier.onModuleDestroy();
  });

  it('splits a large burst over several payloads under the 8000-byte NOTIFY limit', async () => {
    const appended = new AppendedEvents();
    const { db, bus, published } = fakes(true);
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    await notifier.onModuleInit();
    for (let seq = 1; seq <= 500; seq++) appended.emit(MATCH, seq);
    await tick();
    const payloads = hintPayloads(published);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => p.split(' ').slice(1))).toEqual(
      Array.from({ length: 500 }, (_, i) => `${MATCH}:${i + 1}`),
    );
    await notifier.onModuleDestroy();
  });

  describe('presence: hints only while another instance listens', () => {
    afterEach(() => jest.useRealTimers());

    it('alone (its own `here?` came back, nobody answered) publishes no hint, and still wakes its own waiters', async () => {
      const { bus, published } = sharedBus();
      const appended = new AppendedEvents();
      const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
      await notifier.onModuleInit();
      await tick();
      expect(published).toEqual([expect.stringMatching(/ here\?$/)]);
      expect(notifier.othersListening).toBe(false);
      const hints: number[] = [];
      notifier.watch(MATCH, (v) => hints.push(v));
      appended.emit(MATCH, 1);
      await tick();
      expect(hints).toEqual([1]);
      expect(hintPayloads(published)).toEqual([]);
      await notifier.onModuleDestroy();
    });

    it("a second instance is answered at once, and each then gets the other's hints", async () => {
      const { bus, published } = sharedBus();
      const [appendedA, appendedB] = [new AppendedEvents(), new AppendedEvents()];
      const a = new MatchNotifier(db, liveConfigFromEnv({}), appendedA, bus);
      const b = new MatchNotifier(db, liveConfigFromEnv({}), appendedB, bus);
      await a.onModuleInit();
      await tick();
      expect(a.othersListening).toBe(false);
      await b.onModuleInit(); // says `here?`; A answers `here`
      await tick();
      await tick();
      expect(a.othersListening).toBe(true);
      expect(b.othersListening).toBe(true);
      const onB: number[] = [];
      const onA: number[] = [];
      b.watch(MATCH, (v) => onB.push(v));
      a.watch(OTHER, (v) => onA.push(v));
      appendedA.emit(MATCH, 4);
      appendedB.emit(OTHER, 9);
      await tick();
      await tick();
      expect(onB).toEqual([4]);
      expect(onA).toEqual([9]);
      expect(hintPayloads(published)).toHaveLength(2);
      await a.onModuleDestroy();
      await b.onModuleDestroy();
    });

    it('forgets an instance not heard for three periods, and hints again while its own `here` does not come back', async () => {
      jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
      const presenceMs = 1000;
      const config = { ...liveConfigFromEnv({}), presenceMs };
      const published: string[] = [];
      let deliver: (payload: string) => void = () => undefined;
      let echo = true; // whether the bus sends this instance's own payloads back (its listening works)
      const bus: HintBus = {
        publish: async (payload) => {
          published.push(payload);
          if (echo) deliver(payload);
        },
        subscribe: async (onPayload) => {
          deliver = onPayload;
          return { close: async () => undefined };
        },
      };
      const notifier = new MatchNotifier(db, config, new AppendedEvents(), bus);
      await notifier.onModuleInit();
      expect(notifier.othersListening).toBe(false);
      deliver('other-instance here');
      expect(notifier.othersListening).toBe(true);
      jest.advanceTimersByTime(3 * presenceMs); // its own `here` every period; nothing from the other
      expect(notifier.othersListening).toBe(true);
      jest.advanceTimersByTime(presenceMs + 1);
      expect(notifier.othersListening).toBe(false);
      echo = false; // its listening breaks: its own `here` no longer comes back
      jest.advanceTimersByTime(2 * presenceMs + 1);
      expect(notifier.othersListening).toBe(true);
      await notifier.onModuleDestroy();
    });
  });

  it("re-reads every watched match's version on the periodic re-check", async () => {
    const appended = new AppendedEvents();
    const { db, bus } = fakes(true);
    (db.query as jest.Mock).mockImplementation(async (sql: string) =>
      sql.includes('ANY') ? [{ id: MATCH, version: 4 }] : [],
    );
    const notifier = new MatchNotifier(db, liveConfigFromEnv({}), appended, bus);
    const hints: number[] = [];
    notifier.watch(MATCH, (v) => hints.push(v));
    await notifier.recheck();
    expect(hints).toEqual([4]);
  });
});
