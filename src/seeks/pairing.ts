/**
 * Who sits with whom (docs/api.md "Matchmaking and arenas"), as a pure function of the waiting seeks and the time:
 * the seek matcher runs it inside the transaction that holds the game's seeks locked, then seats the tables.
 *
 * - A seek's range is its `ratingRange` r, widened by r every `widenMs` of waiting: r, 2r, 3r, …
 * - Seeks of one pool (game, time control, options and table size) sit together when every pair of them is
 *   within each other's range, and no player sits twice at one table.
 * - The oldest seek is served first; among the seekers in its range the closest rating goes first, then the
 *   oldest. A table is made only when it is full.
 * - A seek still unpaired after `botAfterSeconds` is seated against the strongest bot.
 *
 * Greedy, not optimal: a maximum matching over rating distances would seat more pairs in rare cases, but it
 * would reorder who waited longest, and a seek that waits widens its range until the greedy pass finds it.
 */
export interface Seeker {
  readonly id: string;
  readonly playerId: string;
  readonly pool: string;
  readonly seats: number;
  readonly rating: number;
  readonly ratingRange: number;
  readonly botAfterSeconds: number | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

export interface Pairing {
  /** Tables of seek ids, each as many as its pool's table size (seat order is decided by the caller). */
  readonly tables: readonly (readonly string[])[];
  /** Seeks to seat against the strongest bot now. */
  readonly againstBot: readonly string[];
}

export const WIDEN_MS = 10_000;

export function rangeOf(s: Seeker, now: number, widenMs = WIDEN_MS): number {
  const waited = Math.max(0, now - s.createdAt);
  return s.ratingRange * (1 + Math.floor(waited / widenMs));
}

export function pairSeeks(seekers: readonly Seeker[], now: number, widenMs = WIDEN_MS): Pairing {
  const order = [...seekers].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const range = new Map(order.map((s) => [s.id, rangeOf(s, now, widenMs)]));
  const fits = (a: Seeker, b: Seeker): boolean => {
    const d = Math.abs(a.rating - b.rating);
    return a.playerId !== b.playerId && d <= (range.get(a.id) as number) && d <= (range.get(b.id) as number);
  };
  const seated = new Set<string>();
  const tables: string[][] = [];
  for (const s of order) {
    if (seated.has(s.id)) continue;
    const candidates = order
      .filter((c) => c !== s && !seated.has(c.id) && c.pool === s.pool && fits(s, c))
      .sort((a, b) => Math.abs(a.rating - s.rating) - Math.abs(b.rating - s.rating) || a.createdAt - b.createdAt);
    const table: Seeker[] = [s];
    for (const c of candidates) {
      if (table.length === s.seats) break;
      if (table.every((t) => fits(t, c))) table.push(c);
    }
    if (table.length === s.seats) {
      for (const t of table) seated.add(t.id);
      tables.push(table.map((t) => t.id));
    }
  }
  const againstBot = order
    .filter((s) => !seated.has(s.id) && s.botAfterSeconds !== null && now - s.createdAt >= s.botAfterSeconds * 1000)
    .map((s) => s.id);
  return { tables, againstBot };
}
