/**
 * Expected failures are values, never exceptions: an engine throws only for its own bugs.
 * Codes are stable strings that the HTTP layer maps to statuses (see src/common/api-error.ts).
 */
export type EngineErrorCode = 'MALFORMED_MOVE' | 'NOT_YOUR_TURN' | 'ILLEGAL_MOVE' | 'GAME_OVER' | 'INVALID_OPTIONS';

export interface EngineError {
  readonly code: EngineErrorCode;
  /** Namespaced machine-readable detail, e.g. `reversi/no-flips`. Required for ILLEGAL_MOVE. */
  readonly reason?: string;
  /** For people. Never reveals hidden information. */
  readonly message: string;
}

export type Result<T, E = EngineError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(code: EngineErrorCode, message: string, reason?: string): { ok: false; error: EngineError } {
  return { ok: false, error: reason === undefined ? { code, message } : { code, message, reason } };
}

export const malformed = (message: string, reason?: string) => fail('MALFORMED_MOVE', message, reason);
export const illegal = (reason: string, message: string) => fail('ILLEGAL_MOVE', message, reason);
export const invalidOptions = (message: string, reason?: string) => fail('INVALID_OPTIONS', message, reason);
export const notYourTurn = () => fail('NOT_YOUR_TURN', "It is not this seat's turn.");
export const gameOver = () => fail('GAME_OVER', 'The game is over.');
