/**
 * Split (Hasbro, revised edition), after ../shared/rules/split.md: 104 cards (52 names, each twice), 2–6
 * players, 9-card deals, a face-down draw pile and a face-up discard row. Every ruling the rules file leaves
 * open, and every judgement call of this engine, lives in decisions.ts.
 *
 * A turn is several moves: one draw step, any melds, one discard.
 *   { "type": "draw" }                          top card of the pile (its last card ends the round at once)
 *   { "type": "take", "index": 3 }              row card 3 (0 = oldest) and every card after it; the picked
 *                                               card must be layable at once and laid before the discard
 *   { "type": "match", "cards": ["7H","7D"], "bonus": … }    bonus by type: perfect { "target": seat }
 *                                               (required), strong { "draw": true } (optional, drawn after the
 *                                               discard), weak { "swap": { "mine": "m1", "theirs": "m4" } }
 *                                               (optional, two matches of one type change hands)
 *   { "type": "upgrade", "match": "m4", "card": "7D", "replace": "7S", "bonus": … }   strictly stronger;
 *                                               the replaced card goes on the row, the match becomes yours,
 *                                               the new type's bonus applies
 *   { "type": "discard", "card": "7H" }         ends the turn; the last card goes out and ends the round
 *   { "type": "lastMelds", "matches": [["7H","7D"]] }   after a first-turn going out, the seats that had no
 *                                               turn lay matches, all at the same time (no bonus, no upgrade)
 * Matches are `m1, m2, …` in the order made, over the whole game.
 *
 * Scoring: each match held at a round's end fills the next box of its rank's row (4 boxes; a row scores its
 * last filled box: A 30/70/120/180, 2 5/20/40/70, 3–10 10/30/60/100, J Q K 20/50/90/140); each card left in
 * hand, and each perfect bonus suffered, fills a negative box (−10). Option `scoreSheet` replaces the values.
 * After `rounds` rounds (default 3) the highest total wins; equal totals share the win.
 *
 * ILLEGAL_MOVE reasons: split/already-drew, split/draw-first, split/pile-empty, split/no-such-card-in-row,
 * split/take-unplayable, split/card-not-held, split/rank-mismatch, split/last-card, split/must-play-first,
 * split/must-play-stranded, split/no-such-match, split/replace-not-in-match, split/not-stronger,
 * split/bonus-required, split/bonus-mismatch, split/no-such-target, split/target-self, split/swap-not-mine,
 * split/swap-not-theirs, split/swap-type-mismatch, split/last-melds-phase, split/not-last-melds.
 * MALFORMED_MOVE reason: split/malformed.
 */
import { type GameEngine, type Outcome, type Seat, gameOver, malformed, notYourTurn, ok, seedRng } from '../core';
import { FIRST_DEALER, FIRST_MATCH_NUMBER } from './decisions';
import { legalMoves } from './legal-moves';
import { encodeMove, parseMove } from './notation';
import { MAX_SEATS, MIN_SEATS, OPTION_SPECS, parseOptions } from './options';
import { type Draft, dealRound, draft, leaveMatch } from './round';
import { check, perform } from './rules';
import { emptySheet, sheetTotal } from './scoring';
import type { SplitMove, SplitOptions, SplitState } from './types';
import { type SplitView, redactMove, view } from './view';

export type * from './types';
export type { SplitView } from './view';
export type { Card, MatchType, Rank } from './cards';

function toMove(s: SplitState): Seat[] {
  if (s.phase === 'over') return [];
  if (s.phase === 'lastMelds') return (s.lastMelds?.waiting ?? []).slice().sort((a, b) => a - b);
  return [s.turnOf];
}

function scores(s: SplitState): number[] {
  return s.sheets.map((sheet) => sheetTotal(s.options.scoreSheet, sheet));
}

function outcome(s: SplitState): Outcome | null {
  if (s.phase !== 'over') return null;
  const totals = scores(s);
  // A seat that left cannot win, whatever its total; a draw is every seat still in play sharing the win.
  const left = s.left ?? [];
  const inPlay = totals.length - left.length;
  const best = Math.max(...totals.filter((_, seat) => !left.includes(seat)));
  const winners = totals.flatMap((t, seat) => (t === best && !left.includes(seat) ? [seat] : []));
  return {
    winners,
    scores: totals,
    reason: 'split/rounds-complete',
    draw: winners.length === inPlay && winners.length > 1,
  };
}

export const splitEngine: GameEngine<SplitState, SplitMove, SplitView, SplitOptions> = {
  id: 'split',
  rulesVersion: 1,
  chance: true,
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  options: OPTION_SPECS,
  parseOptions,
  parseMove,
  encodeMove,

  setup({ seed, seats, options }) {
    const d: Draft = {
      seats,
      options,
      rng: seedRng(seed),
      round: 1,
      dealer: FIRST_DEALER,
      phase: 'play',
      turnOf: FIRST_DEALER,
      step: 'draw',
      hands: [],
      pile: [],
      discardRow: [],
      matches: [],
      nextMatch: FIRST_MATCH_NUMBER,
      mustPlay: null,
      extraDraws: 0,
      turnsBegun: [],
      lastMelds: null,
      sheets: Array.from({ length: seats }, emptySheet),
      lastRound: null,
    };
    dealRound(d);
    return d;
  },

  toMove,
  legalMoves,

  apply(s, seat, move) {
    if (s.phase === 'over') return gameOver();
    if (!toMove(s).includes(seat)) return notYourTurn();
    return check(s, seat, move) ?? ok(perform(s, seat, move));
  },

  leave(s, seat) {
    if (s.phase === 'over') return gameOver();
    if (!Number.isInteger(seat) || seat < 0 || seat >= s.seats) return malformed(`No seat ${seat} in this match.`);
    if (s.left?.includes(seat)) return ok(s);
    const d = draft(s);
    leaveMatch(d, seat);
    return ok(d);
  },

  outcome,
  scores,
  view,
  redactMove,

  legalMovesInfo(s) {
    // Last melds list a sample of the legal sets (see legal-moves.ts); every other list is complete.
    return { complete: s.phase !== 'lastMelds' };
  },
};
