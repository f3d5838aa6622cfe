/**
 * Split bots, weakest first. Split hides the pile and the other hands, so the bots read the view (their
 * hand, the table, the discard row, the sheets and the pile's size) and judge each legal move on its own:
 * a turn is several moves (draw or take, melds, one discard) and each is chosen when its time comes.
 *
 * - `random`: a uniformly random legal move.
 * - `greedy`: one ply: a match or upgrade by the box it fills on the sheet, a perfect bonus on any
 *   opponent, no optional bonus; the newest row card when it can be laid, else a draw; discards a card
 *   of a rank it holds once; goes out when it can.
 * - `planner`: heuristics for the whole round: takes from the row when the cards taken make matches,
 *   steals opponents' matches by upgrades, aims perfect bonuses at the leader, swaps weak matches for
 *   better ranks, draws a strong bonus's extra card only while the pile is long, goes out at once, and
 *   discards what no opponent can lay on a table match. It does not search: its budget is 0.
 */
import { type Bot, pickBest, randomBot, type Seat } from '../core';
import { type Card, rankOf, type Rank } from './cards';
import { rowValue } from './decisions';
import type { Bonus, SplitMove } from './types';
import type { SplitView } from './view';

export type SplitBot = Bot<SplitView, SplitMove>;

/** A card held at the round's end fills a negative box. */
const CARD_IN_HAND = 10;
const GOING_OUT = 100;

/** Points the next match of `rank` adds to `seat`'s sheet (matches already on the table count first). */
function boxGain(view: SplitView, seat: Seat, rank: Rank): number {
  const row = view.scoreSheet.rows[rank];
  const held = view.matches.filter((m) => m.seat === seat && rankOf(m.cards[0] as Card) === rank).length;
  const filled = (view.sheets[seat]?.boxes[rank] ?? 0) + held;
  return rowValue(row, filled + 1) - rowValue(row, filled);
}

const count = (hand: readonly Card[], rank: Rank): number => hand.filter((c) => rankOf(c) === rank).length;
const matchOf = (view: SplitView, id: string) => view.matches.find((m) => m.id === id);

function greedyScore(view: SplitView, seat: Seat, move: SplitMove): number {
  const hand = view.hand ?? [];
  switch (move.type) {
    case 'draw':
      return 0;
    case 'take':
      // The newest card alone is worth laying; every older card taken with it is one more to get rid of.
      return 5 - 5 * (view.discardRow.length - 1 - move.index);
    case 'match':
      return (
        boxGain(view, seat, rankOf(move.cards[0])) +
        2 * CARD_IN_HAND +
        (move.bonus.kind === 'target' ? 5 : move.bonus.kind === 'none' ? 0 : -1)
      );
    case 'upgrade': {
      const m = matchOf(view, move.match);
      const steal = m && m.seat !== seat ? boxGain(view, seat, rankOf(move.card)) : 0;
      return steal + CARD_IN_HAND + (move.bonus.kind === 'target' ? 5 : move.bonus.kind === 'none' ? 0 : -1);
    }
    case 'discard':
      return hand.length === 1 ? GOING_OUT : -2 * CARD_IN_HAND - 3 * count(hand, rankOf(move.card));
    case 'lastMelds':
      return move.matches.length;
  }
}

const greedy: SplitBot = {
  id: 'greedy',
  description:
    'One ply: lays matches and upgrades by the sheet box they fill, takes only the newest row card, goes out when it can.',
  defaultBudget: 0,
  choose: ({ view, legalMoves, seat, rng }) => pickBest(legalMoves, (m) => greedyScore(view, seat, m), rng),
};

/** Pairs the hand could lay, each worth its box; unpaired cards cost more as the pile (and the round) runs out. */
function handValue(view: SplitView, seat: Seat, hand: readonly Card[]): number {
  const ranks = new Map<Rank, number>();
  for (const c of hand) ranks.set(rankOf(c), (ranks.get(rankOf(c)) ?? 0) + 1);
  const urgency = view.drawPile < 10 ? 2 : 1;
  let value = 0;
  for (const [rank, n] of ranks) {
    value += Math.floor(n / 2) * (boxGain(view, seat, rank) + CARD_IN_HAND);
    value -= (n % 2) * CARD_IN_HAND * urgency * 0.5;
  }
  return value;
}

/** The opponent to hurt: the highest running total (the lowest seat among equals). */
function leader(view: SplitView, seat: Seat): Seat {
  let best = -1;
  let total = -Infinity;
  view.sheets.forEach((s, i) => {
    if (i !== seat && s.total > total) {
      total = s.total;
      best = i;
    }
  });
  return best;
}

function bonusValue(view: SplitView, seat: Seat, bonus: Bonus): number {
  switch (bonus.kind) {
    case 'none':
      return 0;
    case 'target':
      return bonus.target === leader(view, seat) ? 8 : 4;
    case 'draw':
      // An extra card is a chance while the pile is long, and a liability near the round's end.
      return view.drawPile > 20 && (view.hand?.length ?? 0) <= 4 ? 2 : -5;
    case 'swap': {
      const mine = matchOf(view, bonus.mine);
      const theirs = matchOf(view, bonus.theirs);
      if (!mine || !theirs) return -1; // naming the new match: its rank is the one just laid
      return (
        boxGain(view, seat, rankOf(theirs.cards[0] as Card)) - boxGain(view, seat, rankOf(mine.cards[0] as Card)) + 1
      );
    }
  }
}

/** Whether a discarded `card` lets the next player upgrade a match on the table (and so take it from the row). */
function feedsUpgrade(view: SplitView, card: Card): boolean {
  return view.matches.some((m) => rankOf(m.cards[0] as Card) === rankOf(card) && m.type !== 'perfect');
}

function plannerScore(view: SplitView, seat: Seat, move: SplitMove): number {
  const hand = view.hand ?? [];
  switch (move.type) {
    case 'draw':
      return handValue(view, seat, hand) - 2;
    case 'take': {
      const taken = view.discardRow.slice(move.index);
      return handValue(view, seat, [...hand, ...taken]);
    }
    case 'match':
      return boxGain(view, seat, rankOf(move.cards[0])) + 2 * CARD_IN_HAND + bonusValue(view, seat, move.bonus);
    case 'upgrade': {
      const m = matchOf(view, move.match);
      const rank = rankOf(move.card);
      // Stealing moves the box from them to us; upgrading our own only sheds a card.
      const steal = m && m.seat !== seat ? boxGain(view, seat, rank) + boxGain(view, m.seat, rank) : 0;
      return steal + CARD_IN_HAND + bonusValue(view, seat, move.bonus);
    }
    case 'discard': {
      if (hand.length === 1) return GOING_OUT * 10;
      const rank = rankOf(move.card);
      return (
        -2 * CARD_IN_HAND -
        8 * (count(hand, rank) - 1) -
        (feedsUpgrade(view, move.card) ? 6 : 0) -
        boxGain(view, seat, rank) / 20
      );
    }
    case 'lastMelds':
      return move.matches.length;
  }
}

const planner: SplitBot = {
  id: 'planner',
  description:
    'Heuristics: takes from the row when it makes matches, steals by upgrades, bonuses on the leader, goes out at once.',
  defaultBudget: 0,
  choose: ({ view, legalMoves, seat, rng }) => pickBest(legalMoves, (m) => plannerScore(view, seat, m), rng),
};

/** Weakest first. */
export const splitBots: readonly SplitBot[] = [randomBot<SplitView, SplitMove>(), greedy, planner];
