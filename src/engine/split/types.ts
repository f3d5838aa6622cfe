import type { RngState, Seat } from '../core';
import type { Card, MatchType, Rank } from './cards';

export interface ScoreSheet {
  /** Box values per rank, first box first; a row scores its last filled box. */
  readonly rows: Readonly<Record<Rank, readonly number[]>>;
  /** Points each filled negative box costs. */
  readonly negativeBox: number;
}

export interface SplitOptions {
  readonly rounds: number;
  readonly scoreSheet: ScoreSheet;
}

/** What a match's bonus does; `none` where the type allows no bonus or the maker declines. */
export type Bonus =
  | { readonly kind: 'none' }
  | { readonly kind: 'target'; readonly target: Seat }
  | { readonly kind: 'draw' }
  | { readonly kind: 'swap'; readonly mine: string; readonly theirs: string };

export type SplitMove =
  | { readonly type: 'draw' }
  | { readonly type: 'take'; readonly index: number }
  /** `cards` in canonical order. */
  | { readonly type: 'match'; readonly cards: readonly [Card, Card]; readonly bonus: Bonus }
  | {
      readonly type: 'upgrade';
      readonly match: string;
      readonly card: Card;
      readonly replace: Card;
      readonly bonus: Bonus;
    }
  | { readonly type: 'discard'; readonly card: Card }
  /** Each pair in canonical order, the pairs sorted. */
  | { readonly type: 'lastMelds'; readonly matches: readonly (readonly [Card, Card])[] };

export interface TableMatch {
  readonly id: string;
  readonly seat: Seat;
  /** Canonical order. */
  readonly cards: readonly [Card, Card];
  readonly type: MatchType;
}

export interface SeatSheet {
  /** Boxes filled per rank row (never more than the row has). */
  readonly boxes: Readonly<Record<Rank, number>>;
  readonly negative: number;
}

export interface RoundSummary {
  readonly round: number;
  readonly endedBy: 'out' | 'pile';
  readonly wentOut: Seat | null;
  /** By seat: the rank of each match that was scored, and the cards left in hand (negative boxes). */
  readonly scored: readonly { readonly ranks: readonly Rank[]; readonly cardsLeft: number }[];
}

export interface LastMeldsPhase {
  /** Seats still to send their last melds. */
  readonly waiting: readonly Seat[];
  /** By seat: the pairs sent (hidden from others until all have sent), null when not sent or not asked. */
  readonly sent: readonly (readonly (readonly [Card, Card])[] | null)[];
  /** The seat that went out on its first turn. */
  readonly wentOut: Seat;
}

export type Phase = 'play' | 'lastMelds' | 'over';
export type Step = 'draw' | 'meld';

export interface SplitState {
  readonly seats: number;
  readonly options: SplitOptions;
  /** The PRNG state: only round deals draw from it. */
  readonly rng: RngState;
  readonly round: number;
  readonly dealer: Seat;
  readonly phase: Phase;
  /** The seat whose turn it is (meaningful in phase `play`). */
  readonly turnOf: Seat;
  readonly step: Step;
  /** Sorted canonically. */
  readonly hands: readonly (readonly Card[])[];
  /** Top card last. */
  readonly pile: readonly Card[];
  /** Oldest first. */
  readonly discardRow: readonly Card[];
  readonly matches: readonly TableMatch[];
  /** The number the next match id gets. */
  readonly nextMatch: number;
  /** The card taken from the row that must still be laid this turn. */
  readonly mustPlay: Card | null;
  /** Extra draws owed to the mover after its discard (strong bonuses). */
  readonly extraDraws: number;
  /** By seat: turns begun this round. */
  readonly turnsBegun: readonly number[];
  readonly lastMelds: LastMeldsPhase | null;
  readonly sheets: readonly SeatSheet[];
  readonly lastRound: RoundSummary | null;
  /** Seats that left the match (a forfeit on time in 3+ seats): still dealt, never to move again, never winners. */
  readonly left?: readonly Seat[];
}
