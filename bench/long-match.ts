/**
 * Part 2b: is a move's cost flat in the length of the match? Reversi ends within 60 moves, so this uses
 * Deblockle (`setup: random`, `maxTurns: 10000`), whose random games run to hundreds or thousands of moves.
 * One match is played (untimed) to move OLD_AT; then moves alternate between that old match and a fresh one,
 * one at a time, so both see the same machine load: the fresh match's moves 1–WINDOW against the old match's
 * moves OLD_AT+1…OLD_AT+WINDOW. Each move: GET legal-moves (untimed), pick one with a seeded Rng, POST it with
 * `expectedVersion` (timed). The ratio is the medians' (old ÷ fresh). A match that ends too early is replaced.
 */
import { performance } from 'node:perf_hooks';
import { Rng, seedRng } from '../src/engine/core';
import { quantile } from './util';

const OLD_AT = 495;
const WINDOW = 20;
const OPTIONS = { setup: 'random', maxTurns: 10000 };

interface Match {
  id: string;
  tokens: string[];
  version: number;
  toMove: number[];
  status: string;
}

export interface LongMatchResult {
  game: string;
  /** Move numbers timed in the old match: OLD_AT+1 … OLD_AT+WINDOW; in the fresh one 1 … WINDOW. */
  oldFrom: number;
  window: number;
  freshMedianMs: number;
  oldMedianMs: number;
  /** Median cost of a move around move 500 ÷ around move 5. */
  ratio: number;
  matchesTried: number;
}

async function call(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function create(base: string): Promise<Match> {
  const r = await call('POST', `${base}/games/deblockle/matches`, null, {
    players: [{ name: 'bench-a' }, { name: 'bench-b' }],
    options: OPTIONS,
  });
  if (r.status !== 201)
    throw new Error(`creating a Deblockle match: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  const seats = r.json.seats as { seat: number; token: string }[];
  const tokens: string[] = [];
  for (const s of seats) tokens[s.seat] = s.token;
  return {
    id: r.json.id as string,
    tokens,
    version: r.json.version as number,
    toMove: r.json.toMove as number[],
    status: r.json.status as string,
  };
}

/** One move on `m`; the milliseconds of the POST, or null when the match is over. */
async function step(base: string, m: Match, rng: Rng): Promise<number | null> {
  if (m.status !== 'active' || m.toMove.length === 0) return null;
  const seat = m.toMove[0] as number;
  const token = m.tokens[seat] as string;
  const legal = await call('GET', `${base}/games/deblockle/matches/${m.id}/legal-moves?limit=1000`, token);
  if (legal.status !== 200) throw new Error(`legal-moves: ${legal.status} ${JSON.stringify(legal.json).slice(0, 300)}`);
  const move = rng.pick(legal.json.moves as unknown[]);
  const t0 = performance.now();
  const r = await call('POST', `${base}/games/deblockle/matches/${m.id}/moves`, token, {
    move,
    expectedVersion: m.version,
  });
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`Deblockle move: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  m.version = r.json.version as number;
  m.toMove = r.json.toMove as number[];
  m.status = r.json.status as string;
  return ms;
}

const median = (xs: number[]): number => quantile(Float64Array.from(xs).sort(), 0.5);

export async function runLongMatch(base: string, log: (line: string) => void): Promise<LongMatchResult> {
  const rng = new Rng(seedRng('turnbase-bench/long-match'));
  for (let tried = 1; tried <= 5; tried++) {
    const old = await create(base);
    let ended = false;
    while (old.version < OLD_AT) {
      if ((await step(base, old, rng)) === null) {
        ended = true;
        break;
      }
    }
    if (ended) {
      log(`move cost vs length: match ${tried} ended at move ${old.version}, before ${OLD_AT}; another`);
      continue;
    }
    const fresh = await create(base);
    const oldMs: number[] = [];
    const freshMs: number[] = [];
    for (let i = 0; i < WINDOW && !ended; i++) {
      const a = await step(base, fresh, rng);
      const b = await step(base, old, rng);
      if (a === null || b === null) ended = true;
      else {
        freshMs.push(a);
        oldMs.push(b);
      }
    }
    if (ended) {
      log(`move cost vs length: a match ended inside the timed window; another`);
      continue;
    }
    const freshMedianMs = median(freshMs);
    const oldMedianMs = median(oldMs);
    return {
      game: 'deblockle',
      oldFrom: OLD_AT + 1,
      window: WINDOW,
      freshMedianMs,
      oldMedianMs,
      ratio: oldMedianMs / freshMedianMs,
      matchesTried: tried,
    };
  }
  throw new Error(`move cost vs length: 5 Deblockle matches ended before move ${OLD_AT + WINDOW}`);
}
