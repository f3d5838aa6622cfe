/**
 * What a viewer sees. The only secret is a seat's setup placement while the other seat has not placed:
 * the board stays empty in setup, and each seat sees only its own placement (`setup.mine`).
 */
import type { LogContext, RedactedMove, Seat, Viewer } from '../core';
import type { Direction, Face } from './block';
import { type Block, makeSquare } from './board';
import { type DeblockleMove, encodeMove } from './notation';
import type { DeblockleState } from './rules';
import { checkPlacement } from './setup';

export interface BlockView {
  readonly seat: Seat;
  readonly square: string;
  readonly top: Face;
  readonly north: Face;
  readonly east: Face;
}

export interface DeblockleView {
  readonly phase: 'setup' | 'play';
  /** Every block on the board, by square (a1, b1, … g7); empty during setup. */
  readonly blocks: BlockView[];
  /** Blocks removed, by seat. */
  readonly removed: number[];
  /** Turns played (setup moves not counted). */
  readonly turns: number;
  /** The seat that was blocked and skipped right after the last turn, if any. */
  readonly skipped: Seat | null;
  readonly lastTurn: {
    readonly seat: Seat;
    readonly from: string;
    readonly tip: Direction;
    readonly to: string;
    readonly top: Face;
    readonly removed: boolean;
  } | null;
  /** During setup only (null afterwards). */
  readonly setup: {
    /** rolled[s]: the faces rolled for seat s's blocks, which seat 1 - s places. */
    readonly rolled: Face[][];
    readonly placed: boolean[];
    /** The viewer's own placement of its opponent's blocks; null if not placed yet or a spectator. */
    readonly mine: BlockView[] | null;
  } | null;
}

const blockView = (b: Block): BlockView => ({
  seat: b.seat,
  square: makeSquare(b.square),
  top: b.top,
  north: b.north,
  east: b.east,
});

function ownPlacement(state: DeblockleState, viewer: Viewer): BlockView[] | null {
  if (viewer === 'spectator') return null;
  const placed = state.placements[viewer];
  if (!placed) return null;
  const blocks = checkPlacement(placed, 1 - viewer, state.rolled[1 - viewer] as Face[]);
  return blocks.ok ? blocks.value.map(blockView) : null;
}

export function view(state: DeblockleState, viewer: Viewer): DeblockleView {
  const last = state.lastTurn;
  return {
    phase: state.phase,
    blocks: state.blocks.map(blockView),
    removed: [...state.removed],
    turns: state.turns,
    skipped: state.skipped,
    lastTurn: last && {
      seat: last.seat,
      from: makeSquare(last.from),
      tip: last.tip,
      to: makeSquare(last.to),
      top: last.top,
      removed: last.removed,
    },
    setup:
      state.phase !== 'setup'
        ? null
        : {
            rolled: state.rolled.map((r) => [...r]),
            placed: state.placements.map((p) => p !== null),
            mine: ownPlacement(state, viewer),
          },
  };
}

/**
 * A setup move stays hidden from everyone but its author until both seats have placed (then the board
 * shows it anyway). A turn is shown with what it did: the face tipped up, a removal, and who was skipped.
 */
export function redactMove(ctx: LogContext<DeblockleState, DeblockleMove>, viewer: Viewer): RedactedMove {
  const { move, after } = ctx;
  if (move.type === 'setup') {
    return {
      move: ctx.now.phase === 'setup' && viewer !== ctx.seat ? { type: 'setup', hidden: true } : encodeMove(move),
      effects: {},
    };
  }
  return {
    move: encodeMove(move),
    effects: { top: after.lastTurn?.top ?? null, removed: after.lastTurn?.removed ?? false, skipped: after.skipped },
  };
}
