import type { Result } from './result';

/** Seats are numbered from 0 in the order the players were given at creation. */
export type Seat = number;
/** Who is looking: a seat, or anyone without a seat token. */
export type Viewer = Seat | 'spectator';

export interface Outcome {
  /** The winning seats; several on a shared win or a draw, all seats on a draw. */
  readonly winners: readonly Seat[];
  /** Final scores by seat (discs, points, blocks removed...). */
  readonly scores: readonly number[];
  /** Why it ended, namespaced by game where game-specific: e.g. `reversi/no-moves`, `resigned`. */
  readonly reason: string;
  /** True when the match ended with no seat ahead of another (then every seat is in `winners`). */
  readonly draw: boolean;
}

/**
 * A logged move as one viewer may see it: `move` in the form `POST …/moves` takes (a hidden move is
 * `{ type, hidden: true }`), and what the move caused (tiles drawn, points, a round's end) under `effects`.
 */
export interface RedactedMove {
  readonly move: unknown;
  readonly effects: Readonly<Record<string, unknown>>;
}

/** One option in the catalogue (`GET /games`): its name, type, default and bounds. */
export interface OptionSpec {
  readonly name: string;
  readonly type: 'integer' | 'boolean' | 'string' | 'object';
  /** For `object` options, the default is described in words (the game's options schema has the shape). */
  readonly default: number | boolean | string | null;
  readonly description: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly enum?: readonly string[];
}

export interface SetupInput<O> {
  /** All randomness of a match comes from this seed; it never leaves the server while the match runs. */
  readonly seed: string;
  readonly seats: number;
  readonly options: O;
}

/** What `redactMove` is told about one logged move. */
export interface LogContext<S, M> {
  readonly seat: Seat;
  readonly move: M;
  /** The state just before and just after the move. */
  readonly before: S;
  readonly after: S;
  /** The state of the match now: a secret may be revealed later (e.g. simultaneous setup choices). */
  readonly now: S;
}

/**
 * A game's rules as a pure value. Every function is deterministic and never mutates its inputs.
 * State is plain JSON data (the PRNG state included), so a match is `replay(setup(seed), log)`.
 */
export interface GameEngine<S, M, V = unknown, O = unknown> {
  readonly id: string;
  /** Bump when an old log would replay differently. */
  readonly rulesVersion: number;
  readonly seats: { readonly min: number; readonly max: number };
  /**
   * True when `setup` or `apply` draws from the seed (dealt tiles, shuffled cards, rolled blocks). Matches of
   * such a game publish a commitment to their seed at creation and reveal the seed once over.
   */
  readonly chance?: boolean;
  readonly options: readonly OptionSpec[];

  /** Raw JSON options (possibly undefined) → typed options with defaults filled in. */
  parseOptions(raw: unknown, seats: number): Result<O>;
  /** Wire JSON → typed move: the only way a move gets in. */
  parseMove(raw: unknown): Result<M>;
  /** Typed move → wire JSON; `parseMove(encodeMove(m))` gives back `m`. */
  encodeMove(move: M): unknown;

  setup(input: SetupInput<O>): S;
  /** Seats that may move now: [] when over, 2+ in simultaneous phases. */
  toMove(state: S): Seat[];
  legalMoves(state: S, seat: Seat): Iterable<M>;
  /** Validates (turn, game over, legality) and returns the next state; automatic skips happen here. */
  apply(state: S, seat: Seat, move: M): Result<S>;
  outcome(state: S): Outcome | null;
  /** Current standings by seat, used when a match ends by resignation. */
  scores(state: S): number[];
  /** The only way state leaves the engine. */
  view(state: S, viewer: Viewer): V;
  /** A logged move as `viewer` may see it. */
  redactMove(ctx: LogContext<S, M>, viewer: Viewer): RedactedMove;
  /**
   * The seat leaves the match for good (it forfeited on time in a match of 3 or more seats) and the others
   * play on: whatever it holds is dealt with as the game's decisions say (docs/api.md, "a seat that leaves"), it
   * is never to move again and cannot win. Games of exactly 2 seats leave it out (a forfeit there ends the match).
   */
  leave?(state: S, seat: Seat): Result<S>;
  /** Extra fields for the legal-moves response (e.g. whether a seat may exchange). */
  legalMovesInfo?(state: S, seat: Seat): Record<string, unknown>;
}

/** Any engine, for code that does not care which game it runs. */
export type AnyEngine = GameEngine<unknown, unknown, unknown, unknown>;
