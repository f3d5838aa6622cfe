/** The life of a round: the deal, the turn order, the end (with the last-melds phase) and the scoring. */
import { Rng, type Seat } from '../core';
import { type Card, type Rank, fullDeck, matchType, rankOf, sortCards } from './cards';
import { deal, firstMover, matchId, nextDealer } from './decisions';
import { recordRound } from './scoring';
import type { SeatSheet, SplitState, TableMatch } from './types';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A state being changed by one move: a private copy whose arrays may be mutated. */
export type Draft = Writable<
  Omit<SplitState, 'hands' | 'pile' | 'discardRow' | 'matches' | 'turnsBegun' | 'sheets'>
> & {
  hands: Card[][];
  pile: Card[];
  discardRow: Card[];
  matches: TableMatch[];
  turnsBegun: number[];
  sheets: SeatSheet[];
};

export function draft(s: SplitState): Draft {
  return {
    ...s,
    hands: s.hands.map((h) => h.slice()),
    pile: s.pile.slice(),
    discardRow: s.discardRow.slice(),
    matches: s.matches.slice(),
    turnsBegun: s.turnsBegun.slice(),
    sheets: s.sheets.slice(),
  };
}

export function addToHand(d: Draft, seat: Seat, cards: readonly Card[]): void {
  d.hands[seat] = sortCards((d.hands[seat] ?? []).concat(cards));
}

function beginTurn(d: Draft, seat: Seat): void {
  d.turnOf = seat;
  d.step = 'draw';
  d.mustPlay = null;
  d.extraDraws = 0;
  d.turnsBegun[seat] = (d.turnsBegun[seat] ?? 0) + 1;
}

/** The first seat from `seat` on (itself included) that has not left the match. */
function stillIn(d: Draft, seat: Seat): Seat {
  const left = d.left ?? [];
  for (let i = 0; i < d.seats; i++) {
    const s = (seat + i) % d.seats;
    if (!left.includes(s)) return s;
  }
  return seat;
}

export function nextTurn(d: Draft): void {
  beginTurn(d, stillIn(d, (d.turnOf + 1) % d.seats));
}

/** Shuffles a full deck from the game's PRNG and deals round `d.round` from `d.dealer`. */
export function dealRound(d: Draft): void {
  const rng = new Rng(d.rng);
  const laid = deal(rng.shuffle(fullDeck()), d.seats);
  d.rng = rng.state;
  d.hands = laid.hands.map(sortCards);
  d.pile = laid.pile;
  d.discardRow = laid.discardRow;
  d.matches = [];
  d.turnsBegun = Array.from({ length: d.seats }, () => 0);
  d.lastMelds = null;
  d.phase = 'play';
  beginTurn(d, stillIn(d, firstMover(d.dealer, d.seats)));
}

/**
 * A player went out (`wentOut`) or the pile ran dry (null). Going out on one's first turn first lets every
 * seat that has not had a turn lay its last melds.
 */
export function endRound(d: Draft, wentOut: Seat | null): void {
  d.extraDraws = 0;
  d.mustPlay = null;
  if (wentOut !== null && d.turnsBegun[wentOut] === 1) {
    const waiting = d.turnsBegun.flatMap((n, s) => (n === 0 && !(d.left ?? []).includes(s) ? [s] : []));
    if (waiting.length > 0) {
      d.phase = 'lastMelds';
      d.lastMelds = { waiting, sent: d.turnsBegun.map(() => null), wentOut };
      return;
    }
  }
  scoreRound(d, wentOut);
}

/** Lays every seat's last melds at once (seat order, no bonuses), then scores the round. */
export function finishLastMelds(d: Draft): void {
  const phase = d.lastMelds;
  if (!phase) return;
  phase.sent.forEach((pairs, seat) => {
    for (const [a, b] of pairs ?? []) {
      const hand = d.hands[seat] as Card[];
      hand.splice(hand.indexOf(a), 1);
      hand.splice(hand.indexOf(b), 1);
      d.matches.push({ id: matchId(d.nextMatch++), seat, cards: [a, b], type: matchType(a, b) });
    }
  });
  scoreRound(d, phase.wentOut);
}

/** Writes the round on the sheets, then deals the next round or ends the game. */
function scoreRound(d: Draft, wentOut: Seat | null): void {
  const scored = d.hands.map((hand, seat) => ({
    ranks: d.matches.filter((m) => m.seat === seat).map((m): Rank => rankOf(m.cards[0])),
    cardsLeft: hand.length,
  }));
  d.sheets = d.sheets.map((sheet, seat) => {
    const row = scored[seat] as (typeof scored)[number];
    return recordRound(d.options.scoreSheet, sheet, row.ranks, row.cardsLeft);
  });
  d.lastRound = { round: d.round, endedBy: wentOut === null ? 'pile' : 'out', wentOut, scored };
  d.lastMelds = null;
  if (d.round >= d.options.rounds) {
    d.phase = 'over';
    return;
  }
  d.round += 1;
  d.dealer = nextDealer(d.dealer, wentOut, d.seats);
  dealRound(d);
}

/**
 * The seat leaves (decisions.ts, `leave`): it keeps its cards and matches, but takes no more turns and sends
 * no last melds. A turn it was in the middle of ends there (no discard); a last-melds phase that only
 * waited for it ends.
 */
export function leaveMatch(d: Draft, seat: Seat): void {
  d.left = [...(d.left ?? []), seat].sort((a, b) => a - b);
  if (d.phase === 'play' && d.turnOf === seat) {
    d.extraDraws = 0;
    d.mustPlay = null;
    nextTurn(d);
  } else if (d.phase === 'lastMelds' && d.lastMelds?.waiting.includes(seat)) {
    d.lastMelds = { ...d.lastMelds, waiting: d.lastMelds.waiting.filter((s) => s !== seat) };
    if (d.lastMelds.waiting.length === 0) finishLastMelds(d);
  }
}
