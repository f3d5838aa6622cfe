/**
 * Test support: build a hand-made position, count the cards, and re-deal what a viewer may not see (for
 * the contract suite). Not used by the engine itself.
 */
import { type EngineError, type Rng, type Seat, type Viewer, play, seedRng } from '../core';
import { type Card, fullDeck, matchType, removeCards, sortCards } from './cards';
import { FIRST_MATCH_NUMBER, matchId } from './decisions';
import { parseOptions } from './options';
import { splitEngine } from './index';
import { emptySheet } from './scoring';
import type { SeatSheet, SplitState, Step, TableMatch } from './types';

export interface PositionSpec {
  /** Each seat's hand; the seat count is its length unless `seats` says otherwise. */
  readonly hands: readonly (readonly Card[])[];
  readonly seats?: number;
  /** Top card FIRST. Omitted: every card not placed elsewhere, in canonical order (top = last of them). */
  readonly pile?: readonly Card[];
  /** Oldest first. */
  readonly discardRow?: readonly Card[];
  /** Matches on the table, ids m1, m2, … in this order unless given. */
  readonly matches?: readonly { readonly seat: Seat; readonly cards: readonly [Card, Card]; readonly id?: string }[];
  readonly turnOf?: Seat;
  readonly step?: Step;
  readonly round?: number;
  readonly dealer?: Seat;
  /** Raw options, as a client sends them. */
  readonly options?: unknown;
  readonly sheets?: readonly SeatSheet[];
  readonly mustPlay?: Card | null;
  readonly extraDraws?: number;
  /** Turns begun this round by seat; default 1 each (nobody is on a first turn that allows last melds). */
  readonly turnsBegun?: readonly number[];
  readonly seed?: string;
}

/** A position in play, built from `spec`. Throws on a spec that uses a card more than twice. */
export function buildPosition(spec: PositionSpec): SplitState {
  const seats = spec.seats ?? spec.hands.length;
  const options = parseOptions(spec.options, seats);
  if (!options.ok) throw new Error(`fixture options: ${options.error.message}`);
  const matches: TableMatch[] = (spec.matches ?? []).map((m, i) => {
    const cards = sortCards(m.cards) as [Card, Card];
    return { id: m.id ?? matchId(FIRST_MATCH_NUMBER + i), seat: m.seat, cards, type: matchType(cards[0], cards[1]) };
  });
  const placed = [
    ...spec.hands.flat(),
    ...(spec.discardRow ?? []),
    ...matches.flatMap((m) => m.cards),
    ...(spec.pile ?? []),
  ];
  const rest = removeCards(fullDeck(), placed);
  if (!rest) throw new Error('fixture uses a card more than twice');
  const hands = Array.from({ length: seats }, (_, s) => sortCards(spec.hands[s] ?? []));
  const maxId = Math.max(FIRST_MATCH_NUMBER - 1, ...matches.map((m) => Number(m.id.slice(1))));
  const dealer = spec.dealer ?? 0;
  return {
    seats,
    options: options.value,
    rng: seedRng(spec.seed ?? 'fixture'),
    round: spec.round ?? 1,
    dealer,
    phase: 'play',
    turnOf: spec.turnOf ?? (dealer + 1) % seats,
    step: spec.step ?? 'draw',
    hands,
    pile: spec.pile ? spec.pile.slice().reverse() : rest,
    discardRow: (spec.discardRow ?? []).slice(),
    matches,
    nextMatch: maxId + 1,
    mustPlay: spec.mustPlay ?? null,
    extraDraws: spec.extraDraws ?? 0,
    turnsBegun: spec.turnsBegun?.slice() ?? Array.from({ length: seats }, () => 1),
    lastMelds: null,
    sheets: spec.sheets?.slice() ?? Array.from({ length: seats }, emptySheet),
    lastRound: null,
  };
}

/** Hands, table, discard row and pile: always 104. */
export function countCards(s: SplitState): number {
  return s.hands.reduce((n, h) => n + h.length, 0) + 2 * s.matches.length + s.discardRow.length + s.pile.length;
}

/**
 * Re-deals what `viewer` may not see: the other hands (keeping their sizes, and the card the mover must
 * still lay, which everyone saw taken), the pile order, the PRNG state; others' unrevealed last melds become
 * empty choices, since they were made from the hands just re-dealt.
 */
export function scrambleHidden(s: SplitState, viewer: Viewer, rng: Rng): SplitState {
  const hidden = Array.from({ length: s.seats }, (_, seat) => seat).filter((seat) => seat !== viewer);
  const kept = (seat: Seat): Card[] =>
    s.phase === 'play' && seat === s.turnOf && s.mustPlay !== null ? [s.mustPlay] : [];
  let pool = s.pile.slice();
  for (const seat of hidden) pool = pool.concat(removeCards(s.hands[seat] ?? [], kept(seat)) ?? []);
  pool = rng.shuffle(pool);
  const hands = s.hands.map((h, seat) => {
    if (!hidden.includes(seat)) return h;
    const own = kept(seat);
    return sortCards(own.concat(pool.splice(0, h.length - own.length)));
  });
  const lastMelds = s.lastMelds && {
    ...s.lastMelds,
    sent: s.lastMelds.sent.map((p, seat) => (p !== null && hidden.includes(seat) ? [] : p)),
  };
  return {
    ...s,
    rng: [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32()],
    hands,
    pile: pool,
    lastMelds,
  };
}

/** Parses and applies a wire move; throws (failing the test) when it is refused. */
export function playWire(s: SplitState, seat: Seat, raw: unknown): SplitState {
  const r = play(splitEngine, s, seat, raw);
  if (!r.ok)
    throw new Error(`${JSON.stringify(raw)} refused: ${r.error.code} ${r.error.reason ?? ''} ${r.error.message}`);
  return r.value.state;
}

/** The error a wire move gets; throws when it is accepted. */
export function refusal(s: SplitState, seat: Seat, raw: unknown): EngineError {
  const r = play(splitEngine, s, seat, raw);
  if (r.ok) throw new Error(`${JSON.stringify(raw)} was accepted`);
  return r.error;
}
