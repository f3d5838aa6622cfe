/**
 * The only ways state leaves the engine. A seat sees its own hand; everyone sees the table, the discard row,
 * the sheets and the counts. Never shown: another hand, the pile's order, another seat's drawn cards, the
 * seed or the PRNG state, or another seat's last melds before all are laid.
 */
import type { LogContext, RedactedMove, Seat, Viewer } from '../core';
import { type Card, type MatchType, RANKS, type Rank } from './cards';
import { matchId } from './decisions';
import { encodeMove } from './notation';
import { extraDrawsOf } from './rules';
import { sheetTotal } from './scoring';
import type { Phase, RoundSummary, ScoreSheet, SplitMove, SplitState } from './types';

export interface SplitView {
  readonly round: number;
  readonly rounds: number;
  readonly dealer: Seat;
  readonly phase: Phase;
  /** The mover's step; null once the game is over. */
  readonly step: 'draw' | 'meld' | 'lastMelds' | null;
  /** Whose turn it is; null in the last-melds phase and at the end. */
  readonly turnOf: Seat | null;
  /** The viewer's own cards (seats only). */
  readonly hand?: readonly Card[];
  readonly handCounts: readonly number[];
  /** Cards left in the draw pile. */
  readonly drawPile: number;
  /** Oldest first. */
  readonly discardRow: readonly Card[];
  readonly matches: readonly { id: string; seat: Seat; cards: readonly Card[]; type: MatchType }[];
  /** The id the next match laid will get (a weak match's swap may name it). */
  readonly nextMatchId: string;
  /** The card taken from the discard row that the mover must still lay this turn. */
  readonly mustPlay: Card | null;
  /** Extra draws the mover gets after the discard (strong bonuses). */
  readonly extraDraws: number;
  /** The last-melds phase: who must still send, who has sent; `mine` is the viewer's own choice once sent. */
  readonly lastMelds: {
    readonly waiting: readonly Seat[];
    readonly sent: readonly Seat[];
    readonly mine?: readonly (readonly Card[])[];
  } | null;
  /** By seat: boxes filled per rank, negative boxes, running total. */
  readonly sheets: readonly { boxes: Readonly<Record<Rank, number>>; negative: number; total: number }[];
  /** The box values in play. */
  readonly scoreSheet: ScoreSheet;
  /** What the previous round wrote on the sheets. */
  readonly lastRound: RoundSummary | null;
}

export function view(s: SplitState, viewer: Viewer): SplitView {
  const isSeat = viewer !== 'spectator' && viewer >= 0 && viewer < s.seats;
  const lm = s.lastMelds;
  const lastMelds = lm && {
    waiting: lm.waiting.slice(),
    sent: lm.sent.flatMap((p, seat) => (p === null ? [] : [seat])),
    ...(isSeat && lm.sent[viewer] ? { mine: (lm.sent[viewer] ?? []).map((p) => [p[0], p[1]]) } : {}),
  };
  return {
    round: s.round,
    rounds: s.options.rounds,
    dealer: s.dealer,
    phase: s.phase,
    step: s.phase === 'over' ? null : s.phase === 'lastMelds' ? 'lastMelds' : s.step,
    turnOf: s.phase === 'play' ? s.turnOf : null,
    ...(isSeat ? { hand: (s.hands[viewer] ?? []).slice() } : {}),
    handCounts: s.hands.map((h) => h.length),
    drawPile: s.pile.length,
    discardRow: s.discardRow.slice(),
    matches: s.matches.map((m) => ({ id: m.id, seat: m.seat, cards: [m.cards[0], m.cards[1]], type: m.type })),
    nextMatchId: matchId(s.nextMatch),
    mustPlay: s.mustPlay,
    extraDraws: s.extraDraws,
    lastMelds,
    sheets: s.sheets.map((sh) => ({
      boxes: { ...sh.boxes },
      negative: sh.negative,
      total: sheetTotal(s.options.scoreSheet, sh),
    })),
    // Copies, never the state's own objects: the default pad is one module-level object shared by every match.
    scoreSheet: copyScoreSheet(s.options.scoreSheet),
    lastRound: s.lastRound && {
      ...s.lastRound,
      scored: s.lastRound.scored.map((x) => ({ ranks: x.ranks.slice(), cardsLeft: x.cardsLeft })),
    },
  };
}

function copyScoreSheet(pad: ScoreSheet): ScoreSheet {
  const rows = Object.fromEntries(RANKS.map((rank) => [rank, pad.rows[rank].slice()])) as Record<Rank, number[]>;
  return { rows, negativeBox: pad.negativeBox };
}

/**
 * A log entry as `viewer` may see it: the wire move, the cards it drew from the pile (`drawn`: the cards
 * for the drawer, their number for anyone else) and the round it ended. Last melds stay hidden from the
 * others until every waiting seat has sent theirs.
 */
export function redactMove(ctx: LogContext<SplitState, SplitMove>, viewer: Viewer): RedactedMove {
  const { seat, move, before, after, now } = ctx;
  const own = viewer === seat;
  const ended = after.round !== before.round || (after.phase !== before.phase && after.phase !== 'play');
  const roundEnded = ended ? { roundEnded: before.round } : {};
  if (move.type === 'lastMelds') {
    const revealed = now.round !== before.round || now.phase === 'over';
    return own || revealed
      ? { move: encodeMove(move), effects: { ...roundEnded } }
      : { move: { type: 'lastMelds', hidden: true }, effects: { ...roundEnded } };
  }
  const drawn = pileCardsDrawn(ctx);
  const shown = drawn.length === 0 ? {} : { drawn: own ? drawn : drawn.length };
  return { move: encodeMove(move), effects: { ...shown, ...roundEnded } };
}

function pileCardsDrawn({ seat, move, before }: LogContext<SplitState, SplitMove>): Card[] {
  const n = move.type === 'draw' ? 1 : move.type === 'discard' ? extraDrawsOf(before, seat) : 0;
  return before.pile.slice(before.pile.length - n).reverse();
}
