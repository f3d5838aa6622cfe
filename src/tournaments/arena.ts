/**
 * An arena (docs/api.md "Matchmaking and arenas"): until its time is up, every entrant that is not playing is paired
 * again at once with the free entrants closest in score, never with its last opponent while another is free.
 * Pure: the director calls it with the free entrants each time it looks (every TOURNAMENT_SWEEP_MS).
 *
 * Scoring is 2 for a win, 1 for a draw, 0 for a loss: twice the points a round robin gives (1, ½, 0; in 3+
 * seats the points shared by rank, summing to 2 a table), so the match results are stored as in any tournament.
 */
import type { Round } from './pairing';

export interface FreeEntrant {
  readonly idx: number;
  readonly score: number;
  /** The entrants of its last match (none before its first). */
  readonly lastOpponents: readonly number[];
  /** How many times it sat first: seat 0 goes to whoever sat there least. */
  readonly firstSeats: number;
}

export const ARENA_POINTS_SCALE = 2;

export function arenaPairing(free: readonly FreeEntrant[], seats: number): Round {
  const pool = [...free].sort((a, b) => b.score - a.score || a.idx - b.idx);
  const tables: number[][] = [];
  while (pool.length >= seats) {
    const first = pool.shift() as FreeEntrant;
    const table: FreeEntrant[] = [first];
    const metLast = (a: FreeEntrant, b: FreeEntrant): boolean =>
      a.lastOpponents.includes(b.idx) || b.lastOpponents.includes(a.idx);
    const byCloseness = [...pool].sort(
      (a, b) => Math.abs(a.score - first.score) - Math.abs(b.score - first.score) || pool.indexOf(a) - pool.indexOf(b),
    );
    // Fresh opponents first (closest score first among them); a rematch only when no one else is free.
    for (const c of [
      ...byCloseness.filter((c) => !table.some((t) => metLast(t, c))),
      ...byCloseness.filter((c) => table.some((t) => metLast(t, c))),
    ]) {
      if (table.length === seats) break;
      table.push(c);
    }
    for (const t of table.slice(1)) pool.splice(pool.indexOf(t), 1);
    table.sort((a, b) => a.firstSeats - b.firstSeats || a.idx - b.idx);
    tables.push(table.map((t) => t.idx));
  }
  return tables;
}
