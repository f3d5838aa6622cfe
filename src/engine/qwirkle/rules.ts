/**
 * The match: setup, the opening rule, place and exchange, automatic skips and the three ends.
 */
import {
  gameOver,
  illegal,
  malformed,
  notYourTurn,
  ok,
  type Outcome,
  type Result,
  Rng,
  type Seat,
  seedRng,
  type SetupInput,
} from '../core';
import { Grid } from './board';
import { canPlaceOn } from './legal-moves';
import { checkPlacement } from './scoring';
import { allTiles, END_BONUS, HAND_SIZE, kindOf, openingSize, type PlacedTile, removeTiles, type Tile } from './tiles';
import type { EndReason, QwirkleMove, QwirkleOptions, QwirkleState } from './types';

/** Takes `n` tiles off the end of `bag` (mutated: callers pass their own copy). */
function draw(bag: Tile[], n: number): Tile[] {
  const out: Tile[] = [];
  for (let i = 0; i < n; i++) out.push(bag.pop() as Tile);
  return out;
}

/** The seat with the largest opening size; ties go to the lowest seat (seat order stands for age). */
export function chooseStarter(openingSizes: readonly number[]): Seat {
  return openingSizes.indexOf(Math.max(...openingSizes));
}

export function setup({ seed, seats, options }: SetupInput<QwirkleOptions>): QwirkleState {
  const rng = new Rng(seedRng(seed));
  const bag = rng.shuffle(allTiles());
  const hands = Array.from({ length: seats }, () => draw(bag, HAND_SIZE));
  const openingSizes = hands.map(openingSize);
  const startingSeat = chooseStarter(openingSizes);
  return {
    seats,
    maxTurns: options.maxTurns,
    board: [],
    hands,
    bag,
    scores: hands.map(() => 0),
    openingSizes,
    startingSeat,
    current: startingSeat,
    turns: 0,
    lastTurn: null,
    skipped: [],
    ended: null,
    rng: rng.state,
  };
}

export function apply(state: QwirkleState, seat: Seat, move: QwirkleMove): Result<QwirkleState> {
  if (state.ended !== null) return gameOver();
  if (seat !== state.current) return notYourTurn();
  return move.type === 'place' ? place(state, seat, move.tiles) : exchange(state, seat, move.tiles);
}

function place(state: QwirkleState, seat: Seat, tiles: readonly PlacedTile[]): Result<QwirkleState> {
  const rest = removeTiles(state.hands[seat] ?? [], tiles);
  if (rest === null) return illegal('qwirkle/tiles-not-held', 'You do not hold all of those tiles.');
  if (state.board.length === 0) {
    const size = state.openingSizes[seat];
    if (tiles.length !== size) {
      return illegal(
        'qwirkle/wrong-opening-size',
        `The opening move must place exactly ${size} tiles: your largest set sharing a colour or a shape.`,
      );
    }
    if (!tiles.some((t) => t.x === 0 && t.y === 0)) {
      return illegal('qwirkle/opening-off-origin', 'The opening line must cover the cell (0, 0).');
    }
  }
  const check = checkPlacement(
    Grid.of(state.board),
    tiles.map((t) => ({ kind: kindOf(t), x: t.x, y: t.y })),
  );
  if (!check.ok) return illegal(check.reason, check.message);

  const bag = state.bag.slice();
  const drawn = draw(bag, Math.min(HAND_SIZE - rest.length, bag.length));
  const hand = rest.concat(drawn);
  const bonus = hand.length === 0 ? END_BONUS : 0;
  const laid = tiles.map((t) => ({ color: t.color, shape: t.shape, x: t.x, y: t.y }));
  return ok(
    endTurn(
      {
        ...state,
        board: state.board.concat(laid),
        hands: state.hands.map((h, s) => (s === seat ? hand : h)),
        bag,
        scores: state.scores.map((v, s) => (s === seat ? v + check.points + bonus : v)),
        lastTurn: {
          seat,
          type: 'place',
          tiles: laid,
          points: check.points,
          qwirkles: check.qwirkles,
          bonus,
          drew: drawn.length,
        },
      },
      seat,
      bonus > 0 ? 'qwirkle/out-of-tiles' : null,
    ),
  );
}

function exchange(state: QwirkleState, seat: Seat, tiles: readonly Tile[]): Result<QwirkleState> {
  // parseMove already refuses this; typed callers must not get a free pass out of an empty exchange.
  if (tiles.length < 1 || tiles.length > HAND_SIZE) return malformed(`An exchange swaps 1 to ${HAND_SIZE} tiles.`);
  if (state.board.length === 0)
    return illegal('qwirkle/opening-must-place', 'The first move of the match must place the opening line.');
  const rest = removeTiles(state.hands[seat] ?? [], tiles);
  if (rest === null) return illegal('qwirkle/tiles-not-held', 'You do not hold all of those tiles.');
  if (tiles.length > state.bag.length) {
    return illegal(
      'qwirkle/bag-too-small',
      `The bag holds only ${state.bag.length} tiles; you cannot exchange ${tiles.length}.`,
    );
  }
  // Draw first, then return the set-aside tiles, so they cannot come straight back; then reshuffle.
  const bag = state.bag.slice();
  const drawn = draw(bag, tiles.length);
  const rng = new Rng(state.rng);
  const shuffled = rng.shuffle(bag.concat(tiles.map((t) => ({ color: t.color, shape: t.shape }))));
  return ok(
    endTurn(
      {
        ...state,
        hands: state.hands.map((h, s) => (s === seat ? rest.concat(drawn) : h)),
        bag: shuffled,
        lastTurn: { seat, type: 'exchange', count: tiles.length },
        rng: rng.state,
      },
      seat,
      null,
    ),
  );
}

/**
 * Counts the move, then finds the next seat that can act, skipping those that can neither place nor
 * exchange (only possible once the bag is empty). Ends: the mover's last tile; nobody can place; maxTurns.
 */
function endTurn(state: QwirkleState, mover: Seat, end: EndReason | null): QwirkleState {
  const turns = state.turns + 1;
  const done = (ended: EndReason): QwirkleState => ({ ...state, turns, current: null, skipped: [], ended });
  if (end) return done(end);
  const { next, skipped } = nextToAct(state, mover);
  if (next === null) return done('qwirkle/blocked');
  if (turns >= state.maxTurns) return done('qwirkle/max-turns');
  return { ...state, turns, current: next, skipped };
}

/** The first seat after `from` that can act, and the seats passed over that could not (seats that left are passed silently). */
function nextToAct(state: QwirkleState, from: Seat): { next: Seat | null; skipped: Seat[] } {
  const grid = state.bag.length === 0 ? Grid.of(state.board) : null;
  const left = state.left ?? [];
  const skipped: Seat[] = [];
  for (let i = 1; i <= state.seats; i++) {
    const s = (from + i) % state.seats;
    if (left.includes(s)) continue;
    const hand = state.hands[s] ?? [];
    if (hand.length > 0 && (grid === null || canPlaceOn(grid, hand))) return { next: s, skipped };
    if (s !== from) skipped.push(s);
  }
  return { next: null, skipped };
}

/**
 * The seat leaves (a forfeit on time in a match of 3+ seats; decisions in docs/api.md, "a seat that leaves"): its
 * tiles go back into the bag, which is reshuffled (so they stay hidden and the 108 tiles are all still in play),
 * its score stays on the sheet but it can no longer win, and it is passed over from now on. If it was to move,
 * the turn passes as after a move, without counting one; before the opening, the next seat opens with its own
 * opening size. If nobody left can act, the match ends as blocked.
 */
export function leave(state: QwirkleState, seat: Seat): Result<QwirkleState> {
  if (state.ended !== null) return gameOver();
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return malformed(`No seat ${seat} in this match.`);
  if (state.left?.includes(seat)) return ok(state);
  const rng = new Rng(state.rng);
  const bag = rng.shuffle(state.bag.concat((state.hands[seat] ?? []).map((t) => ({ color: t.color, shape: t.shape }))));
  const after: QwirkleState = {
    ...state,
    hands: state.hands.map((h, s) => (s === seat ? [] : h)),
    bag,
    rng: rng.state,
    left: [...(state.left ?? []), seat].sort((a, b) => a - b),
  };
  if (state.current !== seat) return ok(after);
  const { next, skipped } = nextToAct(after, seat);
  if (next === null) return ok({ ...after, current: null, skipped: [], ended: 'qwirkle/blocked' });
  return ok({ ...after, current: next, skipped });
}

export function outcome(state: QwirkleState): Outcome | null {
  if (state.ended === null) return null;
  // A seat that left cannot win, whatever its score; a draw is every seat still in play sharing the win.
  const left = state.left ?? [];
  const inPlay = state.scores.length - left.length;
  const top = Math.max(...state.scores.filter((_, s) => !left.includes(s)));
  const winners = state.scores.flatMap((v, s) => (v === top && !left.includes(s) ? [s] : []));
  return {
    winners,
    scores: state.scores.slice(),
    reason: state.ended,
    draw: winners.length === inPlay && winners.length > 1,
  };
}
