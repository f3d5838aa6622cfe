/**
 * Part 2: durable moves over HTTP. Reversi matches are created over HTTP beforehand; autocannon then keeps
 * N connections busy, each playing one match at a time: it picks the move locally with the engine and a
 * seeded Rng, sends `{ move: { square }, expectedVersion }` with the token of the seat to move, and applies
 * the move to its local state after a 200. A finished match is replaced by the next unused one.
 *
 * autocannon resets a request's `context` each time a connection wraps around its request list (with one
 * request: before every request), so `context` carries only what one request needs (its start time); what
 * a connection must remember across requests (its match) lives in a closure bound per connection through
 * `setupClient` + `client.setRequests`.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { Rng, seedRng } from '../src/engine/core';
import { type ReversiMove, type ReversiState, makeSquare, reversiEngine } from '../src/engine/reversi';
import { quantile } from './util';

export interface CreatedMatch {
  readonly id: string;
  readonly tokens: readonly [string, string];
}

/** A match being played by the bench, and what the bench knows of it. */
export class Lane {
  state: ReversiState = reversiEngine.setup({ seed: 'unused', seats: 2, options: {} });
  version = 0;
  /** Moves answered 200. */
  acked = 0;
  /** A move sent whose reply was never read (the run stopped, or the connection dropped): 0 or 1. */
  unread = 0;
  /** Left for a non-200, a reply that disagreed with the local state, or a lost reply. */
  abandoned = false;
  inFlight: ReversiMove | null = null;
  readonly rng: Rng;

  constructor(
    readonly match: CreatedMatch,
    readonly seedLabel: string,
  ) {
    this.rng = new Rng(seedRng(seedLabel));
  }

  get finished(): boolean {
    return this.state.turn === null;
  }
}

interface CreatedBody {
  id: string;
  seats: { seat: number; token: string }[];
}

function parseCreated(text: string): CreatedMatch {
  const body = JSON.parse(text) as CreatedBody;
  const t0 = body.seats.find((s) => s.seat === 0)?.token;
  const t1 = body.seats.find((s) => s.seat === 1)?.token;
  if (!body.id || !t0 || !t1) throw new Error(`unexpected create response: ${text.slice(0, 200)}`);
  return { id: body.id, tokens: [t0, t1] };
}

const CREATE_BODY = JSON.stringify({ players: [{ name: 'bench-black' }, { name: 'bench-white' }] });

/** POST /games/reversi/matches `count` times, `concurrency` at a time. */
export async function createMatches(base: string, count: number, concurrency: number): Promise<CreatedMatch[]> {
  const out: CreatedMatch[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      const res = await fetch(`${base}/games/reversi/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: CREATE_BODY,
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`creating a match: ${res.status} ${text.slice(0, 300)}`);
      out.push(parseCreated(text));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}

/** `concurrency` workers creating matches for `seconds`, into `into`: how many, in how long. */
export async function createWindow(
  base: string,
  seconds: number,
  concurrency: number,
  into: CreatedMatch[],
): Promise<{ created: number; seconds: number }> {
  const start = performance.now();
  const end = start + seconds * 1000;
  let created = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      into.push(...(await createMatches(base, 1, 1)));
      created++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { created, seconds: (performance.now() - start) / 1000 };
}

export interface LoadResult {
  label: string;
  connections: number;
  /** Seconds autocannon ran (it stops at a 1 s sample tick, so up to 1 s past the target). */
  seconds: number;
  ok200: number;
  movesPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** autocannon's own histogram (whole milliseconds), as a cross-check. */
  autocannonLatencyMs: { p50: number; p99: number; max: number };
  non200: number;
  non200ByStatus: Record<string, number>;
  non200Samples: string[];
  /** 200s whose body disagreed with the locally played state (version, status or board). */
  desyncs: number;
  connErrors: number;
  timeouts: number;
  /** Moves sent but not answered when the run stopped (or lost with a dropped connection). */
  unread: number;
  matchesUsed: number;
  matchesFinished: number;
  /** Matches created during the run because the pre-created ones ran out (each one extra POST). */
  matchesCreatedDuringRun: number;
  bugs: string[];
}

export interface LoadOptions {
  base: string;
  label: string;
  connections: number;
  seconds: number;
  matches: CreatedMatch[];
  /** Lanes are appended here (every match touched), for the durability check. */
  lanes: Lane[];
  /** Every 200's latency (ms) is also pushed here: to merge the quantiles of several windows. */
  sink?: number[];
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const url = new URL(o.base);
  if (url.hostname !== '127.0.0.1') throw new Error('the bench only sends traffic to 127.0.0.1');
  let nextMatch = 0;
  let seedCounter = 0;
  const newLane = (m: CreatedMatch): Lane => {
    const lane = new Lane(m, `turnbase-bench/${o.label}/${seedCounter++}`);
    o.lanes.push(lane);
    return lane;
  };
  const takeLane = (): Lane | null =>
    nextMatch < o.matches.length ? newLane(o.matches[nextMatch++] as CreatedMatch) : null;

  let latencies = new Float64Array(1 << 16);
  let nLat = 0;
  const r = {
    ok200: 0,
    non200: 0,
    desyncs: 0,
    unreadLost: 0,
    finished: 0,
    createdDuringRun: 0,
    byStatus: {} as Record<string, number>,
    samples: [] as string[],
    bugs: [] as string[],
  };
  const bug = (msg: string): void => {
    if (r.bugs.length < 5) r.bugs.push(msg);
  };
  const recordNon200 = (status: number, body: string): void => {
    r.non200++;
    r.byStatus[status] = (r.byStatus[status] ?? 0) + 1;
    if (r.samples.length < 5) r.samples.push(`${status} ${body.slice(0, 200)}`);
  };

  const connectionRequests = (): autocannon.Request[] => {
    let lane: Lane | null = null;
    let creating = false;
    return [
      {
        setupRequest: (req, ctx): autocannon.Request => {
          try {
            if (creating) {
              // a create whose reply never came (dropped connection): just create again
              creating = false;
            }
            if (lane && lane.inFlight) {
              // the previous move's reply was never read (autocannon reconnected after an error or timeout)
              lane.unread = 1;
              lane.abandoned = true;
              r.unreadLost++;
              lane = null;
            }
            if (!lane || lane.finished || lane.abandoned) lane = takeLane();
            ctx.t0 = performance.now();
            if (!lane) {
              creating = true;
              ctx.kind = 'create';
              return {
                ...req,
                method: 'POST',
                path: '/games/reversi/matches',
                headers: { 'content-type': 'application/json' },
                body: CREATE_BODY,
              };
            }
            const seat = lane.state.turn as number;
            const moves = [...reversiEngine.legalMoves(lane.state, seat)];
            const move = lane.rng.pick(moves);
            lane.inFlight = move;
            ctx.kind = 'move';
            return {
              ...req,
              method: 'POST',
              path: `/games/reversi/matches/${lane.match.id}/moves`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${lane.match.tokens[seat]}` },
              body: JSON.stringify({ move: { square: makeSquare(move.square) }, expectedVersion: lane.version }),
            };
          } catch (error) {
            bug(`setupRequest: ${(error as Error).stack ?? String(error)}`);
            throw error;
          }
        },
        onResponse: (status, body, ctx) => {
          try {
            const ms = performance.now() - (ctx.t0 as number);
            if (ctx.kind === 'create') {
              creating = false;
              if (status === 201) {
                r.createdDuringRun++;
                lane = newLane(parseCreated(body));
              } else recordNon200(status, body);
              return;
            }
            const current = lane as Lane;
            const move = current.inFlight as ReversiMove;
            current.inFlight = null;
            if (status !== 200) {
              recordNon200(status, body);
              current.abandoned = true;
              return;
            }
            r.ok200++;
            current.acked++;
            if (nLat === latencies.length) {
              const grown = new Float64Array(latencies.length * 2);
              grown.set(latencies);
              latencies = grown;
            }
            latencies[nLat++] = ms;
            o.sink?.push(ms);
            const seat = current.state.turn as number;
            const next = reversiEngine.apply(current.state, seat, move);
            if (!next.ok) throw new Error(`the server accepted a move the engine refuses: ${next.error.message}`);
            current.state = next.value;
            current.version++;
            const got = JSON.parse(body) as { version?: number; status?: string; view?: { board?: string[] } };
            const status2 = current.finished ? 'finished' : 'active';
            if (
              got.version !== current.version ||
              got.status !== status2 ||
              got.view?.board?.join('') !== current.state.board
            ) {
              r.desyncs++;
              current.abandoned = true;
              return;
            }
            if (current.finished) r.finished++;
          } catch (error) {
            bug(`onResponse: ${(error as Error).stack ?? String(error)}`);
            if (lane) lane.abandoned = true;
          }
        },
      },
    ];
  };

  const instance = autocannon({
    url: o.base,
    connections: o.connections,
    duration: o.seconds,
    pipelining: 1,
    timeout: 10,
    // Replaced per connection in setupClient; this one is never sent.
    requests: [{ method: 'GET', path: '/games' }],
    setupClient: (client) => client.setRequests(connectionRequests()),
  });
  const result = await instance;

  // Moves still in flight at the stop: the server may have committed them; the durability check allows that.
  let unreadAtStop = 0;
  for (const lane of o.lanes) {
    if (lane.inFlight) {
      lane.unread = 1;
      lane.inFlight = null;
      unreadAtStop++;
    }
  }
  const sorted = latencies.slice(0, nLat).sort();
  let sum = 0;
  for (let i = 0; i < nLat; i++) sum += sorted[i] as number;
  return {
    label: o.label,
    connections: o.connections,
    seconds: result.duration,
    ok200: r.ok200,
    movesPerSecond: r.ok200 / result.duration,
    latencyMs: {
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: nLat ? (sorted[nLat - 1] as number) : NaN,
      mean: sum / nLat,
    },
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non200: r.non200,
    non200ByStatus: r.byStatus,
    non200Samples: r.samples,
    desyncs: r.desyncs,
    connErrors: result.errors,
    timeouts: result.timeouts,
    unread: unreadAtStop + r.unreadLost,
    matchesUsed: o.lanes.length,
    matchesFinished: r.finished,
    matchesCreatedDuringRun: r.createdDuringRun,
    bugs: r.bugs,
  };
}

/**
 * Several windows of `runLoad` as one run: counts and time summed, the latency quantiles taken over every 200
 * of every window (`samples`, from their `sink`). autocannon's own cross-check figures are per window: the
 * mean of their p50s, the worst p99, the max.
 */
export function mergeLoads(label: string, windows: readonly LoadResult[], samples: readonly number[]): LoadResult {
  const sum = (f: (w: LoadResult) => number): number => windows.reduce((acc, w) => acc + f(w), 0);
  const sorted = Float64Array.from(samples).sort();
  const seconds = sum((w) => w.seconds);
  const ok200 = sum((w) => w.ok200);
  const byStatus: Record<string, number> = {};
  for (const w of windows) for (const [k, v] of Object.entries(w.non200ByStatus)) byStatus[k] = (byStatus[k] ?? 0) + v;
  const n = sorted.length;
  return {
    label,
    connections: windows[0]?.connections ?? 0,
    seconds,
    ok200,
    movesPerSecond: ok200 / seconds,
    latencyMs: {
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: n ? (sorted[n - 1] as number) : NaN,
      mean: sorted.reduce((a, b) => a + b, 0) / n,
    },
    autocannonLatencyMs: {
      p50: sum((w) => w.autocannonLatencyMs.p50) / windows.length,
      p99: Math.max(...windows.map((w) => w.autocannonLatencyMs.p99)),
      max: Math.max(...windows.map((w) => w.autocannonLatencyMs.max)),
    },
    non200: sum((w) => w.non200),
    non200ByStatus: byStatus,
    non200Samples: windows.flatMap((w) => w.non200Samples).slice(0, 5),
    desyncs: sum((w) => w.desyncs),
    connErrors: sum((w) => w.connErrors),
    timeouts: sum((w) => w.timeouts),
    unread: sum((w) => w.unread),
    matchesUsed: sum((w) => w.matchesUsed),
    matchesFinished: sum((w) => w.matchesFinished),
    matchesCreatedDuringRun: sum((w) => w.matchesCreatedDuringRun),
    bugs: windows.flatMap((w) => w.bugs).slice(0, 5),
  };
}
