/**
 * The match: setup phase, then turns; skips, wins and draws are settled after every change.
 */
import {
  type Outcome,
  type Result,
  Rng,
  type RngState,
  type Seat,
  gameOver,
  illegal,
  notYourTurn,
  ok,
  seedRng,
  type SetupInput,
} from '../core';
import type { Direction, Face } from './block';
import { type Block, type Square, sortBlocks } from './board';
import type { DeblockleMove } from './notation';
import type { DeblockleOptions } from './options';
import { type PlacedBlock, allPlacements, checkPlacement, randomPlacement, rollBlocks } from './setup';
import { canMove, legalTurns, playTurn } from './turn';

export type Pair<T> = readonly [T, T];

export interface LastTurn {
  readonly seat: Seat;
  readonly from: Square;
  readonly tip: Direction;
  readonly to: Square;
  /** The face the tip brought up. */
  readonly top: Face;
  readonly removed: boolean;
}

export interface DeblockleResult {
  readonly winners: readonly Seat[];
  readonly reason: string;
}

export interface DeblockleState {
  readonly options: DeblockleOptions;
  /** Drawn from only at setup; kept so the state is the whole story. */
  readonly rng: RngState;
  readonly phase: 'setup' | 'play';
  /** rolled[s]: the top faces rolled for seat s's blocks. */
  readonly rolled: Pair<readonly Face[]>;
  /** placements[p]: how seat p placed its OPPONENT's blocks (by square); null until it has. Secret in setup. */
  readonly placements: Pair<readonly PlacedBlock[] | null>;
  /** On the board, by square. */
  readonly blocks: readonly Block[];
  readonly removed: Pair<number>;
  readonly turns: number;
  /** The seat to move in play; null in setup and once over. */
  readonly turn: Seat | null;
  /** The seat skipped (blocked) right after the last turn. */
  readonly skipped: Seat | null;
  readonly lastTurn: LastTurn | null;
  readonly result: DeblockleResult | null;
}

const other = (seat: Seat): Seat => 1 - seat;

type Settled = Pick<DeblockleState, 'turn' | 'skipped' | 'result'>;

/**
 * Who moves next once `blocks` stand as they are: `preferred` if it can, else the other seat (and
 * `preferred` is skipped), else nobody (a draw). `mover` has just played and wins if it has no block left.
 */
export function settle(
  blocks: readonly Block[],
  options: DeblockleOptions,
  turns: number,
  preferred: Seat,
  mover: Seat | null,
): Settled {
  const over = (winners: Seat[], reason: string): Settled => ({
    turn: null,
    skipped: null,
    result: { winners, reason },
  });
  if (mover !== null && !blocks.some((b) => b.seat === mover)) return over([mover], 'deblockle/all-removed');
  if (turns >= options.maxTurns) return over([0, 1], 'deblockle/max-turns');
  if (canMove(blocks, preferred, options.noSideBySide)) return { turn: preferred, skipped: null, result: null };
  if (canMove(blocks, other(preferred), options.noSideBySide))
    return { turn: other(preferred), skipped: preferred, result: null };
  return over([0, 1], 'deblockle/both-blocked');
}

/** Puts both placements on the board and starts play with `firstSeat`. */
function startPlay(state: Omit<DeblockleState, keyof Settled | 'blocks' | 'phase'>): DeblockleState {
  const [by0, by1] = state.placements;
  const b1 = checkPlacement(by0 ?? [], 1, state.rolled[1]);
  const b0 = checkPlacement(by1 ?? [], 0, state.rolled[0]);
  if (!b0.ok || !b1.ok) throw new Error('deblockle: a stored placement no longer checks');
  const blocks = sortBlocks([...b0.value, ...b1.value]);
  return { ...state, phase: 'play', blocks, ...settle(blocks, state.options, 0, state.options.firstSeat, null) };
}

export function setup(input: SetupInput<DeblockleOptions>): DeblockleState {
  const { options } = input;
  const rng = new Rng(seedRng(input.seed));
  const rolled: Pair<Face[]> = [rollBlocks(rng, options.blocks), rollBlocks(rng, options.blocks)];
  const base = { options, rolled, removed: [0, 0] as Pair<number>, turns: 0, lastTurn: null };
  if (options.setup === 'random') {
    const of0 = randomPlacement(0, rolled[0], rng);
    const of1 = randomPlacement(1, rolled[1], rng);
    return startPlay({ ...base, rng: rng.state, placements: [of1, of0] });
  }
  return {
    ...base,
    rng: rng.state,
    phase: 'setup',
    placements: [null, null],
    blocks: [],
    turn: null,
    skipped: null,
    result: null,
  };
}

export function toMove(state: DeblockleState): Seat[] {
  if (state.result !== null) return [];
  if (state.phase === 'setup') return [0, 1].filter((s) => state.placements[s] === null);
  return state.turn === null ? [] : [state.turn];
}

export function* legalMoves(state: DeblockleState, seat: Seat): Generator<DeblockleMove> {
  if (!toMove(state).includes(seat)) return;
  if (state.phase === 'setup') {
    for (const blocks of allPlacements(other(seat), state.rolled[other(seat)] as Face[]))
      yield { type: 'setup', blocks };
    return;
  }
  yield* legalTurns(state.blocks, seat, state.options.noSideBySide);
}

export function apply(state: DeblockleState, seat: Seat, move: DeblockleMove): Result<DeblockleState> {
  if (state.result !== null) return gameOver();
  if (!toMove(state).includes(seat)) return notYourTurn();

  if (state.phase === 'setup') {
    if (move.type !== 'setup')
      return illegal('deblockle/setup-pending', 'Setup first: place your opponent\'s blocks ({ "type": "setup", … }).');
    const placed = checkPlacement(move.blocks, other(seat), state.rolled[other(seat)] as Face[]);
    if (!placed.ok) return placed;
    const mine = placed.value.map(({ square, top, north }) => ({ square, top, north }));
    const placements = (
      seat === 0 ? [mine, state.placements[1]] : [state.placements[0], mine]
    ) as DeblockleState['placements'];
    const next = { ...state, placements };
    return ok(placements[0] !== null && placements[1] !== null ? startPlay(next) : next);
  }

  if (move.type !== 'turn')
    return illegal('deblockle/setup-over', 'The setup is over: a turn is { "from", "tip", "to" }.');
  const played = playTurn(state.blocks, seat, move, state.options.noSideBySide);
  if (!played.ok) return played;
  const { blocks, top, removed } = played.value;
  const turns = state.turns + 1;
  return ok({
    ...state,
    blocks,
    removed: !removed
      ? state.removed
      : seat === 0
        ? [state.removed[0] + 1, state.removed[1]]
        : [state.removed[0], state.removed[1] + 1],
    turns,
    lastTurn: { seat, from: move.from, tip: move.tip, to: move.to, top, removed },
    ...settle(blocks, state.options, turns, other(seat), seat),
  });
}

export function scores(state: DeblockleState): number[] {
  return [...state.removed];
}

export function outcome(state: DeblockleState): Outcome | null {
  if (state.result === null) return null;
  return {
    winners: [...state.result.winners],
    scores: scores(state),
    reason: state.result.reason,
    draw: state.result.winners.length === 2,
  };
}
