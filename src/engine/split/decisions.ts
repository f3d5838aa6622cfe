/**
 * Every point where the rules file (or the engine) had to decide because the printed rulebook and score pad
 * are not available. Each is a named constant or function, used by the rules from here only, so a ruling can
 * change in one place. `R:` marks a **Decision** of the rules file; `E:` a judgement call of this engine.
 * Changing any of them changes how old logs replay: bump `rulesVersion` in index.ts.
 */
import type { Card, MatchType, Rank } from './cards';
import type { Seat } from '../core';

// ---------------------------------------------------------------- the score pad
/** R: the pad's values per rank row; a row scores its last filled box. */
export const DEFAULT_SCORE_ROWS: Readonly<Record<Rank, readonly number[]>> = {
  A: [30, 70, 120, 180],
  '2': [5, 20, 40, 70],
  '3': [10, 30, 60, 100],
  '4': [10, 30, 60, 100],
  '5': [10, 30, 60, 100],
  '6': [10, 30, 60, 100],
  '7': [10, 30, 60, 100],
  '8': [10, 30, 60, 100],
  '9': [10, 30, 60, 100],
  '10': [10, 30, 60, 100],
  J: [20, 50, 90, 140],
  Q: [20, 50, 90, 140],
  K: [20, 50, 90, 140],
};
/** R: a row scores the value of its last filled box (nothing while it is empty). */
export function rowValue(row: readonly number[], filled: number): number {
  if (filled <= 0) return 0;
  return row[Math.min(filled, row.length) - 1] ?? 0;
}
/** R: each filled negative box costs this much. */
export const DEFAULT_NEGATIVE_BOX_COST = 10;
/**
 * R: a match of a rank whose row is full fills nothing and scores nothing more (the row keeps its last
 * value). E: negative boxes have no limit.
 */
export function fillRankBox(filled: number, rowLength: number): number {
  return Math.min(filled + 1, rowLength);
}
// E (no switch): the perfect bonus's negative box is filled at once, so it shows in the running total at once.

// ---------------------------------------------------------------- dealing
export const HAND_SIZE = 9;
export const FIRST_DEALER: Seat = 0;
/** The seat to the dealer's left moves first. */
export function firstMover(dealer: Seat, seats: number): Seat {
  return (dealer + 1) % seats;
}
/** R: whoever went out deals next; when the pile ran out, the deal passes to the seat after the dealer. */
export function nextDealer(dealer: Seat, wentOut: Seat | null, seats: number): Seat {
  return wentOut ?? (dealer + 1) % seats;
}
/**
 * E: every round shuffles a fresh deck in canonical order (all 104 cards are gathered anyway, so where they
 * lay does not matter), then `deal` lays it out: `HAND_SIZE` consecutive cards to seats 0, 1, …, the rest
 * is the pile (its top is the array's end), and the pile's top card is turned up as the discard row.
 */
export function deal(shuffled: readonly Card[], seats: number): { hands: Card[][]; pile: Card[]; discardRow: Card[] } {
  const hands = Array.from({ length: seats }, (_, s) => shuffled.slice(s * HAND_SIZE, (s + 1) * HAND_SIZE));
  const pile = shuffled.slice(seats * HAND_SIZE);
  const up = pile.pop();
  return { hands, pile, discardRow: up === undefined ? [] : [up] };
}

// ---------------------------------------------------------------- match ids
/** E: ids count up over the whole game and are never reused, so an id always names one match. */
export function matchId(n: number): string {
  return `m${n}`;
}
export const FIRST_MATCH_NUMBER = 1;

// ---------------------------------------------------------------- take
/**
 * E: whether the picked card "can be played at once" is judged on the hand after the take, i.e. with the
 * cards taken above it (as in Rummy 500); the last-card rule counts too.
 */
export const TAKE_JUDGED_AFTER_TAKING = true;
/**
 * E: other melds may come before the taken card is laid, but none may leave it unplayable (the turn would
 * then have no way to reach its discard).
 */
export const MELDS_MAY_PRECEDE_MUST_PLAY = true;

// ---------------------------------------------------------------- bonuses
/** E: the perfect bonus is not optional: the maker must name an opponent. */
export const PERFECT_TARGET_REQUIRED = true;
/**
 * E: a weak match's swap may give away the weak match just made (it is on the table, yours, when its bonus
 * resolves); it has the id `view.nextMatchId` had before the move.
 */
export const SWAP_MAY_GIVE_NEW_MATCH = true;

// ---------------------------------------------------------------- upgrades
/** R: the replaced card goes on top of the discard row (the row is kept oldest first). */
export function placeReplacedCard(row: Card[], replaced: Card): void {
  row.push(replaced);
}
/** R: an upgraded match belongs to whoever upgraded it (an opponent's match is stolen). */
export function ownerAfterUpgrade(_owner: Seat, upgrader: Seat): Seat {
  return upgrader;
}
/** R: an upgrade grants the bonus of the match's new type (optional draw for strong, a target for perfect). */
export function upgradeBonusType(newType: MatchType): MatchType | null {
  return newType;
}

// ---------------------------------------------------------------- end of round
/**
 * E: in the first-turn last-melds phase the seats may lay every card they hold (the last-card rule keeps a
 * card for a discard, and none follows). Their choices stay hidden until all have sent theirs, then all are
 * laid at once, in seat order, each seat's pairs in the order sent (canonical after parsing).
 */
export const LAST_MELDS_MAY_EMPTY_HAND = true;
// E (no switch): a seat "has had a turn" once its turn has begun; the seats still waiting for their first
// turn when someone goes out on theirs are the ones that lay last melds.

// ---------------------------------------------------------------- options
export const DEFAULT_ROUNDS = 3;
export const MAX_ROUNDS = 20;
/** E: bounds for a custom score sheet (option `scoreSheet`). */
export const SCORE_SHEET_LIMITS = { maxBoxes: 10, maxValue: 10000, maxNegativeCost: 10000 } as const;
// R (no switch): after the last round the highest total wins; equal top totals share the win.

// ---------------------------------------------------------------- a seat that leaves
// E (turnbase, not the rulebook): a seat that forfeits on time in a match of 3+ seats leaves, and the others
// play on (round.ts `leaveMatch`). It keeps its hand (hidden, still counted: 104 cards, and a negative box
// per card at each round's end) and its matches on the table (which others may still upgrade and take); it is
// still dealt in later rounds, so the deal and the pile are what they would have been; it takes no more
// turns, sends no last melds, and cannot win. A turn it was in the middle of ends there, without a discard.
