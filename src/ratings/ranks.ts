/**
 * Where each seat finished, from a match's outcome: the ranking both the ratings and a tournament's points
 * are computed from. Rank 0 is best; tied seats share a rank.
 * - the winners share rank 0 (a draw: every seat is a winner);
 * - the other seats follow by final score, highest first (tied scores share a rank);
 * - seats that left the match (a forfeit on time in 3+ seats) come last, together.
 */
import type { Outcome, Seat } from '../engine/core';

export function ranksOf(outcome: Outcome, seats: number, left: readonly Seat[] = []): number[] {
  const tier = (s: Seat): number => (outcome.winners.includes(s) ? 0 : left.includes(s) ? 2 : 1);
  const order = Array.from({ length: seats }, (_, s) => s);
  const score = (s: Seat): number => outcome.scores[s] ?? 0;
  const before = (a: Seat, b: Seat): number => tier(a) - tier(b) || (tier(a) === 1 ? score(b) - score(a) : 0);
  order.sort(before);
  const ranks = new Array<number>(seats).fill(0);
  order.forEach((seat, i) => {
    const prev = order[i - 1];
    ranks[seat] = prev !== undefined && before(prev, seat) === 0 ? (ranks[prev] as number) : i;
  });
  return ranks;
}

/**
 * A match's points by seat, shared by rank and summing to 1 (docs/api.md): with k seats the i-th place is worth
 * (k - 1 - i) / (k (k - 1) / 2), and tied seats share their places' worth equally. Two seats: a win is 1, a
 * loss 0, a draw ½ each.
 */
export function pointsOf(ranks: readonly number[]): number[] {
  const k = ranks.length;
  if (k < 2) return ranks.map(() => 1);
  const worth = (place: number): number => (k - 1 - place) / ((k * (k - 1)) / 2);
  return ranks.map((rank) => {
    const tied = ranks.filter((r) => r === rank).length;
    let sum = 0;
    for (let place = rank; place < rank + tied; place++) sum += worth(place);
    return sum / tied;
  });
}
