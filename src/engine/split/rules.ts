/**
 * Checking and playing one move. `check` only reads (legalMoves filters its candidates through it);
 * `perform` assumes a checked move and builds the next state.
 */
import { type EngineError, type Seat, illegal } from '../core';
import { type Card, type MatchType, matchType, rankOf, removeCards, sortCards } from './cards';
import {
  LAST_MELDS_MAY_EMPTY_HAND,
  MELDS_MAY_PRECEDE_MUST_PLAY,
  PERFECT_TARGET_REQUIRED,
  SWAP_MAY_GIVE_NEW_MATCH,
  TAKE_JUDGED_AFTER_TAKING,
  matchId,
  ownerAfterUpgrade,
  placeReplacedCard,
  upgradeBonusType,
} from './decisions';
import { type Draft, addToHand, draft, endRound, finishLastMelds, nextTurn } from './round';
import { addNegative } from './scoring';
import { canLay, upgradedType } from './table';
import type { Bonus, SplitMove, SplitState, TableMatch } from './types';

type Refusal = { ok: false; error: EngineError };
const OK = null;

/** `made` is the match just laid (null for upgrades): it is on the table when its bonus resolves. */
function checkBonus(s: SplitState, seat: Seat, type: MatchType, bonus: Bonus, made: TableMatch | null): Refusal | null {
  const mismatch = () =>
    illegal(
      'split/bonus-mismatch',
      {
        perfect: 'A perfect match\'s bonus is { "target": seat }: an opponent who fills a negative box.',
        strong: 'A strong match\'s bonus is { "draw": true } (or none): an extra draw after your discard.',
        weak: 'A weak match\'s bonus is { "swap": { "mine", "theirs" } } (or none): two matches of one type change hands.',
      }[type],
    );
  if (bonus.kind === 'none') {
    return type === 'perfect' && PERFECT_TARGET_REQUIRED
      ? illegal('split/bonus-required', 'A perfect match must name an opponent: bonus { "target": seat }.')
      : OK;
  }
  if (type === 'perfect') {
    if (bonus.kind !== 'target') return mismatch();
    if (!Number.isInteger(bonus.target) || bonus.target < 0 || bonus.target >= s.seats)
      return illegal('split/no-such-target', `There is no seat ${bonus.target}: seats are 0 to ${s.seats - 1}.`);
    if (bonus.target === seat)
      return illegal('split/target-self', 'The negative box goes to an opponent, not to yourself.');
    return OK;
  }
  if (type === 'strong') return bonus.kind === 'draw' ? OK : mismatch();
  if (bonus.kind !== 'swap') return mismatch();
  const table = made && SWAP_MAY_GIVE_NEW_MATCH ? s.matches.concat([made]) : s.matches;
  const mine = table.find((m) => m.id === bonus.mine);
  if (!mine) return illegal('split/no-such-match', `There is no match ${bonus.mine} on the table.`);
  if (mine.seat !== seat) return illegal('split/swap-not-mine', `${bonus.mine} is not one of your matches.`);
  const theirs = table.find((m) => m.id === bonus.theirs);
  if (!theirs) return illegal('split/no-such-match', `There is no match ${bonus.theirs} on the table.`);
  if (theirs.seat === seat)
    return illegal('split/swap-not-theirs', `${bonus.theirs} is yours: swap with an opponent's match.`);
  if (theirs.type !== mine.type) {
    return illegal(
      'split/swap-type-mismatch',
      `A swap needs two matches of one type: ${bonus.mine} is ${mine.type}, ${bonus.theirs} is ${theirs.type}.`,
    );
  }
  return OK;
}

/** The taken card must stay layable after any meld that does not lay it. */
function checkMustPlay(
  s: SplitState,
  laid: readonly Card[],
  hand: readonly Card[],
  table: readonly TableMatch[],
): Refusal | null {
  const card = s.mustPlay;
  if (card === null || laid.includes(card)) return OK;
  if (!MELDS_MAY_PRECEDE_MUST_PLAY)
    return illegal('split/must-play-first', `Lay ${card}, taken from the discard row, first.`);
  return canLay(hand, table, card)
    ? OK
    : illegal(
        'split/must-play-stranded',
        `That would leave ${card}, taken from the discard row, with no way to be laid this turn.`,
      );
}

const notHeld = (what: string) => illegal('split/card-not-held', `You do not hold ${what}.`);

function checkLastMelds(hand: readonly Card[], pairs: readonly (readonly [Card, Card])[]): Refusal | null {
  for (const [a, b] of pairs) {
    if (rankOf(a) !== rankOf(b)) return illegal('split/rank-mismatch', `${a} and ${b} are not of one rank.`);
  }
  const rest = removeCards(hand, pairs.flat());
  if (!rest) return notHeld('every card of those matches');
  if (rest.length === 0 && !LAST_MELDS_MAY_EMPTY_HAND)
    return illegal('split/last-card', 'One card must stay in your hand.');
  return OK;
}

export function check(s: SplitState, seat: Seat, m: SplitMove): Refusal | null {
  const hand = s.hands[seat] ?? [];
  if (s.phase === 'lastMelds') {
    if (m.type !== 'lastMelds')
      return illegal(
        'split/last-melds-phase',
        'The round has ended: only { "type": "lastMelds", "matches": [...] } may be sent now.',
      );
    return checkLastMelds(hand, m.matches);
  }
  if (m.type === 'lastMelds')
    return illegal('split/not-last-melds', 'Last melds are laid only after a player went out on their first turn.');
  if (m.type === 'draw' || m.type === 'take') {
    if (s.step !== 'draw')
      return illegal('split/already-drew', 'You have drawn this turn already: meld, upgrade or discard.');
    if (m.type === 'draw') return s.pile.length > 0 ? OK : illegal('split/pile-empty', 'The draw pile is empty.');
    const picked = s.discardRow[m.index];
    if (picked === undefined)
      return illegal(
        'split/no-such-card-in-row',
        `The discard row has ${s.discardRow.length} cards (index 0 is the oldest).`,
      );
    const judged = TAKE_JUDGED_AFTER_TAKING ? hand.concat(s.discardRow.slice(m.index)) : hand.concat([picked]);
    return canLay(judged, s.matches, picked)
      ? OK
      : illegal('split/take-unplayable', `${picked} cannot be laid at once, so it cannot be taken.`);
  }
  if (s.step !== 'meld')
    return illegal('split/draw-first', 'Draw first: { "type": "draw" } or { "type": "take", "index": n }.');
  switch (m.type) {
    case 'discard':
      if (s.mustPlay !== null)
        return illegal('split/must-play-first', `Lay ${s.mustPlay}, taken from the discard row, before you discard.`);
      return hand.includes(m.card) ? OK : notHeld(m.card);
    case 'match': {
      const [a, b] = m.cards;
      const rest = removeCards(hand, m.cards);
      if (!rest) return notHeld(a === b ? `two ${a}` : `both ${a} and ${b}`);
      if (rankOf(a) !== rankOf(b)) return illegal('split/rank-mismatch', `${a} and ${b} are not of one rank.`);
      if (rest.length === 0)
        return illegal('split/last-card', 'You may not lay your last card: one must stay for the discard.');
      const made: TableMatch = { id: matchId(s.nextMatch), seat, cards: m.cards, type: matchType(a, b) };
      return checkBonus(s, seat, made.type, m.bonus, made) ?? checkMustPlay(s, m.cards, rest, s.matches.concat([made]));
    }
    case 'upgrade': {
      const target = s.matches.find((x) => x.id === m.match);
      if (!target) return illegal('split/no-such-match', `There is no match ${m.match} on the table.`);
      if (!hand.includes(m.card)) return notHeld(m.card);
      if (hand.length < 2)
        return illegal('split/last-card', 'You may not lay your last card: one must stay for the discard.');
      if (rankOf(m.card) !== rankOf(target.cards[0]))
        return illegal('split/rank-mismatch', `${m.card} is not of the rank of ${m.match}.`);
      if (!target.cards.includes(m.replace))
        return illegal('split/replace-not-in-match', `${m.match} holds no ${m.replace}.`);
      const type = upgradedType(target, m.card, m.replace);
      if (type === null)
        return illegal(
          'split/not-stronger',
          `${m.card} for ${m.replace} does not make ${m.match} stronger than ${target.type}.`,
        );
      const bonusType = upgradeBonusType(type);
      const refused =
        bonusType === null
          ? m.bonus.kind === 'none'
            ? OK
            : illegal('split/bonus-mismatch', 'Upgrades give no bonus.')
          : checkBonus(s, seat, bonusType, m.bonus, null);
      if (refused) return refused;
      const table = s.matches.map((x) => (x.id === m.match ? upgradedMatch(x, seat, m.card, m.replace, type) : x));
      return checkMustPlay(s, [m.card], removeCards(hand, [m.card]) ?? [], table);
    }
  }
}

function upgradedMatch(x: TableMatch, seat: Seat, card: Card, replace: Card, type: MatchType): TableMatch {
  const other = x.cards[1 - x.cards.indexOf(replace)] as Card;
  const cards = sortCards([card, other]) as [Card, Card];
  return { id: x.id, seat: ownerAfterUpgrade(x.seat, seat), cards, type };
}

function applyBonus(d: Draft, bonus: Bonus): void {
  switch (bonus.kind) {
    case 'none':
      return;
    case 'target':
      d.sheets[bonus.target] = addNegative(d.sheets[bonus.target] as Draft['sheets'][number], 1);
      return;
    case 'draw':
      d.extraDraws += 1;
      return;
    case 'swap': {
      const i = d.matches.findIndex((x) => x.id === bonus.mine);
      const j = d.matches.findIndex((x) => x.id === bonus.theirs);
      const mine = d.matches[i] as TableMatch;
      const theirs = d.matches[j] as TableMatch;
      d.matches[i] = { ...mine, seat: theirs.seat };
      d.matches[j] = { ...theirs, seat: mine.seat };
    }
  }
}

function layFromHand(d: Draft, seat: Seat, cards: readonly Card[]): void {
  d.hands[seat] = removeCards(d.hands[seat] ?? [], cards) ?? [];
  if (d.mustPlay !== null && cards.includes(d.mustPlay)) d.mustPlay = null;
}

/** Plays a move that `check` accepted. */
export function perform(s: SplitState, seat: Seat, m: SplitMove): SplitState {
  const d = draft(s);
  switch (m.type) {
    case 'draw': {
      addToHand(d, seat, [d.pile.pop() as Card]);
      if (d.pile.length === 0) endRound(d, null);
      else d.step = 'meld';
      break;
    }
    case 'take': {
      d.mustPlay = d.discardRow[m.index] as Card;
      addToHand(d, seat, d.discardRow.splice(m.index));
      d.step = 'meld';
      break;
    }
    case 'match': {
      layFromHand(d, seat, m.cards);
      d.matches.push({ id: matchId(d.nextMatch++), seat, cards: m.cards, type: matchType(m.cards[0], m.cards[1]) });
      applyBonus(d, m.bonus);
      break;
    }
    case 'upgrade': {
      const i = d.matches.findIndex((x) => x.id === m.match);
      const before = d.matches[i] as TableMatch;
      layFromHand(d, seat, [m.card]);
      d.matches[i] = upgradedMatch(
        before,
        seat,
        m.card,
        m.replace,
        upgradedType(before, m.card, m.replace) as MatchType,
      );
      placeReplacedCard(d.discardRow, m.replace);
      applyBonus(d, m.bonus);
      break;
    }
    case 'discard': {
      layFromHand(d, seat, [m.card]);
      d.discardRow.push(m.card);
      if ((d.hands[seat] as Card[]).length === 0) {
        endRound(d, seat);
        break;
      }
      if (drawExtras(d, seat)) nextTurn(d);
      break;
    }
    case 'lastMelds': {
      const phase = d.lastMelds;
      if (!phase) break;
      const sent = phase.sent.slice();
      sent[seat] = m.matches;
      d.lastMelds = { ...phase, waiting: phase.waiting.filter((x) => x !== seat), sent };
      if (d.lastMelds.waiting.length === 0) finishLastMelds(d);
      break;
    }
  }
  return d;
}

/** The strong bonuses' extra draws, after the discard; false when the pile ran dry (the round ended). */
function drawExtras(d: Draft, seat: Seat): boolean {
  for (; d.extraDraws > 0; d.extraDraws--) {
    addToHand(d, seat, [d.pile.pop() as Card]);
    if (d.pile.length === 0) {
      endRound(d, null);
      return false;
    }
  }
  return true;
}

/** How many cards a discard's extra draws take, read from the state before it (for the log). */
export function extraDrawsOf(before: SplitState, seat: Seat): number {
  if ((before.hands[seat] ?? []).length <= 1) return 0;
  return Math.min(before.extraDraws, before.pile.length);
}
