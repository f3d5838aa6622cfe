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
 *
 * Cost: the seeks are grouped by pool, and each pool is sorted by rating once; a seek looks for company by
 * walking outward from its own rating (both neighbours, the nearer first) only as far as its range, over a
 * linked list of the seeks not seated yet. So a pass is O(n log n) plus the seeks each walk visits, not the
 * O(n²) of comparing every seek with every other: the audit's 3,000 seeks in one pool (issue #35) made the
 * all-pairs pass take about 60 ms of the event loop every SEEK_SWEEP_MS. The all-pairs version is kept as the
 * reference of pairing.spec.ts's property test, which checks that both seat the same tables.
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
  /**
   * Epoch milliseconds; from then on the seek sits at no table (it expires), though a bot that was due by then
   * still takes it (so a `botAfterSeconds` equal to the seek's lifetime is kept). Absent: never.
   */
  readonly expiresAt?: number;
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

const byAge = (a: Seeker, b: Seeker): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function pairSeeks(seekers: readonly Seeker[], now: number, widenMs = WIDEN_MS): Pairing {
  const order = [...seekers].sort(byAge);
  const range = new Map(order.map((s) => [s.id, rangeOf(s, now, widenMs)]));
  const fits = (a: Seeker, b: Seeker): boolean => {
    const d = Math.abs(a.rating - b.rating);
    return a.playerId !== b.playerId && d <= (range.get(a.id) as number) && d <= (range.get(b.id) as number);
  };
  const pools = new Map<string, Seeker[]>();
  for (const s of order) {
    if (s.expiresAt !== undefined && now >= s.expiresAt) continue;
    const pool = pools.get(s.pool);
    if (pool) pool.push(s);
    else pools.set(s.pool, [s]);
  }
  const seated = new Set<string>();
  const tables: (readonly string[])[] = [];
  for (const pool of pools.values()) for (const table of pairPool(pool, range, fits)) tables.push(table);
  // The tables in the order one pass over all seeks, oldest first, would make them: by their oldest seek.
  const first = new Map(order.map((s, i) => [s.id, i]));
  tables.sort((a, b) => (first.get(a[0] as string) as number) - (first.get(b[0] as string) as number));
  for (const t of tables) for (const id of t) seated.add(id);
  const againstBot = order
    .filter((s) => !seated.has(s.id) && s.botAfterSeconds !== null && now - s.createdAt >= s.botAfterSeconds * 1000)
    .map((s) => s.id);
  return { tables, againstBot };
}

/** One pool's tables; `pool` is oldest first. */
function pairPool(
  pool: readonly Seeker[],
  range: ReadonlyMap<string, number>,
  fits: (a: Seeker, b: Seeker) => boolean,
): string[][] {
  const n = pool.length;
  // By rating, then age: `at[k]` is the k-th seek in rating order, `pos[i]` where pool[i] sits in it.
  const at = pool.map((_, i) => i).sort((a, b) => (pool[a] as Seeker).rating - (pool[b] as Seeker).rating || a - b);
  const pos = new Array<number>(n);
  at.forEach((i, k) => (pos[i] = k));
  // The seeks not seated yet, as a doubly linked list in rating order (-1: none).
  const prev = at.map((_, k) => k - 1);
  const next = at.map((_, k) => (k + 1 < n ? k + 1 : -1));
  const unlink = (k: number): void => {
    const p = prev[k] as number;
    const q = next[k] as number;
    if (p >= 0) next[p] = q;
    if (q >= 0) prev[q] = p;
  };
  const seekAt = (k: number): Seeker => pool[at[k] as number] as Seeker;
  const seated = new Array<boolean>(n).fill(false);
  const tables: string[][] = [];
  for (let i = 0; i < n; i++) {
    if (seated[i]) continue;
    const s = pool[i] as Seeker;
    const k0 = pos[i] as number;
    const reach = range.get(s.id) as number;
    const table: Seeker[] = [s];
    const members = [k0];
    let left = prev[k0] as number;
    let right = next[k0] as number;
    while (table.length < s.seats) {
      const dl = left >= 0 ? s.rating - seekAt(left).rating : Infinity;
      const dr = right >= 0 ? seekAt(right).rating - s.rating : Infinity;
      const d = Math.min(dl, dr);
      if (!(d <= reach)) break;
      // Every seek at this distance, on either side, taken oldest first (the closest rating, then the oldest).
      const tied: number[] = [];
      while (left >= 0 && s.rating - seekAt(left).rating === d) {
        tied.push(left);
        left = prev[left] as number;
      }
      while (right >= 0 && seekAt(right).rating - s.rating === d) {
        tied.push(right);
        right = next[right] as number;
      }
      tied.sort((a, b) => (at[a] as number) - (at[b] as number));
      for (const k of tied) {
        if (table.length === s.seats) break;
        const c = seekAt(k);
        if (table.every((t) => fits(t, c))) {
          table.push(c);
          members.push(k);
        }
      }
    }
    if (table.length === s.seats) {
      for (const k of members) {
        seated[at[k] as number] = true;
        unlink(k);
      }
      tables.push(table.map((t) => t.id));
    }
  }
  return tables;
}

/**
 * The earliest time after `now` at which pairSeeks over the same seeks could answer differently; Infinity when
 * never. The answer depends on the time only through each seek's range (which steps up every `widenMs`), its bot
 * becoming due, and its expiry. A range step matters only once the range can reach the seek's nearest neighbour
 * in its pool (no pair can fit closer than that), so seeks that cannot meet anyone cost the matcher nothing
 * until something changes: the matcher skips a game's pass while its waiting seeks are the same ones and this
 * time has not come.
 */
export function nextChange(seekers: readonly Seeker[], now: number, widenMs = WIDEN_MS): number {
  let next = Infinity;
  const pools = new Map<string, Seeker[]>();
  for (const s of seekers) {
    if (s.expiresAt !== undefined) next = Math.min(next, s.expiresAt > now ? s.expiresAt : Infinity);
    if (s.botAfterSeconds !== null) {
      const due = s.createdAt + s.botAfterSeconds * 1000;
      if (due > now) next = Math.min(next, due);
    }
    const pool = pools.get(s.pool);
    if (pool) pool.push(s);
    else pools.set(s.pool, [s]);
  }
  for (const pool of pools.values()) {
    const sorted = [...pool].sort((a, b) => a.rating - b.rating);
    sorted.forEach((s, k) => {
      if (!(s.ratingRange > 0)) return;
      const gap = Math.min(
        k > 0 ? s.rating - (sorted[k - 1] as Seeker).rating : Infinity,
        k + 1 < sorted.length ? (sorted[k + 1] as Seeker).rating - s.rating : Infinity,
      );
      if (!Number.isFinite(gap)) return;
      // The step at which the range first reaches the gap, one early against rounding.
      const step = Math.max(0, Math.ceil(gap / s.ratingRange) - 2);
      let at = s.createdAt + step * widenMs;
      if (at <= now) at = s.createdAt + (Math.floor((now - s.createdAt) / widenMs) + 1) * widenMs;
      next = Math.min(next, at);
    });
  }
  return next;
}
