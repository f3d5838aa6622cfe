/**
 * Standings of a tournament, from the points of its finished matches (a projection of their logs).
 * Order: points, then the tie-breaks, then the name:
 * 1. Buchholz: the sum of the final points of every opponent met (table-mates in 3+ seats);
 * 2. Sonneborn-Berger: the sum, over one's matches, of the points one took times the opponents' final points;
 * 3. the entrant's name, so the order is total.
 * A Swiss bye scores 1 point and is not a match played.
 */
import type { TournamentMatchRecord } from './tournament-store.port';

export interface Standing {
  readonly idx: number;
  readonly name: string;
  readonly points: number;
  readonly played: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
}

export interface StandingsInput {
  readonly entrants: readonly { readonly idx: number; readonly name: string }[];
  readonly matches: readonly TournamentMatchRecord[];
  /** Swiss byes: entrant idx → how many. */
  readonly byes?: ReadonlyMap<number, number>;
  /** Points per match won (an arena scores 2/1/0: scale 2); 1 by default. */
  readonly scale?: number;
}

export function standingsOf({ entrants, matches, byes, scale = 1 }: StandingsInput): Standing[] {
  const points = new Map<number, number>(entrants.map((e) => [e.idx, byes?.get(e.idx) ?? 0]));
  const played = new Map<number, number>(entrants.map((e) => [e.idx, 0]));
  const scored = matches.filter((m) => m.result !== null);
  for (const m of scored) {
    m.entrants.forEach((e, seat) => {
      points.set(e, (points.get(e) ?? 0) + (m.result?.points[seat] ?? 0) * scale);
      played.set(e, (played.get(e) ?? 0) + 1);
    });
  }
  const buchholz = new Map<number, number>();
  const sb = new Map<number, number>();
  for (const m of scored) {
    m.entrants.forEach((e, seat) => {
      const others = m.entrants.filter((_, s) => s !== seat).reduce((sum, o) => sum + (points.get(o) ?? 0), 0);
      buchholz.set(e, (buchholz.get(e) ?? 0) + others);
      sb.set(e, (sb.get(e) ?? 0) + (m.result?.points[seat] ?? 0) * scale * others);
    });
  }
  return entrants
    .map((e) => ({
      idx: e.idx,
      name: e.name,
      points: points.get(e.idx) ?? 0,
      played: played.get(e.idx) ?? 0,
      buchholz: buchholz.get(e.idx) ?? 0,
      sonnebornBerger: sb.get(e.idx) ?? 0,
    }))
    .sort(
      (a, b) =>
        b.points - a.points ||
        b.buchholz - a.buchholz ||
        b.sonnebornBerger - a.sonnebornBerger ||
        a.name.localeCompare(b.name),
    );
}
