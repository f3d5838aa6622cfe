/**
 * What leaves the engine: a seat's view and the log entries, redacted per viewer. Other hands, the
 * bag's order, tiles returned in an exchange and the PRNG state never appear here.
 */
import type { LogContext, RedactedMove, Seat, Viewer } from '../core';
import type { PlacedTile, Tile } from './tiles';
import type { LastTurn, QwirkleMove, QwirkleState } from './types';

export interface QwirkleView {
  readonly board: PlacedTile[];
  /** The viewer's own tiles; absent for spectators. */
  readonly hand?: Tile[];
  readonly handCounts: number[];
  readonly scores: number[];
  /** Tiles left in the bag. */
  readonly bag: number;
  /** Before the first move: the viewer's own opening size at its seat, null elsewhere. Then null. */
  readonly openingSizes: (number | null)[] | null;
  readonly startingSeat: Seat;
  readonly turns: number;
  readonly lastTurn: LastTurn | null;
  /** Seats skipped right after `lastTurn` because they could neither place nor exchange. */
  readonly skipped: Seat[];
}

const copyTile = (t: Tile): Tile => ({ color: t.color, shape: t.shape });
const copyPlaced = (t: PlacedTile): PlacedTile => ({ color: t.color, shape: t.shape, x: t.x, y: t.y });

function copyLastTurn(t: LastTurn | null): LastTurn | null {
  if (t === null) return null;
  return t.type === 'place' ? { ...t, tiles: t.tiles.map(copyPlaced) } : { ...t };
}

export function view(state: QwirkleState, viewer: Viewer): QwirkleView {
  const seat = viewer === 'spectator' ? null : viewer;
  const ownHand = seat === null ? undefined : state.hands[seat];
  return {
    board: state.board.map(copyPlaced),
    ...(ownHand ? { hand: ownHand.map(copyTile) } : {}),
    handCounts: state.hands.map((h) => h.length),
    scores: state.scores.slice(),
    bag: state.bag.length,
    openingSizes: state.turns === 0 ? state.openingSizes.map((v, s) => (s === seat ? v : null)) : null,
    startingSeat: state.startingSeat,
    turns: state.turns,
    lastTurn: copyLastTurn(state.lastTurn),
    skipped: state.skipped.slice(),
  };
}

/**
 * A log entry for `viewer`. A placement is public (tiles, points, bonus, how many tiles were drawn);
 * only the mover also sees which tiles it drew. Of an exchange, others see only how many tiles went
 * back; the mover sees what went out and what came in. `skipped` lists the seats skipped after it.
 */
export function redactMove(ctx: LogContext<QwirkleState, QwirkleMove>, viewer: Viewer): RedactedMove {
  const { seat, move, before, after } = ctx;
  const mine = viewer === seat;
  // Hands keep their order and drawn tiles are appended, so the draw is the tail of the hand after.
  const kept = (before.hands[seat]?.length ?? 0) - move.tiles.length;
  const drawn = (after.hands[seat] ?? []).slice(kept).map(copyTile);
  const skipped = after.skipped.slice();
  if (move.type === 'place') {
    const last = after.lastTurn;
    const scored = last && last.type === 'place' ? last : { points: 0, qwirkles: 0, bonus: 0 };
    return {
      move: { type: 'place', tiles: move.tiles.map(copyPlaced) },
      effects: {
        points: scored.points,
        qwirkles: scored.qwirkles,
        bonus: scored.bonus,
        drew: drawn.length,
        ...(mine ? { drawn } : {}),
        skipped,
      },
    };
  }
  // Which tiles went back is the mover's secret; how many is public.
  if (!mine) return { move: { type: 'exchange', hidden: true }, effects: { count: move.tiles.length, skipped } };
  return {
    move: { type: 'exchange', tiles: move.tiles.map(copyTile) },
    effects: { count: move.tiles.length, drawn, skipped },
  };
}
