/** The next round of a tournament, from what its finished matches say. */
import { arenaPairing } from './arena';
import { type Round, roundRobin, seatCounts, swissRound } from './pairing';
import { standingsOf } from './standings';
import type { TournamentRecord } from './tournament-store.port';

/**
 * A tournament's plan, listed once (at creation): a round robin's every round, and the rounds it plays in all.
 * Swiss rounds are paired one at a time from the standings, so a Swiss plan is its round count alone; an arena
 * plans nothing ahead (it pairs by time), and its count is 0.
 */
export function planOf(
  t: Pick<TournamentRecord, 'format' | 'rounds' | 'seatsPerMatch'> & { readonly entrants: readonly unknown[] },
): { plannedRounds: number; schedule: Round[] | null } {
  if (t.format === 'arena') return { plannedRounds: 0, schedule: null };
  if (t.format === 'swiss') return { plannedRounds: t.rounds, schedule: null };
  const schedule = roundRobin(t.entrants.length, t.seatsPerMatch, t.rounds);
  return { plannedRounds: schedule.length, schedule };
}

/** Swiss byes so far: an entrant absent from a round it was paired in scores 1 there. */
export function byesOf(
  t: Pick<TournamentRecord, 'format' | 'entrants' | 'matches' | 'roundsCreated'>,
): Map<number, number> {
  const byes = new Map<number, number>();
  if (t.format !== 'swiss') return byes;
  const seated = Array.from({ length: t.roundsCreated }, () => new Set<number>());
  for (const m of t.matches) for (const e of m.entrants) seated[m.round - 1]?.add(e);
  for (const round of seated)
    for (const e of t.entrants) if (!round.has(e.idx)) byes.set(e.idx, (byes.get(e.idx) ?? 0) + 1);
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

/**
 * An arena's next pairing: every entrant not in a running match (one without a result), free since its last
 * match ended (or since the arena started, before its first).
 */
export function arenaRound(t: Pick<TournamentRecord, 'entrants' | 'matches' | 'seatsPerMatch' | 'createdAt'>): Round {
  const busy = new Set(t.matches.filter((m) => m.result === null).flatMap((m) => m.entrants));
  const scores = new Map(standingsOf({ entrants: t.entrants, matches: t.matches }).map((s) => [s.idx, s.points]));
  const last = new Map<number, readonly number[]>();
  const firstSeats = new Map<number, number>();
  const freeSince = new Map<number, number>();
  const start = t.createdAt.getTime();
  for (const m of [...t.matches].sort((a, b) => a.round - b.round || a.table - b.table)) {
    for (const e of m.entrants) {
      last.set(
        e,
        m.entrants.filter((o) => o !== e),
      );
      // A result written before issue 35 has no end: the arena's start stands in for it.
      if (m.result !== null) freeSince.set(e, Math.max(freeSince.get(e) ?? start, m.result.endedAt ?? start));
    }
    const first = m.entrants[0];
    if (first !== undefined) firstSeats.set(first, (firstSeats.get(first) ?? 0) + 1);
  }
  const free = t.entrants
    .filter((e) => !busy.has(e.idx))
    .map((e) => ({
      idx: e.idx,
      score: scores.get(e.idx) ?? 0,
      lastOpponents: last.get(e.idx) ?? [],
      firstSeats: firstSeats.get(e.idx) ?? 0,
      freeSince: freeSince.get(e.idx) ?? start,
    }));
  return arenaPairing(free, t.seatsPerMatch);
}
