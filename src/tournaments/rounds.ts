/** The next round of a tournament, from what its finished matches say. */
import { type Round, roundRobin, seatCounts, swissRound } from './pairing';
import { standingsOf } from './standings';
import type { TournamentRecord } from './tournament-store.port';

/** The rounds a tournament plays in all. */
export function plannedRounds(t: Pick<TournamentRecord, 'format' | 'rounds' | 'seatsPerMatch' | 'entrants'>): number {
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
