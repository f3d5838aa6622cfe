/**
 * Part 4 (issue 10): waiting for your turn, in one run.
 *  a. Fan-out across instances: two servers (A and B) on the same database; BENCH_LIVE_STREAMS (1000) SSE
 *     streams open on B, two per Reversi match (one per seat token); moves are made on A by BENCH_LIVE_MOVERS
 *     (4) clients, one move at a time each, BENCH_LIVE_MOVES (400) in all. For each move and each of its
 *     match's two streams: the time from A's 200 to the event's arrival on B (p50, p99; negative when the
 *     event arrives before the 200 does: NOTIFY is sent at commit, before A answers). B's resident memory is
 *     read before and after opening the streams: the memory cost per open stream.
 *  b. The cost of a log page: Qwirkle matches of 1,000 and 100,000 events written straight into the store
 *     (legal moves checked by the engine); the first read of each (it folds the log once and stores its
 *     snapshots, as for a log written before snapshots existed); then pages `?after=X&limit=100` at random X
 *     on B (warm) and the first page on A (cold: nothing cached there), p50 of each, and the ratio 100k / 1k.
 */
import { type IncomingMessage, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { Rng, seedRng } from '../src/engine/core';
import { type ReversiState, reversiEngine } from '../src/engine/reversi';
import { appendQwirkleExchanges } from '../test/support/long-log';
import { type CreatedMatch, createMatches } from './http-load';
import { type BenchServer, startServer } from './server';
import { envInt, quantile } from './util';

export interface LiveResult {
  streams: number;
  moves: number;
  /** ms from the move's 200 on A to the event on B. */
  delayMs: { p50: number; p99: number; max: number; min: number };
  /** ms from sending the move to the event on B. */
  sendToEventMs: { p50: number; p99: number };
  eventsMissing: number;
  rssPerStreamKiB: number | null;
  logPage: {
    events: number;
    firstReadMs: number;
    warmPageP50Ms: number;
    coldPageMs: number;
  }[];
  pageRatio100kOver1k: number;
}

const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

function rssKiB(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** A stream that only notes when each id arrives. */
function openStream(url: string, token: string, onId: (id: number, at: number) => void): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream ${url}: ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('id: ')) onId(Number(line.slice(4)), at);
      });
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}

async function timed(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - t;
}

export async function runLiveBench(
  root: string,
  pgUrl: string,
  log: (line: string) => void,
  track: (s: BenchServer) => void,
): Promise<LiveResult> {
  const streamCount = envInt('BENCH_LIVE_STREAMS', 1000);
  const moveCount = envInt('BENCH_LIVE_MOVES', 400);
  const movers = envInt('BENCH_LIVE_MOVERS', 4);
  const a = await startServer(root, pgUrl, log, track);
  const b = await startServer(root, pgUrl, log, track);

  // a. fan-out
  const matches: CreatedMatch[] = await createMatches(a.base, Math.ceil(streamCount / 2), 16);
  const arrivals = new Map<string, number[]>(); // `${match}:${seq}` → arrival times on B
  const rssBefore = rssKiB(b.pid);
  const responses: IncomingMessage[] = [];
  for (let i = 0; i < matches.length; i++) {
    const m = matches[i] as CreatedMatch;
    for (const token of m.tokens) {
      responses.push(
        await openStream(`${b.base}/games/reversi/matches/${m.id}/events`, token, (id, at) => {
          const key = `${m.id}:${id}`;
          const list = arrivals.get(key);
          if (list) list.push(at);
          else arrivals.set(key, [at]);
        }),
      );
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  const rssAfter = rssKiB(b.pid);
  log(`live: ${responses.length} streams open on B; B's RSS ${rssBefore} → ${rssAfter} KiB`);

  const sent: { key: string; sentAt: number; okAt: number }[] = [];
  const states = new Map<string, { state: ReversiState; version: number; rng: Rng }>(
    matches.map((m) => [
      m.id,
      { state: reversiEngine.setup({ seed: 'x', seats: 2, options: {} }), version: 0, rng: new Rng(seedRng(m.id)) },
    ]),
  );
  let next = 0;
  const mover = async (k: number): Promise<void> => {
    for (let i = k; next < moveCount; i += movers) {
      const m = matches[i % matches.length] as CreatedMatch;
      const lane = states.get(m.id)!;
      if (lane.state.turn === null) continue;
      next++;
      const moves = [...reversiEngine.legalMoves(lane.state, lane.state.turn)];
      const move = lane.rng.pick(moves);
      const sentAt = performance.now();
      const res = await fetch(`${a.base}/games/reversi/matches/${m.id}/moves`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${m.tokens[lane.state.turn]}` },
        body: JSON.stringify({ move: reversiEngine.encodeMove(move), expectedVersion: lane.version }),
      });
      const okAt = performance.now();
      const text = await res.text();
      if (res.status !== 200) throw new Error(`live bench move: ${res.status} ${text.slice(0, 200)}`);
      const applied = reversiEngine.apply(lane.state, lane.state.turn, move);
      if (!applied.ok) throw new Error(applied.error.message);
      lane.state = applied.value;
      lane.version++;
      sent.push({ key: `${m.id}:${lane.version}`, sentAt, okAt });
    }
  };
  await Promise.all(Array.from({ length: movers }, (_, k) => mover(k)));
  await new Promise((r) => setTimeout(r, 1000)); // the last events' arrival
  const delays: number[] = [];
  const fromSend: number[] = [];
  let missing = 0;
  for (const s of sent) {
    const got = arrivals.get(s.key) ?? [];
    missing += 2 - got.length;
    for (const at of got) {
      delays.push(at - s.okAt);
      fromSend.push(at - s.sentAt);
    }
  }
  for (const r of responses) r.destroy();
  const d = sorted(delays);
  const f = sorted(fromSend);
  log(
    `live: ${sent.length} moves on A → ${delays.length} events on B; 200 → event p50 ${quantile(d, 0.5).toFixed(2)} ms, p99 ${quantile(d, 0.99).toFixed(2)} ms; ${missing} missing`,
  );

  // b. log pages
  const pool = new Pool({ connectionString: pgUrl, max: 2 });
  const logPage: LiveResult['logPage'] = [];
  try {
    for (const events of [1_000, 100_000]) {
      const res = await fetch(`${a.base}/games/qwirkle/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ players: [{ name: 'a' }, { name: 'b' }], options: { maxTurns: 100_000 } }),
      });
      const { id } = (await res.json()) as { id: string };
      const t0 = performance.now();
      await appendQwirkleExchanges(pool, id, events);
      log(
        `live: a ${events.toLocaleString('en-US')}-event Qwirkle log written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      const path = `/games/qwirkle/matches/${id}/moves`;
      const firstReadMs = await timed(`${b.base}${path}?limit=1`);
      const rng = new Rng(seedRng(`pages-${events}`));
      const warm: number[] = [];
      for (let i = 0; i < 40; i++) warm.push(await timed(`${b.base}${path}?after=${rng.int(events)}&limit=100`));
      const coldPageMs = await timed(`${a.base}${path}?after=${Math.floor(events / 2)}&limit=100`);
      logPage.push({ events, firstReadMs, warmPageP50Ms: quantile(sorted(warm), 0.5), coldPageMs });
      log(
        `live: log page of ${events.toLocaleString('en-US')} events: first read ${firstReadMs.toFixed(1)} ms, warm p50 ${quantile(sorted(warm), 0.5).toFixed(2)} ms, cold (other instance) ${coldPageMs.toFixed(2)} ms`,
      );
    }
  } finally {
    await pool.end();
    await a.stop();
    await b.stop();
  }
  const [small, large] = logPage;
  return {
    streams: responses.length,
    moves: sent.length,
    delayMs: { p50: quantile(d, 0.5), p99: quantile(d, 0.99), max: d[d.length - 1] ?? NaN, min: d[0] ?? NaN },
    sendToEventMs: { p50: quantile(f, 0.5), p99: quantile(f, 0.99) },
    eventsMissing: missing,
    rssPerStreamKiB: rssBefore !== null && rssAfter !== null ? (rssAfter - rssBefore) / responses.length : null,
    logPage,
    pageRatio100kOver1k: large && small ? large.warmPageP50Ms / small.warmPageP50Ms : NaN,
  };
}

export function formatLive(r: LiveResult): string {
  const rows: [string, string][] = [
    [`Waiting for your turn (2 instances, ${r.streams} streams open on B)`, ''],
    [
      '  move 200 on A → event on B',
      `p50 ${r.delayMs.p50.toFixed(2)} ms, p99 ${r.delayMs.p99.toFixed(2)} ms (${r.moves} moves, ${r.eventsMissing} events missing)`,
    ],
    [
      '  move sent on A → event on B',
      `p50 ${r.sendToEventMs.p50.toFixed(2)} ms, p99 ${r.sendToEventMs.p99.toFixed(2)} ms`,
    ],
    ["  memory per open stream (B's RSS)", r.rssPerStreamKiB === null ? 'n/a' : `${r.rssPerStreamKiB.toFixed(1)} KiB`],
    ...r.logPage.map((p): [string, string] => [
      `  log page, ${p.events.toLocaleString('en-US')}-event match`,
      `warm p50 ${p.warmPageP50Ms.toFixed(2)} ms, cold ${p.coldPageMs.toFixed(2)} ms (first read of the unsnapshotted log ${p.firstReadMs.toFixed(0)} ms)`,
    ]),
    ['  page cost, 100,000 ÷ 1,000 events', r.pageRatio100kOver1k.toFixed(2)],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => (v ? `${k.padEnd(w)}  ${v}` : k)).join('\n');
}
