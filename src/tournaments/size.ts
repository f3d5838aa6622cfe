/**
 * How many matches a tournament plans, counted arithmetically from its entrants, format, rounds and table
 * size, so that a size over `TOURNAMENT_MAX_MATCHES` is refused before anything is listed.
 *
 * Why a count and not the schedule's length: the cap used to be checked on the listed schedule, and one 3 KB
 * request (a round robin of 64 entrants at tables of 6) listed all C(64, 6) = 74,974,368 tables before the
 * check: the server blocked for 167 s, grew to 4.8 GB and died out of heap (issue 25, H2). The count below
 * costs at most `k` multiplications whatever the size; the listing (pairing.ts) runs only under the cap.
 * It must agree with what pairing.ts lists: pairing.spec.ts checks it does, for every small case.
 */
import type { TournamentFormat } from './tournament-store.port';

export interface TournamentSize {
  readonly format: TournamentFormat;
  /** Entrants. */
  readonly n: number;
  /** Seats per match. */
  readonly k: number;
  /** Round robin: cycles; Swiss: rounds. */
  readonly rounds: number;
  /** The game's fewest seats (a Swiss short last table needs at least that many). */
  readonly minSeats: number;
}

/** C(n, k), exact while it stays below 2^53 (n ≤ 64, k ≤ 6 stays far below); larger values only grow. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const m = Math.min(k, n - k);
  let c = 1;
  // c = C(n, i + 1) after step i: each step's product is divisible by i + 1.
  for (let i = 0; i < m; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** The tables of one Swiss round (swissRound in pairing.ts): full tables, and a short one when the game allows it. */
export function swissTables(n: number, k: number, minSeats: number): number {
  if (k === 2) return Math.floor(n / 2);
  const full = Math.floor(n / k);
  return full + (n - full * k >= Math.max(2, minSeats) ? 1 : 0);
}

/** Every match the tournament plays in all. */
export function plannedMatches({ format, n, k, rounds, minSeats }: TournamentSize): number {
  // An arena plans one pairing at a time (at most n / k tables), bounded by its minutes and its entrants.
  if (format === 'arena') return Math.floor(n / k);
  if (format === 'swiss') return swissTables(n, k, minSeats) * rounds;
  return binomial(n, k) * rounds;
}
