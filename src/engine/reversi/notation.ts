/**
 * Squares are `a1`..`h8`: columns a–h left to right, rows 1–8 from the TOP (championship transcripts).
 * A move on the wire is `{ "square": "d3" }`; nothing else is accepted.
 */
import { type Result, malformed, ok } from '../core';

export interface ReversiMove {
  readonly square: number; // 0..63, row * 8 + col
}

const SQUARE = /^[a-h][1-8]$/;

export function parseSquare(text: string): number | null {
  if (!SQUARE.test(text)) return null;
  return (text.charCodeAt(1) - 49) * 8 + (text.charCodeAt(0) - 97);
}

export function makeSquare(sq: number): string {
  return String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(49 + (sq >> 3));
}

export function parseMove(raw: unknown): Result<ReversiMove> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return malformed('A Reversi move is an object: { "square": "d3" }.', 'reversi/not-an-object');
  }
  const keys = Object.keys(raw);
  const extra = keys.filter((k) => k !== 'square');
  if (extra.length > 0)
    return malformed(`Unknown field(s) in the move: ${extra.slice(0, 5).join(', ')}.`, 'reversi/unknown-field');
  const square = (raw as { square?: unknown }).square;
  if (typeof square !== 'string')
    return malformed('The move needs "square", a string such as "d3".', 'reversi/no-square');
  const sq = parseSquare(square);
  if (sq === null)
    return malformed('"square" must be a column a–h followed by a row 1–8, such as "d3".', 'reversi/bad-square');
  return ok({ square: sq });
}

export function makeMove(move: ReversiMove): { square: string } {
  return { square: makeSquare(move.square) };
}
