/**
 * The bitboards against an independent oracle: the rules file walked literally on a 64-character board, square
 * by square and direction by direction (the mailbox engine this project had before the bitboards). Random
 * playouts, and random boards that no game reaches, must give the same legal moves, the same next states
 * (board, turn, skip, flip count) and the same refusals: stored logs replay to the same states.
 */
import fc from 'fast-check';
import { type ReversiState, reversiEngine as engine } from '.';

const STEPS = [
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, -1],
  [0, 1],
  [1, -1],
  [1, 0],
  [1, 1],
] as const;

/** Squares `colour` flips by playing `sq` on `board` (a string of `B`, `W`, `.`). */
function oracleFlips(board: string, sq: number, colour: 'B' | 'W'): number[] {
  if (board[sq] !== '.') return [];
  const other = colour === 'B' ? 'W' : 'B';
  const out: number[] = [];
  for (const [dr, dc] of STEPS) {
    const run: number[] = [];
    let r = (sq >> 3) + dr;
    let c = (sq & 7) + dc;
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] === other) {
      run.push(r * 8 + c);
      r += dr;
      c += dc;
    }
    if (run.length > 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && board[r * 8 + c] === colour) out.push(...run);
  }
  return out;
}

const oracleMoves = (board: string, colour: 'B' | 'W'): number[] =>
  Array.from({ length: 64 }, (_, sq) => sq).filter((sq) => oracleFlips(board, sq, colour).length > 0);

function oracleApply(s: ReversiState, sq: number): ReversiState | string {
  const seat = s.turn as number;
  const colour = seat === 0 ? 'B' : 'W';
  if (s.board[sq] !== '.') return 'reversi/occupied';
  const flips = oracleFlips(s.board, sq, colour);
  if (flips.length === 0) return 'reversi/no-flips';
  const cells = s.board.split('');
  for (const f of [...flips, sq]) cells[f] = colour;
  const board = cells.join('');
  const other = 1 - seat;
  const otherCan = oracleMoves(board, colour === 'B' ? 'W' : 'B').length > 0;
  const selfCan = oracleMoves(board, colour).length > 0;
  const turn = otherCan ? other : selfCan ? seat : null;
  const skipped = !otherCan && selfCan ? other : null;
  const square = String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(49 + (sq >> 3));
  return { board, turn, moves: s.moves + 1, lastMove: { seat, square, flipped: flips.length }, skipped };
}

/** The engine against the oracle on one position: every square's outcome and the legal moves. */
function agree(s: ReversiState): void {
  const seat = s.turn as number;
  expect([...engine.legalMoves(s, seat)].map((m) => m.square)).toEqual(oracleMoves(s.board, seat === 0 ? 'B' : 'W'));
  expect([...engine.legalMoves(s, 1 - seat)]).toEqual([]);
  for (let sq = 0; sq < 64; sq++) {
    const r = engine.apply(s, seat, { square: sq });
    expect(r.ok ? r.value : r.error.reason).toEqual(oracleApply(s, sq));
  }
}

describe('reversi bitboards against the square-by-square oracle', () => {
  it('agree along random playouts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), (picks) => {
        let s = engine.setup({ seed: 'x', seats: 2, options: {} });
        for (const pick of picks) {
          if (s.turn === null) break;
          agree(s);
          const moves = [...engine.legalMoves(s, s.turn)];
          const r = engine.apply(s, s.turn, moves[pick % moves.length] as { square: number });
          if (!r.ok) throw new Error(r.error.message);
          s = r.value;
        }
        expect(engine.outcome(s) === null).toBe(s.turn !== null);
      }),
      { numRuns: 25 },
    );
  });

  it('agree on random boards, edges and corners included', () => {
    const cell = fc.constantFrom('B', 'W', '.', '.');
    fc.assert(
      fc.property(fc.array(cell, { minLength: 64, maxLength: 64 }), fc.constantFrom(0, 1), (cells, turn) => {
        agree({ board: cells.join(''), turn, moves: 0, lastMove: null, skipped: null });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a typed move off the board as the mailbox engine did (occupied), without throwing', () => {
    const s = engine.setup({ seed: 'x', seats: 2, options: {} });
    for (const square of [-1, 64, 99, 1.5, Number.NaN]) {
      const r = engine.apply(s, 0, { square });
      expect(r.ok ? 'ok' : r.error.reason).toBe('reversi/occupied');
    }
  });
});
