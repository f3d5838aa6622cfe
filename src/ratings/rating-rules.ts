/**
 * Which finished matches count toward the ratings, beyond "every seat is a player's or a bot's" (the
 * projector's): the rules that keep ratings from being farmed (issue #35: 12 throwaway players who resigned at
 * move 0 lifted a fresh player to first on the leaderboard in 11 s). Pure, and used by the live fold and the
 * rebuild alike (`npm run ratings:rebuild` goes through the same projector), so both give the same ratings.
 *
 * 1. **Every seat moved.** A match is rated only once each of its seats made a move of its own (Lichess rates a
 *    game only once both sides have moved). A resignation at move 0, a timeout before a seat's first move, an
 *    abort: not rated. The server's move for a seat that ran out of time (`onTimeout: random`: a `TimedOut`
 *    and then that seat's `MoveMade`) is not the seat's own.
 * 2. **The same opponents, a few times a day.** Two identities' matches in one game count at most
 *    `RATED_SAME_OPPONENT_PER_DAY` times in any 24 hours (a rolling window, by finish time): a match is rated
 *    only if every pair of its identities has fewer rated matches than that in the 24 hours before its finish.
 *    Rolling rather than per UTC day: a calendar day lets 2 × N matches through around midnight. The window
 *    is folded in the ratings' own order (finish time, then id), so it is a function of the logs.
 */

/** The event fields the first rule reads (a StoredEvent has them). */
export interface SeatEvent {
  readonly type: string;
  readonly seat: number | null;
}

/**
 * Folds a match's log, in order, into the seats that made a move of their own. Call `add` with each page;
 * `all(n)` tells when every one of `n` seats has (then the rest of the log need not be read).
 */
export class MovedSeats {
  private readonly moved = new Set<number>();
  /** Seats that ran out with `onTimeout: random`: their next move is the server's. */
  private readonly owed = new Set<number>();

  add(events: Iterable<SeatEvent>): this {
    for (const e of events) {
      if (e.seat === null) continue;
      if (e.type === 'TimedOut') this.owed.add(e.seat);
      else if (e.type === 'MoveMade') {
        if (this.owed.has(e.seat)) this.owed.delete(e.seat);
        else this.moved.add(e.seat);
      }
    }
    return this;
  }

  all(seats: number): boolean {
    for (let s = 0; s < seats; s++) if (!this.moved.has(s)) return false;
    return true;
  }
}

export const DAY_MS = 86_400_000;

/** The pairs of identities a match puts against each other: each "a\nb" with a < b. */
export function pairsOf(keys: readonly string[]): string[] {
  const sorted = [...keys].sort();
  const pairs: string[] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) pairs.push(`${sorted[i]}\n${sorted[j]}`);
  return pairs;
}

/** One rated match of a pair: what the window remembers (and the store keeps for the last 24 hours). */
export interface RatedPair {
  readonly game: string;
  readonly pair: string;
  readonly matchId: string;
  readonly finishedAt: Date;
}

/**
 * The rolling window of rule 2. Matches are offered in the ratings' order; `known` is what the window held
 * before the first (the store's rows of the last 24 hours, loaded per pair by the caller: `has`/`load`).
 * `perDay` 0 turns the rule off.
 */
export class SameOpponentWindow {
  private readonly times = new Map<string, number[]>();
  readonly added: RatedPair[] = [];

  constructor(private readonly perDay: number) {}

  /** Whether the window knows this pair already (else the caller loads its recent rows first). */
  has(game: string, pair: string): boolean {
    return this.perDay === 0 || this.times.has(`${game}\n${pair}`);
  }

  /** Seeds a pair with its rated matches before the first offered (any order). */
  load(game: string, pair: string, finishedAt: readonly Date[]): void {
    const list = this.times.get(`${game}\n${pair}`) ?? [];
    list.push(...finishedAt.map((d) => d.getTime()));
    list.sort((a, b) => a - b);
    this.times.set(`${game}\n${pair}`, list);
  }

  /**
   * Whether a match of these pairs finishing at `finishedAt` is rated; when it is, it is counted. Every pair must
   * be known (`has`) first.
   */
  offer(game: string, matchId: string, pairs: readonly string[], finishedAt: Date): boolean {
    if (this.perDay === 0) return true;
    const at = finishedAt.getTime();
    const lists = pairs.map((p) => {
      const list = this.times.get(`${game}\n${p}`) ?? [];
      // Forget what fell out of the window: later offers finish no earlier than this one.
      let old = 0;
      while (old < list.length && (list[old] as number) <= at - DAY_MS) old++;
      if (old > 0) list.splice(0, old);
      this.times.set(`${game}\n${p}`, list);
      return list;
    });
    if (lists.some((l) => l.length >= this.perDay)) return false;
    lists.forEach((l, i) => {
      l.push(at);
      this.added.push({ game, pair: pairs[i] as string, matchId, finishedAt });
    });
    return true;
  }
}
