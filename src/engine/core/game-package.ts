/**
 * A game as one package (ARCHITECTURE rule 11): everything the server, the bots and the contract suite need
 * of a game, exported by its engine folder (`src/engine/<game>/package.ts`) and registered once, by id, in
 * `src/engine/games.ts`.
 */
import type { Bot } from './bot';
import type { Rng } from './rng';
import type { GameEngine, Viewer } from './types';

/** The OpenAPI 3 schemas of a game's wire forms (plain data; the HTTP layer publishes them, the contract suite checks against them). */
export interface WireSchemas {
  readonly move: object;
  readonly view: object;
  readonly options: object;
  /** A log entry's move as a viewer sees it, and what it caused (`effects`). */
  readonly logMove: object;
  readonly effects: object;
  /** Properties the legal-moves page carries beside `moves` (present while the match runs). */
  readonly legalMovesExtra?: Readonly<Record<string, object>>;
}

/**
 * One seeded-playout configuration of the shared contract suite (src/engine/core/contract.testkit.ts).
 * Functions are declared as methods so that a game's configs fit the registry's `AnyGamePackage`.
 */
export interface ContractConfig<S> {
  /** Shown in the test name, e.g. `3 players`. */
  readonly name: string;
  readonly seats: number;
  /** Raw options, as a client would send them. */
  readonly options?: unknown;
  /** Playouts to run (fast-check runs). Default 20. */
  readonly playouts?: number;
  /** A playout that has not ended after this many moves fails. Default 5000. */
  readonly maxPlies?: number;
  /** At most this many legal moves are drawn from the iterator to pick from. Default 400. */
  readonly sampleCap?: number;
  /** Counts the game's components (tiles, cards); must stay equal to `total`. */
  readonly conservation?: { readonly total: number; count(state: S): number };
  /**
   * Re-deals everything `viewer` may not see (other hands, the bag or pile order, the PRNG state),
   * consistently with what it may see. The view of `viewer` must not change.
   */
  scrambleHidden?(state: S, viewer: Viewer, rng: Rng): S;
  /** Extra checks on every state of a playout; throws on a broken state. */
  check?(state: S): void;
}

export interface GamePackage<S, M, V = unknown, O = unknown> {
  readonly engine: GameEngine<S, M, V, O>;
  /** For people: the catalogue and the OpenAPI summaries. */
  readonly title: string;
  /** PascalCase prefix of the game's OpenAPI components, e.g. `Reversi` → `ReversiMove`, `ReversiView`. */
  readonly schemaName: string;
  readonly schemas: WireSchemas;
  /** What the game's legal-moves response holds beyond `moves`, and in what order moves come. */
  readonly legalMovesNote?: string;
  /** The built-in bots, weakest first. */
  readonly bots: readonly Bot<V, M>[];
  /** The contract suite's playouts (at least one). */
  readonly contractConfigs: readonly ContractConfig<S>[];
}

/** Any game's package, for code that does not care which game it serves. */
export type AnyGamePackage = GamePackage<unknown, unknown, unknown, unknown>;

/** Declares a game's package, its parts' types checked against one another (the bots play its engine's moves). */
export function defineGame<S, M, V, O>(pkg: GamePackage<S, M, V, O>): GamePackage<S, M, V, O> {
  return pkg;
}
