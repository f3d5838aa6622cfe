/**
 * An arena (docs/api.md "Matchmaking and arenas"): until its time is up, every entrant that is not playing is paired
 * again at once. Pure: the director calls it with the free entrants each time it looks (every TOURNAMENT_SWEEP_MS).
 *
 * Who is seated: the free entrants are taken longest-waiting first (`freeSince`, then idx), and each one taken
 * chooses the rest of its table from everyone still free. So the entrant that has waited longest is always seated
 * when a table can be filled, and those left over (fewer than a table) are the ones freed last: in 2 seats an
 * entrant waits at most until the next match ends, never longer than the longest match then running (arena.spec's
 * simulation checks it on random arenas). Whom it meets: an opponent it did not just play (neither side's last
 * opponents), then the closest score, then the longest waiting. A rematch is taken only when nobody else is free:
 * no entrant is left idle to avoid one.
 *
 * Rejected: pairing by score first with the repeat rule checked both ways (the version before issue 35). The
 * highest score chose first, and an idle entrant whose last opponent was everyone else's last opponent too was
 * never the preferred choice: in a 3-bot arena two bots met 145 times in a row while the third played twice.
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
  /** Since when it has been free (ms): the end of its last match, or the arena's start before its first. */
  readonly freeSince: number;
}

export const ARENA_POINTS_SCALE = 2;

const metLast = (a: FreeEntrant, b: FreeEntrant): boolean =>
  a.lastOpponents.includes(b.idx) || b.lastOpponents.includes(a.idx);

export function arenaPairing(free: readonly FreeEntrant[], seats: number): Round {
  const pool = [...free].sort((a, b) => a.freeSince - b.freeSince || a.idx - b.idx);
  // Fewer than a table is left over: whoever was freed strictly before the first of the last (pool.length mod
  // seats) must be seated; who is left over is chosen among the rest.
  const leftOver = pool.length % seats;
  const boundary = leftOver === 0 ? Infinity : (pool[pool.length - leftOver] as FreeEntrant).freeSince;
  const mustSit = (c: FreeEntrant): number => (c.freeSince < boundary ? 0 : 1);
  const tables: number[][] = [];
  while (pool.length >= seats) {
    const first = pool.shift() as FreeEntrant;
    const table: FreeEntrant[] = [first];
    while (table.length < seats) {
      const rank = (c: FreeEntrant): number[] => [
        table.filter((t) => metLast(t, c)).length,
        mustSit(c),
        Math.abs(c.score - first.score),
        c.freeSince,
        c.idx,
      ];
      let best = 0;
      let bestRank = rank(pool[0] as FreeEntrant);
      for (let i = 1; i < pool.length; i++) {
        const r = rank(pool[i] as FreeEntrant);
        const cmp = r.reduce((d, x, j) => d || x - (bestRank[j] as number), 0);
        if (cmp < 0) [best, bestRank] = [i, r];
      }
      table.push(pool.splice(best, 1)[0] as FreeEntrant);
    }
    table.sort((a, b) => a.firstSeats - b.firstSeats || a.idx - b.idx);
    tables.push(table.map((t) => t.idx));
  }
  return tables;
}
