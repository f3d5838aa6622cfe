/** The next round of a tournament, from what its finished matches say. */
import { arenaPairing } from './arena';
import { type Round, roundRobin, seatCounts, swissRound } from './pairing';
import { standingsOf } from './standings';
import type { TournamentRecord } from './tournament-store.port';

/** The rounds a tournament plays in all (an arena: the pairings made so far, as it plans none ahead). */
export function plannedRounds(t: Pick<TournamentRecord, 'format' | 'rounds' | 'seatsPerMatch' | 'entrants'>): number {
  if (t.format === 'arena') return 0;
  return t.format === 'swiss' ? t.rounds : roundRobin(t.entrants.length, t.seatsPerMatch, t.rounds).length;
}

/** Swiss byes so far: an entrant absent from a round it was paired in scores 1 there. */
export function byesOf(t: Pick<TournamentRecord, 'format' | 'entrants' | 'matches' | 'roundsCreated'>): Map<number, number> {
  const byes = new Map<number, number>();
  if (t.format !== 'swiss') return byes;
  for (let r = 1; r <= t.roundsCreated; r++) {
    const seated = new Set(t.matches.filter((m) => m.round === r).flatMap((m) => m.entrants));
    for (const e of t.entrants) if (!seated.has(e.idx)) byes.set(e.idx, (byes.get(e.idx) ?? 0) + 1);
  }
  return byes;
}

export function roundsSoFar(t: Pick<TournamentRecord, 'matches' | 'roundsCreated'>): Round[] {
  return Array.from({ length: t.roundsCreated }, (_, i) => t.matches.filter((m) => m.round === i + 1).map((m) => [...m.entrants]));
}

/** Round `t.roundsCreated + 1`: its tables, entrants by seat. */
export function nextRound(t: TournamentRecord, minSeats: number): Round {
  const n = t.entrants.length;
  const k = t.seatsPerMatch;
  if (t.format === 'round-robin') return roundRobin(n, k, t.rounds)[t.roundsCreated] ?? [];
  const byes = byesOf(t);
  const points = new Map(standingsOf({ entrants: t.entrants, matches: t.matches, byes }).map((s) => [s.idx, s.points]));
  const entrants = t.entrants.map((e) => ({
    idx: e.idx,
    points: points.get(e.idx) ?? 0,
    met: [...new Set(t.matches.filter((m) => m.entrants.includes(e.idx)).flatMap((m) => m.entrants).filter((o) => o !== e.idx))],
    seats: t.matches.filter((m) => m.entrants.includes(e.idx)).map((m) => m.entrants.indexOf(e.idx)),
    hadBye: (byes.get(e.idx) ?? 0) > 0,
  }));
  return swissRound(entrants, k, minSeats, t.roundsCreated + 1, seatCounts(n, k, roundsSoFar(t)));
}

/** An arena's next pairing: every entrant not in a running match (one without a result), by score. */
export function arenaRound(t: Pick<TournamentRecord, 'entrants' | 'matches' | 'seatsPerMatch'>): Round {
  const busy = new Set(t.matches.filter((m) => m.result === null).flatMap((m) => m.entrants));
  const scores = new Map(standingsOf({ entrants: t.entrants, matches: t.matches }).map((s) => [s.idx, s.points]));
  const last = new Map<number, readonly number[]>();
  const firstSeats = new Map<number, number>();
  for (const m of [...t.matches].sort((a, b) => a.round - b.round || a.table - b.table)) {
    for (const e of m.entrants) last.set(e, m.entrants.filter((o) => o !== e));
    const first = m.entrants[0];
    if (first !== undefined) firstSeats.set(first, (firstSeats.get(first) ?? 0) + 1);
  }
  const free = t.entrants.filter((e) => !busy.has(e.idx)).map((e) => ({
    idx: e.idx, score: scores.get(e.idx) ?? 0, lastOpponents: last.get(e.idx) ?? [], firstSeats: firstSeats.get(e.idx) ?? 0,
  }));
  return arenaPairing(free, t.seatsPerMatch);
}
