/**
 * Who sits at which table, and in which seat, round by round. Pure: entrants are numbers (their idx).
 * - Round robin of two seats: Berger tables from `tournament-pairings`; every pair meets once per cycle,
 *   and colours swap from one cycle to the next.
 * - Round robin of 3+ seats: every k-subset of the entrants is one table per cycle (no library does tables
 *   of more than two), packed greedily into rounds of disjoint tables.
 * - Swiss of two seats: `tournament-pairings` (a weighted blossom matching: equal points first, no rematch,
 *   alternate colours, the bye to the lowest score without one).
 * - Swiss of 3+ seats: by points, highest first, in tables of k (a short last table when the game allows it,
 *   else byes for the lowest).
 * Seat order at 3+ seats is balanced over the rounds: each seat is filled, in turn, by the table's entrant
 * who has sat there least.
 */
import { RoundRobin, Swiss } from 'tournament-pairings';

/** A round: its tables, each the entrants by seat. */
export type Round = number[][];

/** How often each entrant has sat in each seat so far (entrant → seat → count). */
export type SeatCounts = number[][];

export function seatCounts(n: number, k: number, rounds: readonly Round[]): SeatCounts {
  const counts = Array.from({ length: n }, () => new Array<number>(k).fill(0));
  for (const round of rounds) for (const table of round) table.forEach((e, seat) => (counts[e] as number[])[seat]!++);
  return counts;
}

/** Orders a table's entrants into seats: seat 0 first, each to the one who has sat there least (then the lower idx). */
export function balanceSeats(entrants: readonly number[], counts: SeatCounts): number[] {
  const left = [...entrants];
  const seats: number[] = [];
  for (let seat = 0; seat < entrants.length; seat++) {
    left.sort((a, b) => (counts[a]?.[seat] ?? 0) - (counts[b]?.[seat] ?? 0) || a - b);
    const chosen = left.shift() as number;
    seats.push(chosen);
    (counts[chosen] as number[])[seat]!++;
  }
  return seats;
}

/**
 * How many round-robin schedules this process has listed. A schedule is listed once per tournament, at its
 * creation (rounds.ts planOf), and stored; the tests read this to show that no read or round lists it again.
 */
export const listings = { roundRobin: 0 };

/** The whole round-robin schedule: `cycles` times every pair (k = 2) or every k-subset (k ≥ 3). */
export function roundRobin(n: number, k: number, cycles: number): Round[] {
  listings.roundRobin++;
  if (k === 2) {
    const berger = RoundRobin(n, 1, true);
    const perCycle = Math.max(...berger.map((m) => m.round));
    const rounds: Round[] = [];
    for (let c = 0; c < cycles; c++) {
      for (let r = 1; r <= perCycle; r++) {
        rounds.push(
          berger
            .filter((m) => m.round === r && m.player1 !== null && m.player2 !== null)
            .map((m) => {
              const pair = [Number(m.player1) - 1, Number(m.player2) - 1];
              return c % 2 === 0 ? pair : pair.reverse();
            }),
        );
      }
    }
    return rounds;
  }
  const counts = seatCounts(n, k, []);
  const rounds: Round[] = [];
  for (let c = 0; c < cycles; c++) {
    const pending = combinations(n, k);
    while (pending.length > 0) {
      const busy = new Set<number>();
      const round: Round = [];
      for (let i = 0; i < pending.length;) {
        const table = pending[i] as number[];
        if (table.some((e) => busy.has(e))) {
          i++;
          continue;
        }
        table.forEach((e) => busy.add(e));
        round.push(balanceSeats(table, counts));
        pending.splice(i, 1);
      }
      rounds.push(round);
    }
  }
  return rounds;
}

export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]): void => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let e = start; e <= n - (k - chosen.length); e++) pick(e + 1, [...chosen, e]);
  };
  pick(0, []);
  return out;
}

export interface SwissEntrant {
  readonly idx: number;
  readonly points: number;
  /** Entrants met before. */
  readonly met: readonly number[];
  /** Seats taken before, in order. */
  readonly seats: readonly number[];
  readonly hadBye: boolean;
}

/** The next Swiss round. `minSeats`: the game's fewest seats (a short last table needs at least that many). */
export function swissRound(
  entrants: readonly SwissEntrant[],
  k: number,
  minSeats: number,
  round: number,
  counts: SeatCounts,
): Round {
  if (k === 2) {
    const matches = Swiss(
      entrants.map((e) => ({
        id: e.idx,
        score: e.points,
        avoid: [...e.met],
        receivedBye: e.hadBye,
        seating: e.seats.map((s) => (s === 0 ? 1 : -1)),
      })),
      round,
      false,
      true,
    );
    return matches
      .filter((m) => m.player1 !== null && m.player2 !== null)
      .map((m) => [Number(m.player1), Number(m.player2)]);
  }
  const order = [...entrants].sort((a, b) => b.points - a.points || a.idx - b.idx).map((e) => e.idx);
  const tables: Round = [];
  for (let i = 0; i + k <= order.length; i += k) tables.push(order.slice(i, i + k));
  const rest = order.slice(tables.length * k);
  if (rest.length >= Math.max(2, minSeats)) tables.push(rest);
  return tables.map((t) => balanceSeats(t, counts));
}
