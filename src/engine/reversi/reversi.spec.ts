import { replay } from '../core';
import { type ReversiState, reversiEngine as engine } from '.';

const start = () => engine.setup({ seed: 'unused', seats: 2, options: {} });
const moveOf = (square: string) => {
  const r = engine.parseMove({ square });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const stateFrom = (rows: string[], turn: 0 | 1): ReversiState => ({
  board: rows.join(''),
  turn,
  moves: 0,
  lastMove: null,
  skipped: null,
});

describe('reversi rules', () => {
  it('starts with white on d4 e5, black on d5 e4, black to move', () => {
    const v = engine.view(start(), 'spectator');
    expect(v.board[3]).toBe('...WB...');
    expect(v.board[4]).toBe('...BW...');
    expect(v.discs).toEqual({ black: 2, white: 2 });
    expect(engine.toMove(start())).toEqual([0]);
  });

  it('gives black exactly c4 d3 e6 f5 as first moves', () => {
    const squares = [...engine.legalMoves(start(), 0)].map((m) => engine.encodeMove(m));
    expect(squares).toEqual([{ square: 'd3' }, { square: 'c4' }, { square: 'f5' }, { square: 'e6' }]);
    expect([...engine.legalMoves(start(), 1)]).toEqual([]);
  });

  it('flips every run in every direction, and only straight runs from the placed disc', () => {
    // Black on d4 closes a run west (b4..c4), north-east (e3) and south (d5..d6); f6 stays white (not in a line from d4... it is diagonal d4-e5-f6 with no black end).
    const s = stateFrom(
      [
        '........',
        '........',
        '.....B..',
        'aWW.....'.replace('a', 'B'),
        '...WW...',
        '...W.W..',
        '...B....',
        '........',
      ],
      0,
    );
    const r = engine.apply(s, 0, moveOf('d4'));
    if (!r.ok) throw new Error(r.error.message);
    const v = engine.view(r.value, 'spectator');
    expect(v.board[3]).toBe('BBBB....');
    expect(v.board[2]).toBe('.....B..'); // e3 was empty: the NE ray d4-e3 had no white disc
    expect(v.board[4]).toBe('...BW...');
    expect(v.board[5]).toBe('...B.W..');
    expect(v.lastMove).toEqual({ seat: 0, square: 'd4', flipped: 4 });
  });

  it('plays the shortest game e6 f4 e3 f6 g5 d6 e7 f5 c5 to a 13–0 win for black', () => {
    const log = 'e6 f4 e3 f6 g5 d6 e7 f5 c5'.split(' ').map((square, i) => ({ seat: i % 2, move: { square } }));
    const r = replay(engine, { seed: 'x', seats: 2, options: {} }, log);
    if (!r.ok) throw new Error(r.error.cause.message);
    expect(engine.outcome(r.value)).toEqual({ winners: [0], scores: [13, 0], reason: 'reversi/no-moves', draw: false });
    expect(engine.toMove(r.value)).toEqual([]);
  });

  it('skips a seat with no legal move, and ends when neither can move', () => {
    const s = stateFrom(
      ['BW......', '........', '........', '........', '........', '........', '........', '......WB'],
      0,
    );
    const afterC1 = engine.apply(s, 0, moveOf('c1'));
    if (!afterC1.ok) throw new Error(afterC1.error.message);
    expect(afterC1.value.skipped).toBe(1); // white has nothing to flip
    expect(engine.toMove(afterC1.value)).toEqual([0]);
    const afterF8 = engine.apply(afterC1.value, 0, moveOf('f8'));
    if (!afterF8.ok) throw new Error(afterF8.error.message);
    expect(engine.outcome(afterF8.value)).toEqual({
      winners: [0],
      scores: [6, 0],
      reason: 'reversi/no-moves',
      draw: false,
    });
  });

  it('calls an equal count a draw shared by both seats', () => {
    const s = stateFrom(
      ['BW......', '........', '........', '........', '........', '........', '........', '.....WWW'],
      0,
    );
    expect(engine.outcome(s)).toBeNull();
    const r = engine.apply(s, 0, moveOf('c1')); // 3 black on row 1 against 3 white on row 8: nobody can move
    if (!r.ok) throw new Error(r.error.message);
    expect(engine.outcome(r.value)).toEqual({ winners: [0, 1], scores: [3, 3], reason: 'reversi/draw', draw: true });
  });

  it('refuses occupied squares, moves that flip nothing, the wrong seat and moves after the end', () => {
    const r1 = engine.apply(start(), 0, moveOf('d4'));
    expect(r1.ok ? null : [r1.error.code, r1.error.reason]).toEqual(['ILLEGAL_MOVE', 'reversi/occupied']);
    const r2 = engine.apply(start(), 0, moveOf('a1'));
    expect(r2.ok ? null : [r2.error.code, r2.error.reason]).toEqual(['ILLEGAL_MOVE', 'reversi/no-flips']);
    const r3 = engine.apply(start(), 1, moveOf('d3'));
    expect(r3.ok ? null : r3.error.code).toBe('NOT_YOUR_TURN');
    const over = { ...start(), turn: null };
    const r4 = engine.apply(over, 0, moveOf('d3'));
    expect(r4.ok ? null : r4.error.code).toBe('GAME_OVER');
  });

  it('parses only well-formed moves', () => {
    const bad = [
      null,
      'd3',
      7,
      [],
      {},
      { square: 'i1' },
      { square: 'a9' },
      { square: 'A1' },
      { square: 'a0' },
      { square: 3 },
      { square: 'd3', pass: true },
      { square: ' d3' },
    ];
    for (const raw of bad) {
      const r = engine.parseMove(raw);
      expect(r.ok ? 'ok' : r.error.code).toBe('MALFORMED_MOVE');
    }
    expect(engine.encodeMove(moveOf('h8'))).toEqual({ square: 'h8' });
  });

  it('takes no options', () => {
    expect(engine.parseOptions(undefined, 2).ok).toBe(true);
    expect(engine.parseOptions({}, 2).ok).toBe(true);
    const r = engine.parseOptions({ size: 10 }, 2);
    expect(r.ok ? 'ok' : r.error.code).toBe('INVALID_OPTIONS');
  });
});
