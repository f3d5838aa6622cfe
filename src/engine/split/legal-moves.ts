/**
 * Every legal move of a seat, in a fixed order: draws and takes; then matches (by pair, each with every
 * bonus choice), upgrades (by match, card, replaced card, bonus), discards. Candidates are built from the
 * position and kept when `check` accepts them, so the list and `apply` cannot disagree.
 *
 * Last melds are the one place where the list is not every legal move (every set of disjoint pairs would
 * explode): it gives no melds, each single pair, and one largest set. `apply` accepts any valid set.
 */
import type { Seat } from '../core';
import { type Card, type MatchType, distinct, matchType, rankOf } from './cards';
import { matchId } from './decisions';
import { check } from './rules';
import { upgradedType } from './table';
import type { Bonus, SplitMove, SplitState, TableMatch } from './types';

/** Same-rank pairs of the hand, each once, in canonical order. */
function pairsOf(hand: readonly Card[]): [Card, Card][] {
  const names = distinct(hand);
  const out: [Card, Card][] = [];
  names.forEach((a, i) => {
    if (hand.filter((c) => c === a).length >= 2) out.push([a, a]);
    for (const b of names.slice(i + 1)) if (rankOf(a) === rankOf(b)) out.push([a, b]);
  });
  return out;
}

function bonusChoices(s: SplitState, seat: Seat, type: MatchType, newMatch: TableMatch | null): Bonus[] {
  const opponents = Array.from({ length: s.seats }, (_, i) => i).filter((i) => i !== seat);
  switch (type) {
    case 'perfect':
      return [{ kind: 'none' }, ...opponents.map((target): Bonus => ({ kind: 'target', target }))];
    case 'strong':
      return [{ kind: 'none' }, { kind: 'draw' }];
    case 'weak': {
      const table = newMatch ? s.matches.concat([newMatch]) : s.matches;
      const swaps = table
        .filter((mine) => mine.seat === seat)
        .flatMap((mine) =>
          table
            .filter((t) => t.seat !== seat && t.type === mine.type)
            .map((t): Bonus => ({ kind: 'swap', mine: mine.id, theirs: t.id })),
        );
      return [{ kind: 'none' }, ...swaps];
    }
  }
}

function* candidates(s: SplitState, seat: Seat): Generator<SplitMove> {
  if (s.phase === 'lastMelds') {
    yield* lastMeldsChoices(s.hands[seat] ?? []);
    return;
  }
  if (s.step === 'draw') {
    yield { type: 'draw' };
    for (let index = 0; index < s.discardRow.length; index++) yield { type: 'take', index };
    return;
  }
  const hand = s.hands[seat] ?? [];
  for (const cards of pairsOf(hand)) {
    const type = matchType(cards[0], cards[1]);
    const made: TableMatch = { id: matchId(s.nextMatch), seat, cards, type };
    for (const bonus of bonusChoices(s, seat, type, made)) yield { type: 'match', cards, bonus };
  }
  for (const m of s.matches) {
    for (const card of distinct(hand.filter((c) => rankOf(c) === rankOf(m.cards[0])))) {
      for (const replace of distinct(m.cards)) {
        const type = upgradedType(m, card, replace);
        if (type === null) continue;
        for (const bonus of bonusChoices(s, seat, type, null))
          yield { type: 'upgrade', match: m.id, card, replace, bonus };
      }
    }
  }
  for (const card of distinct(hand)) yield { type: 'discard', card };
}

function* lastMeldsChoices(hand: readonly Card[]): Generator<SplitMove> {
  const pairs = pairsOf(hand);
  yield { type: 'lastMelds', matches: [] };
  for (const p of pairs) yield { type: 'lastMelds', matches: [p] };
  // One largest set: neighbours of one rank in the sorted hand, paired off.
  const largest: [Card, Card][] = [];
  for (let i = 0; i + 1 < hand.length; i++) {
    const a = hand[i] as Card;
    const b = hand[i + 1] as Card;
    if (rankOf(a) === rankOf(b)) {
      largest.push([a, b]);
      i++;
    }
  }
  if (largest.length > 1) yield { type: 'lastMelds', matches: largest };
}

export function* legalMoves(s: SplitState, seat: Seat): Generator<SplitMove> {
  if (s.phase === 'over') return;
  if (s.phase === 'lastMelds' ? !s.lastMelds?.waiting.includes(seat) : seat !== s.turnOf) return;
  for (const m of candidates(s, seat)) if (check(s, seat, m) === null) yield m;
}
