/**
 * Part 2c of `npm run bench`: reads of a match, as a client that polls its match reads it (a bot between its
 * moves, a page without a stream). `connections` connections, each with a match of its own from the pool and
 * that match's seat 0 token, sending `GET /games/reversi/matches/{id}` one after the other for `seconds`.
 * Each read loads the match row from Postgres (another instance may have moved since), so this measures the
 * read path and its statements (bench/README.md, "Group read"). Every answer must be 200 and name that seat.
 */
import autocannon from 'autocannon';
import type { CreatedMatch } from './http-load';

export interface ReadsResult {
  connections: number;
  seconds: number;
  reads: number;
  readsPerSecond: number;
  /** autocannon's own histogram (whole milliseconds). */
  latencyMs: { p50: number; p99: number; max: number };
  non200: number;
  /** Answers that were 200 but not the seat's view of its match: must be 0. */
  wrong: number;
}

export async function runReads(
  base: string,
  matches: readonly CreatedMatch[],
  connections: number,
  seconds: number,
): Promise<ReadsResult> {
  if (new URL(base).hostname !== '127.0.0.1') throw new Error('the bench only sends traffic to 127.0.0.1');
  if (matches.length < connections) throw new Error(`reads: ${connections} matches needed, ${matches.length} given`);
  let next = 0;
  let wrong = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests: [{ method: 'GET', path: '/games' }], // replaced per connection in setupClient; never sent
    setupClient: (client) => {
      const m = matches[next++ % matches.length] as CreatedMatch;
      client.setRequests([
        {
          method: 'GET',
          path: `/games/reversi/matches/${m.id}`,
          headers: { authorization: `Bearer ${m.tokens[0]}` },
          onResponse: (status, body) => {
            if (status !== 200) return;
            const view = JSON.parse(body) as { id?: string; you?: number };
            if (view.id !== m.id || view.you !== 0) wrong++;
          },
        },
      ]);
    },
  });
  const non200 =
    Object.entries(result.statusCodeStats).reduce((n, [code, s]) => (code === '200' ? n : n + s.count), 0) +
    result.errors;
  const reads = result.statusCodeStats['200']?.count ?? 0;
  return {
    connections,
    seconds: result.duration,
    reads,
    readsPerSecond: reads / result.duration,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non200,
    wrong,
  };
}
