/**
 * The crash test (issue 15): the real server in a child process, under moves from concurrent clients on many
 * matches, is killed with SIGKILL (no shutdown hook, no finally runs) and started again on the same database.
 * Nothing acknowledged may be lost, every match must replay, and retries with the same Idempotency-Keys must
 * write nothing twice. The server's own work that was pending at the kill is carried out once after the
 * restart: a clock's timeout, a bot's turn, and every webhook (at least once, one webhook-id per event). The
 * first server runs without its clock sweep and bot runner, so that the timeout and the bot's turn are surely
 * still pending when it dies. Bounded in matches, moves and waits; loopback only; no timing is asserted.
 */
import { GAMES } from '../src/games/games';
import { type Database, openDatabase } from '../src/store/database';
import { type VerifyFailure, verifyLogs } from '../src/verify/verify-logs';
import { Db } from './support/client';
import { Receiver } from './support/receiver';
import { scratchDatabase } from './support/scratch-db';
import { type ServerProcess, startServerProcess } from './support/server-process';
import type { Body } from './support/body';

const MATCHES = 12;
/** Moves a lane makes at most, and the acknowledged moves (over all lanes) after which the server is killed. */
const MOVES_PER_MATCH = 16;
const KILL_AFTER = 60;
/** A short attempt timeout keeps the lease of a webhook attempt cut by the kill short (webhooks.e2e-spec.ts). */
const ENV = {
  RATE_LIMIT_PER_MINUTE: '0',
  EXPIRY_SWEEP_SECONDS: '0',
  LOG_LEVEL: 'info',
  WEBHOOK_ALLOW_PRIVATE: '1',
  WEBHOOK_RETRY_BASE_MS: '50',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
};
const FIRST = { ...ENV, CLOCK_SWEEP_MS: '0', BOT_SWEEP_MS: '0' };
const SECOND = { ...ENV, CLOCK_SWEEP_MS: '50', BOT_SWEEP_MS: '50' };
/** The longest wait for the restarted server's own work (a webhook lease of 2 x 1 s + 5 s runs out well within it). */
const WAIT_MS = 45_000;

/** One move request as a client sent it, and what it saw: a status, or none when the kill cut it off. */
interface Sent {
  readonly matchId: string;
  readonly token: string;
  readonly key: string;
  readonly body: { move: unknown; expectedVersion: number };
  status?: number;
  version?: number;
}

async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  key?: string,
): Promise<{ status: number; body: Body; replayed: boolean }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Body,
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

async function fullLog(base: string, id: string): Promise<Body[]> {
  const entries: Body[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page = await call(base, 'GET', `/games/reversi/matches/${id}/moves?after=${after}`);
    expect(page.status).toBe(200);
    entries.push(...(page.body.entries as Body[]));
    after = page.body.nextAfter as number | null;
  }
  return entries;
}

/** Polls until `done` holds, at most WAIT_MS; answers its last value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${WAIT_MS} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One client playing one match: the seat to move asks for its legal moves and plays the first, each move with its own key. */
async function lane(base: string, m: { id: string; tokens: string[] }, sent: Sent[], acked: () => void): Promise<void> {
  for (let i = 0; i < MOVES_PER_MATCH; i++) {
    const match = await call(base, 'GET', `/games/reversi/matches/${m.id}`);
    if (match.body.status !== 'active') return;
    const token = m.tokens[match.body.toMove[0] as number] as string;
    const legal = await call(base, 'GET', `/games/reversi/matches/${m.id}/legal-moves`, token);
    const s: Sent = {
      matchId: m.id,
      token,
      key: `crash-${m.id}-${i}`,
      body: { move: legal.body.moves[0], expectedVersion: match.body.version as number },
    };
    sent.push(s);
    const res = await call(base, 'POST', `/games/reversi/matches/${m.id}/moves`, token, s.body, s.key);
    s.status = res.status;
    s.version = res.body.version as number | undefined;
    if (res.status !== 200) return;
    acked();
  }
}

describe('a crash under load', () => {
  const servers: ServerProcess[] = [];
  const receiver = new Receiver();
  let db: Db;
  let database: Database;
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  const shared = process.env.DATABASE_URL;
  // A database of its own on the test Postgres: the other files' in-process servers run their background
  // sweeps on the common one, and would do this file's pending work for it. The child servers, Db and verify
  // all read DATABASE_URL, so it points there for this file (each jest worker has its own environment).
  beforeAll(async () => {
    scratch = await scratchDatabase('turnbase_crash');
    process.env.DATABASE_URL = scratch.url;
    db = new Db();
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 2 });
    await receiver.start();
  });
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    await db?.close();
    await database?.close();
    process.env.DATABASE_URL = shared;
    await scratch?.drop();
    await receiver.stop();
  });

  it('loses no acknowledged move, replays every match, writes nothing twice on retries, and carries out pending work once', async () => {
    const first = await startServerProcess(FIRST);
    servers.push(first);
    const webhooks = [{ url: receiver.url() }];
    const matches: { id: string; tokens: string[] }[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const created = await call(first.base, 'POST', '/games/reversi/matches', undefined, {
        players: [{ name: 'a' }, { name: 'b' }],
        webhooks,
      });
      expect(created.status).toBe(201);
      matches.push({
        id: created.body.id as string,
        tokens: (created.body.seats as Body[]).map((s) => s.token as string),
      });
    }
    // A clock whose deadline comes while the first server cannot see it, and a bot seat to move.
    const clocked = await call(first.base, 'POST', '/games/reversi/matches', undefined, {
      players: [{ name: 'a' }, { name: 'b' }],
      timeControl: { perMoveSeconds: 1 },
      onTimeout: 'forfeit',
      webhooks,
    });
    expect(clocked.status).toBe(201);
    const botMatch = await call(first.base, 'POST', '/games/reversi/matches', undefined, {
      players: [{ name: 'ann' }, { bot: 'greedy' }],
      webhooks,
    });
    expect(botMatch.status).toBe(201);
    const ann = (botMatch.body.seats as Body[])[0]?.token as string;
    expect(
      (
        await call(first.base, 'POST', `/games/reversi/matches/${botMatch.body.id}/moves`, ann, {
          move: { square: 'd3' },
          expectedVersion: 0,
        })
      ).status,
    ).toBe(200);

    // Load, and the kill while the lanes are still sending: a lane stops at its first failed request.
    const sent: Sent[] = [];
    let acks = 0;
    let killed: Promise<void> | undefined;
    const lanes = matches.map((m) =>
      lane(first.base, m, sent, () => {
        if (++acks === KILL_AFTER) killed = first.kill9();
      }).catch(() => undefined),
    );
    await Promise.all(lanes);
    expect(killed).toBeDefined();
    await killed;
    const acknowledged = sent.filter((s) => s.status === 200);
    const inFlight = sent.filter((s) => s.status === undefined);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // Every other answer before the kill was a 200: the load itself is legal.
    expect(sent.filter((s) => s.status !== undefined && s.status !== 200)).toEqual([]);

    // Still pending at the kill: no timeout written, the bot not yet moved.
    expect(await db.eventCount(clocked.body.id as string)).toBe(0);
    expect(await db.eventCount(botMatch.body.id as string)).toBe(1);

    const second = await startServerProcess(SECOND);
    servers.push(second);

    // Every acknowledged move is in the log, at the version its answer gave; every match replays.
    const before = new Map<string, number>();
    for (const m of matches) {
      const match = await call(second.base, 'GET', `/games/reversi/matches/${m.id}`);
      expect(match.status).toBe(200);
      const log = await fullLog(second.base, m.id);
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      expect(match.body.version).toBe(log.length);
      const mine = acknowledged.filter((s) => s.matchId === m.id);
      for (const s of mine)
        expect(log[(s.version as number) - 1]).toMatchObject({ type: 'MoveMade', move: s.body.move });
      // At most the one move in flight at the kill was committed beyond what was acknowledged.
      const unread = inFlight.filter((s) => s.matchId === m.id).length;
      expect(log.length).toBeGreaterThanOrEqual(mine.length);
      expect(log.length).toBeLessThanOrEqual(mine.length + unread);
      expect(await db.eventCount(m.id)).toBe(log.length);
      before.set(m.id, log.length);
    }

    // Retry everything: an acknowledged move answers the same again, replayed, and writes nothing.
    for (const s of acknowledged) {
      const again = await call(
        second.base,
        'POST',
        `/games/reversi/matches/${s.matchId}/moves`,
        s.token,
        s.body,
        s.key,
      );
      expect([again.status, again.replayed, again.body.version]).toEqual([200, true, s.version]);
    }
    for (const m of matches) expect(await db.eventCount(m.id)).toBe(before.get(m.id));
    // An in-flight move is either replayed (it was committed) or made now, once; a second retry only replays it.
    for (const s of inFlight) {
      const retry = await call(
        second.base,
        'POST',
        `/games/reversi/matches/${s.matchId}/moves`,
        s.token,
        s.body,
        s.key,
      );
      expect(retry.status).toBe(200);
      const committed = (before.get(s.matchId) as number) > s.body.expectedVersion;
      expect(retry.replayed).toBe(committed);
      expect(retry.body.version).toBe(s.body.expectedVersion + 1);
      const again = await call(
        second.base,
        'POST',
        `/games/reversi/matches/${s.matchId}/moves`,
        s.token,
        s.body,
        s.key,
      );
      expect([again.status, again.replayed, again.body.version]).toEqual([200, true, s.body.expectedVersion + 1]);
    }
    for (const m of matches) {
      const version = Math.max(
        before.get(m.id) as number,
        ...inFlight.filter((s) => s.matchId === m.id).map((s) => s.body.expectedVersion + 1),
      );
      expect(await db.eventCount(m.id)).toBe(version);
      expect((await call(second.base, 'GET', `/games/reversi/matches/${m.id}`)).body.version).toBe(version);
    }

    // The timeout that was due at the kill: written once, by the restarted server.
    const timedOut = await until(
      () => call(second.base, 'GET', `/games/reversi/matches/${clocked.body.id}`),
      (m) => m.body.status === 'finished',
      'the timeout',
    );
    expect(timedOut.body.outcome).toMatchObject({ reason: 'timeout', winners: [1] });
    // The bot's turn that was due at the kill: played once, and then it is the player's turn.
    const answered = await until(
      () => call(second.base, 'GET', `/games/reversi/matches/${botMatch.body.id}`),
      (m) => m.body.version >= 2,
      "the bot's move",
    );
    expect(answered.body.toMove).toEqual([0]);

    // Every event of every match reaches the receiver at least once, each event under one webhook-id of its own.
    const all = [...matches.map((m) => m.id), clocked.body.id as string, botMatch.body.id as string];
    const versions = new Map<string, number>();
    for (const id of all)
      versions.set(id, (await call(second.base, 'GET', `/games/reversi/matches/${id}`)).body.version as number);
    const seen = () => {
      const ids = new Map<string, Set<string>>();
      for (const r of receiver.received) {
        const body = JSON.parse(r.body) as Body;
        const event = `${body.data?.matchId as string}/${body.data?.seq as number}`;
        ids.set(event, (ids.get(event) ?? new Set()).add(String(r.headers['webhook-id'])));
      }
      return ids;
    };
    const expected = all.flatMap((id) =>
      Array.from({ length: (versions.get(id) as number) + 1 }, (_, seq) => `${id}/${seq}`),
    );
    await receiver.waitFor(() => expected.every((e) => seen().has(e)), WAIT_MS);
    const delivered = seen();
    for (const e of expected) expect([e, delivered.get(e)?.size]).toEqual([e, 1]);
    const webhookIds = expected.map((e) => [...(delivered.get(e) as Set<string>)][0]);
    expect(new Set(webhookIds).size).toBe(expected.length);

    // After all that waiting: still one TimedOut, still one bot move, and nothing else written to either.
    const clockLog = await fullLog(second.base, clocked.body.id as string);
    expect(clockLog.map((e) => [e.type, e.seat])).toEqual([['TimedOut', 0]]);
    const botLog = await fullLog(second.base, botMatch.body.id as string);
    expect(botLog.map((e) => [e.type, e.seat])).toEqual([
      ['MoveMade', 0],
      ['MoveMade', 1],
    ]);
    expect(await db.eventCount(clocked.body.id as string)).toBe(1);
    expect(await db.eventCount(botMatch.body.id as string)).toBe(2);

    // And every one of these logs replays under the current rules (npm run verify's check).
    const ids = new Set(all);
    const failures: VerifyFailure[] = [];
    await verifyLogs(
      database,
      GAMES.map((g) => g.engine),
      { onFailure: (f) => failures.push(f) },
    );
    expect(failures.filter((f) => ids.has(f.id))).toEqual([]);
  }, 180_000);
});
