/**
 * The 104 split cards: each of the 52 card names of a standard deck exists twice (the two halves of one
 * card are alike in play). A card is named by rank and suit: `7H`, `10S`, `QD`.
 */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'C', 'H', 'D'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
/** A card name such as `7H`; always one of the 52 names in `CARD_NAMES`. */
export type Card = string;
export type Colour = 'black' | 'red';

/** Weakest first: the index is the strength used by upgrades. */
export const MATCH_TYPES = ['weak', 'strong', 'perfect'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

export const COPIES_PER_NAME = 2;
export const DECK_SIZE = RANKS.length * SUITS.length * COPIES_PER_NAME;

/** The 52 names in canonical order: by rank, then suit S C H D. */
export const CARD_NAMES: readonly Card[] = RANKS.flatMap((r) => SUITS.map((s) => `${r}${s}`));
const ORDER = new Map<string, number>(CARD_NAMES.map((c, i) => [c, i]));

export function isCard(x: unknown): x is Card {
  return typeof x === 'string' && ORDER.has(x);
}

export function rankOf(card: Card): Rank {
  return card.slice(0, -1) as Rank;
}

export function suitOf(card: Card): Suit {
  return card.slice(-1) as Suit;
}

export function colourOf(card: Card): Colour {
  const s = suitOf(card);
  return s === 'S' || s === 'C' ? 'black' : 'red';
}

/** Canonical order: rank, then suit S C H D. */
export function compareCards(a: Card, b: Card): number {
  return (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0);
}

export function sortCards(cards: readonly Card[]): Card[] {
  return cards.slice().sort(compareCards);
}

/** The full deck in canonical order, each name twice. */
export function fullDeck(): Card[] {
  return CARD_NAMES.flatMap((c) => [c, c]);
}

/** The type of two cards of one rank (callers check the rank first). */
export function matchType(a: Card, b: Card): MatchType {
  if (suitOf(a) === suitOf(b)) return 'perfect';
  if (colourOf(a) === colourOf(b)) return 'strong';
  return 'weak';
}

export function strength(type: MatchType): number {
  return MATCH_TYPES.indexOf(type);
}

/** Removes one copy of each card of `cards` from `hand`; null when the hand lacks one of them. */
export function removeCards(hand: readonly Card[], cards: readonly Card[]): Card[] | null {
  const out = hand.slice();
  for (const c of cards) {
    const i = out.indexOf(c);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}

/** The distinct names of a sorted or unsorted list, in canonical order. */
export function distinct(cards: readonly Card[]): Card[] {
  return sortCards([...new Set(cards)]);
}
