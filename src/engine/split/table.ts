/** What can be laid where: the shared judgement behind `take`, upgrades and the must-play guard. */
import { type Card, type MatchType, matchType, rankOf, strength } from './cards';
import type { TableMatch } from './types';

/** The type `match` would have with `card` laid in place of `replace`; null when that is no upgrade. */
export function upgradedType(match: TableMatch, card: Card, replace: Card): MatchType | null {
  if (rankOf(card) !== rankOf(match.cards[0])) return null;
  const i = match.cards.indexOf(replace);
  if (i < 0) return null;
  const other = match.cards[1 - i] as Card;
  const type = matchType(card, other);
  return strength(type) > strength(match.type) ? type : null;
}

function canUpgradeWith(matches: readonly TableMatch[], card: Card): boolean {
  return matches.some((m) => m.cards.some((r) => upgradedType(m, card, r) !== null));
}

/**
 * Whether `card` (held in `hand`) can be laid now: in a new match with another held card of its rank, or as
 * an upgrade; either way at least one card must stay in the hand.
 */
export function canLay(hand: readonly Card[], matches: readonly TableMatch[], card: Card): boolean {
  if (hand.length >= 3) {
    const sameRank = hand.filter((c) => rankOf(c) === rankOf(card)).length;
    if (sameRank >= 2) return true;
  }
  return hand.length >= 2 && canUpgradeWith(matches, card);
}
