import type { Pool } from 'pg';
import type { FuzzRequest, FuzzResponse, SpecFuzzer } from './spec-fuzzer';

export type Send = (request: FuzzRequest) => Promise<FuzzResponse>;

/** Sends `total` generated requests, `concurrency` at a time; a request that could not be sent is a problem. */
export async function runFuzz(
  fuzzer: SpecFuzzer,
  send: Send,
  total: number,
  concurrency: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  let issued = 0;
  const worker = async (): Promise<void> => {
    while (issued < total) {
      issued++;
      const { request, pending } = fuzzer.next();
      let response: FuzzResponse;
      const started = performance.now();
      try {
        response = await send(request);
        fuzzer.stats.msByRoute[request.route] =
          (fuzzer.stats.msByRoute[request.route] ?? 0) + performance.now() - started;
      } catch (error) {
        response = { status: 599, text: `not sent or no answer: ${(error as Error).message}` };
      }
      fuzzer.observe(request, pending, response);
      if (onProgress && fuzzer.stats.requests % 10_000 === 0) onProgress(fuzzer.stats.requests);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Writes that should not have happened, from the store: each created match's events must be exactly the
 * versions 1..n that writes answered (a refused request that wrote would leave a version no answer reported;
 * a lost acknowledged write, a reported version beyond the log). With `before`, the store's totals must have
 * grown by exactly the fuzzer's creations and their events (only valid when nobody else writes meanwhile).
 */
/**
 * The server's own writers off: bot seats, clock deadlines and tournament rounds would write events that no
 * answer acknowledges, and the check below holds every write of the run to an acknowledged answer.
 */
export const FUZZ_SERVER_ENV = {
  BOT_SWEEP_MS: '0',
  CLOCK_SWEEP_MS: '0',
  TOURNAMENT_SWEEP_MS: '0',
  WEBHOOK_POLL_MS: '0',
};
export const FUZZ_SERVER_CONFIG = { botSweepMs: 0, clockSweepMs: 0, tournamentSweepMs: 0, webhookPollMs: 0 };

export async function unexpectedWrites(pool: Pool, fuzzer: SpecFuzzer, before?: StoreTotals): Promise<string[]> {
  const problems: string[] = [];
  // Matches only: players (POST /players) are created too, and are not matches.
  const ids = [...fuzzer.created.values()].filter((r) => r.collection.endsWith('/matches')).map((r) => r.id);
  let events = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await pool.query<{ id: string; version: number; events: number }>(
      `SELECT m."id", m."version", (SELECT count(*) FROM "MatchEvent" e WHERE e."matchId" = m."id")::int AS "events"
         FROM "Match" m WHERE m."id" = ANY($1::uuid[])`,
      [ids.slice(i, i + 1000)],
    );
    for (const row of rows.rows) {
      events += row.events;
      if (row.events !== row.version) problems.push(`match ${row.id}: ${row.events} events but version ${row.version}`);
      const seen = fuzzer.reportedVersions.get(row.id) ?? new Set<number>();
      for (let v = 1; v <= row.version; v++)
        if (!seen.has(v)) problems.push(`match ${row.id}: event ${v} was written, but no answer acknowledged it`);
      for (const v of seen)
        if (v > row.version)
          problems.push(`match ${row.id}: version ${v} was acknowledged, but the log ends at ${row.version}`);
    }
    if (rows.rows.length !== Math.min(1000, ids.length - i)) problems.push('a created match is missing from the store');
  }
  if (before) {
    const after = await storeTotals(pool);
    if (after.matches - before.matches !== ids.length)
      problems.push(`${after.matches - before.matches} matches were written, ${ids.length} creations answered`);
    if (after.events - before.events !== events)
      problems.push(`${after.events - before.events} events were written, ${events} belong to the answered creations`);
  }
  return problems;
}

export interface StoreTotals {
  readonly matches: number;
  readonly events: number;
}

export async function storeTotals(pool: Pool): Promise<StoreTotals> {
  const r = await pool.query<{ matches: number; events: number }>(
    'SELECT (SELECT count(*) FROM "Match")::int AS "matches", (SELECT count(*) FROM "MatchEvent")::int AS "events"',
  );
  return r.rows[0] as StoreTotals;
}

/** Sends over real HTTP to `base` (http://host:port). */
export function httpSend(base: string): Send {
  return async (req) => {
    const res = await fetch(`${base}${req.path}`, {
      method: req.method,
      headers: req.headers,
      ...(req.body === undefined ? {} : { body: req.body }),
    });
    // An event stream never ends by itself: its 200 and headers are the answer; the client then leaves.
    if (res.status === 200 && res.headers.get('content-type')?.startsWith('text/event-stream')) {
      await res.body?.cancel();
      return { status: res.status, text: '' };
    }
    return { status: res.status, text: await res.text() };
  };
}
