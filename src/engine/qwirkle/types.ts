import type { RngState, Seat } from '../core';
import type { PlacedTile, Tile } from './tiles';

export type { Color, PlacedTile, Shape, Tile } from './tiles';

export type QwirkleMove =
  | { readonly type: 'place'; readonly tiles: readonly PlacedTile[] }
  | { readonly type: 'exchange'; readonly tiles: readonly Tile[] };

export interface QwirkleOptions {
  /** Moves (placements and exchanges, skips not counted) after which the match ends as it stands. */
  readonly maxTurns: number;
}

/** The last move made, as everyone may see it. */
export type LastTurn =
  | {
      readonly seat: Seat;
      readonly type: 'place';
      readonly tiles: readonly PlacedTile[];
      /** Points of the placement, Qwirkle bonuses included. */
      readonly points: number;
      readonly qwirkles: number;
      /** The end bonus (6) when this placement emptied the hand with the bag empty, else 0. */
      readonly bonus: number;
      /** How many tiles the mover drew afterwards. */
      readonly drew: number;
    }
  | { readonly seat: Seat; readonly type: 'exchange'; readonly count: number };

export type EndReason = 'qwirkle/out-of-tiles' | 'qwirkle/blocked' | 'qwirkle/max-turns';

/** Plain JSON. Hands, the bag order and `rng` are secret; everything else may be shown. */
export interface QwirkleState {
  readonly seats: number;
  readonly maxTurns: number;
  /** Tiles in the order they were laid. */
  readonly board: readonly PlacedTile[];
  /** By seat; drawn tiles are appended, so a move's draw is the tail of the hand after it. */
  readonly hands: readonly (readonly Tile[])[];
  /** The next tile drawn is the last element. */
  readonly bag: readonly Tile[];
  readonly scores: readonly number[];
  /** Fixed at setup; shown to each seat (its own only) until the first move. */
  readonly openingSizes: readonly number[];
  readonly startingSeat: Seat;
  /** The seat to move; null once the match has ended. */
  readonly current: Seat | null;
  /** Moves made so far (skips are not moves). */
  readonly turns: number;
  readonly lastTurn: LastTurn | null;
  /** Seats the engine skipped right after `lastTurn` (they could neither place nor exchange). */
  readonly skipped: readonly Seat[];
  readonly ended: EndReason | null;
  readonly rng: RngState;
  /** Seats that left the match (a forfeit on time in 3+ seats): their tiles went back to the bag; never to move again. */
  readonly left?: readonly Seat[];
}
