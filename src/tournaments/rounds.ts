/** The next round of a tournament, from what its finished matches say. */
import { type Round, roundRobin, seatCounts, swissRound } from './pairing';
import { standingsOf } from './standings';
import type { TournamentRecord } from './tournament-store.port';

/**
 * A tournament's plan, listed once (at creation): a round robin's every round, and the rounds it plays in all.
 * Swiss rounds are paired one at a time from the standings, so a Swiss plan is its round count alone.
 */
export function planOf(t: Pick<TournamentRecord, 'format' | 'rounds' | 'seatsPerMatch'> & { readonly entrants: readonly unknown[] }): { plannedRounds: number; schedule: Round[] | null } {
  if (t.format === 'swiss') return { plannedRounds: t.rounds, schedule: null };
  const schedule = roundRobin(t.entrants.length, t.seatsPerMatch, t.rounds);
  return { plannedRounds: schedule.length, schedule };
}

/** Swiss byes so far: an entrant absent from a round it was paired in scores 1 there. */
export function byesOf(t: Pick<TournamentRecord, 'format' | 'entrants' | 'matches' | 'roundsCreated'>): Map<number, number> {
  const byes = new Map<number, number>();
  if (t.format !== 'swiss') return byes;
  const seated = Array.from({ length: t.roundsCreated }, () => new Set<number>());
  for (const m of t.matches) for (const e of m.entrants) seated[m.round - 1]?.add(e);
  for (const round of seated) for (const e of t.entrants) if (!round.has(e.idx)) byes.set(e.idx, (byes.get(e.idx) ?? 0) + 1);
  return byes;
}

export function roundsSoFar(t: Pick<TournamentRecord, 'matches' | 'roundsCreated'>): Round[] {
  const rounds: Round[] = Array.from({ length: t.roundsCreated }, () => []);
  for (const m of t.matches) rounds[m.round - 1]?.push([...m.entrants]);
  return rounds;
}

/** Swiss round `t.roundsCreated + 1`: its tables, entrants by seat. */
export function nextSwissRound(t: TournamentRecord, minSeats: number): Round {
  const n = t.entrants.length;
  const k = t.seatsPerMatch;
  const byes = byesOf(t);
  const points = new Map(standingsOf({ entrants: t.entrants, matches: t.matches, byes }).map((s) => [s.idx, s.points]));
  const met = t.entrants.map(() => new Set<number>());
  const seats: number[][] = t.entrants.map(() => []);
  for (const m of t.matches) {
    m.entrants.forEach((e, seat) => {
      seats[e]?.push(seat);
      for (const o of m.entrants) if (o !== e) met[e]?.add(o);
    });
  }
  const entrants = t.entrants.map((e) => ({
    idx: e.idx,
    points: points.get(e.idx) ?? 0,
    met: [...(met[e.idx] ?? [])],
    seats: seats[e.idx] ?? [],
    hadBye: (byes.get(e.idx) ?? 0) > 0,
  }));
  return swissRound(entrants, k, minSeats, t.roundsCreated + 1, seatCounts(n, k, roundsSoFar(t)));
}
