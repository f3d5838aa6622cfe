import type { AnyEngine } from '../engine/core';

/** What the HTTP layer needs of a game: its engine and the OpenAPI schemas of its wire formats. */
export interface GameDefinition {
  readonly engine: AnyEngine;
  /** PascalCase prefix of the game's OpenAPI components, e.g. `Reversi` → `ReversiMove`, `ReversiView`. */
  readonly schemaName: string;
  readonly title: string;
  readonly schemas: {
    readonly move: object;
    readonly view: object;
    readonly options: object;
    /** A log entry's move as a viewer sees it, and what it caused (`effects`). */
    readonly logMove: object;
    readonly effects: object;
    /** Properties the legal-moves page carries beside `moves` (present while the match runs). */
    readonly legalMovesExtra?: Readonly<Record<string, object>>;
  };
  /** What the game's legal-moves response holds beyond `moves`, and in what order moves come. */
  readonly legalMovesNote?: string;
}
