import { column, P, row } from './fixtures';
import { scorePlacement } from './scoring';
import type { PlacedTile } from './tiles';

const legal = (points: number) => ({ legal: true, points });
const refused = (reason: string) => ({ legal: false, points: 0, reason: `qwirkle/${reason}` });
const score = (board: PlacedTile[], placement: PlacedTile[]) => scorePlacement(board, placement);

describe('scorePlacement: the examples of the rules file', () => {
  it('extending a line of 2 by 2 tiles scores 4', () => {
    expect(score(row('rc rs', 0, 0), [P('rd', 2, 0), P('rl', 3, 0)])).toEqual(legal(4));
  });

  it('one tile that makes a row of 4 and a column of 3 scores 7', () => {
    // rc rs rd .        the red clover at (3,0) makes the row rc rs rd rl
    //       gd gl       and the column rl gl bl
    //          bl
    const board = [...row('rc rs rd', 0, 0), P('gd', 2, 1), P('gl', 3, 1), P('bl', 3, 2)];
    expect(score(board, [P('rl', 3, 0)])).toEqual(legal(7));
  });

  it('completing a line of 6 scores 12', () => {
    expect(score(row('rc rs rd rl r4', 0, 0), [P('r8', 5, 0)])).toEqual(legal(12));
  });

  it('six tiles along a finished Qwirkle, each under its twin shape, score 24', () => {
    expect(score(row('rc rs rd rl r4 r8', 0, 0), row('bc bs bd bl b4 b8', 0, 1))).toEqual(legal(24));
  });

  it('a lone tile with no neighbour (the opening) scores 1', () => {
    expect(score([], [P('p8', 0, 0)])).toEqual(legal(1));
  });

  it('a line counts once however many placed tiles it holds', () => {
    expect(score([P('yc', 0, 0)], [P('ys', 1, 0), P('yd', 2, 0), P('yl', 3, 0)])).toEqual(legal(4));
  });
});

describe('scorePlacement: legal placements', () => {
  it('an opening line of 3 scores 3', () => {
    expect(score([], row('oc os od', 0, 0))).toEqual(legal(3));
  });

  it('an opening line of 6 is a Qwirkle: 12', () => {
    expect(score([], column('rc oc yc gc bc pc', 4, -2))).toEqual(legal(12));
  });

  it('one tile next to one tile scores 2', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 0, 1)])).toEqual(legal(2));
  });

  it('filling a gap scores the whole joined line', () => {
    expect(score([P('rc', 0, 0), P('rd', 2, 0)], [P('rs', 1, 0)])).toEqual(legal(3));
  });

  it('placed tiles need not touch each other when a board tile lies between them', () => {
    expect(score([P('rs', 1, 0)], [P('rc', 0, 0), P('rd', 2, 0)])).toEqual(legal(3));
  });

  it('a line may be extended at both ends in one turn', () => {
    expect(score(row('rs rd', 1, 0), [P('rc', 0, 0), P('rl', 3, 0)])).toEqual(legal(4));
  });

  it('joining two lines scores the joined line once', () => {
    expect(score([...row('rc rs', 0, 0), ...row('rl r4', 3, 0)], [P('rd', 2, 0)])).toEqual(legal(5));
  });

  it('a shape line (one shape, all colours different) is valid', () => {
    expect(score([P('rc', 0, 0)], column('oc yc', 0, 1))).toEqual(legal(3));
  });

  it('a parallel placement scores its line and each short cross line', () => {
    // rc rs / bc bs: the new row (2) and two columns of 2.
    expect(score(row('rc rs', 0, 0), row('bc bs', 0, 1))).toEqual(legal(6));
  });

  it('a tile whose cross line is valid scores both lines', () => {
    expect(score([...row('rc rs', 0, 0), P('bd', 2, 1)], [P('rd', 2, 0)])).toEqual(legal(5));
  });

  it('one tile completing a row of 6 and a column of 6 scores two Qwirkles: 24', () => {
    const board = [...row('rc rs rd rl r4', 0, 0), ...column('o8 y8 g8 b8 p8', 5, 1)];
    expect(score(board, [P('r8', 5, 0)])).toEqual(legal(24));
  });

  it('a column placed beside a column scores its own line and each new row', () => {
    expect(score(column('gc gs gd', 0, 0), column('pc ps pd', 1, 0))).toEqual(legal(3 + 2 + 2 + 2));
  });
});

describe('scorePlacement: illegal placements', () => {
  it('refuses a tile that makes the line mixed', () => {
    expect(score(row('rc rs', 0, 0), [P('bd', 2, 0)])).toEqual(refused('mixed-line'));
  });

  it('refuses placed tiles sharing neither colour nor shape', () => {
    expect(score([P('rd', 0, 1)], [P('rc', 0, 0), P('bs', 1, 0)])).toEqual(refused('no-shared-attribute'));
    expect(score([], row('rc bs', 0, 0))).toEqual(refused('no-shared-attribute'));
  });

  it('refuses placed tiles that share a colour but meet a board tile of another colour in their line', () => {
    expect(score([P('bc', 1, 0)], [P('rc', 0, 0), P('rs', 2, 0)])).toEqual(refused('mixed-line'));
  });

  it('refuses a tile already in the line', () => {
    expect(score(row('rc rs', 0, 0), [P('rc', 2, 0)])).toEqual(refused('duplicate-tile'));
  });

  it('refuses two identical tiles placed in one line', () => {
    expect(score([], row('rc rc', 0, 0))).toEqual(refused('duplicate-tile'));
  });

  it('refuses a duplicate in the cross line', () => {
    expect(score([...row('rc rs', 0, 0), P('rd', 2, 1)], [P('rd', 2, 0)])).toEqual(refused('duplicate-tile'));
  });

  it('refuses a mixed cross line', () => {
    expect(score([...row('rc rs', 0, 0), P('b4', 2, 1)], [P('rd', 2, 0)])).toEqual(refused('mixed-line'));
  });

  it('refuses a gap between placed tiles', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 1, 0), P('rd', 3, 0)])).toEqual(refused('gap'));
    expect(score([], [P('rc', 0, 0), P('rs', 2, 0)])).toEqual(refused('gap'));
  });

  it('refuses a placement that touches no board tile', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 5, 5)])).toEqual(refused('no-contact'));
    expect(score([P('rc', 0, 0)], [P('rs', 1, 1)])).toEqual(refused('no-contact')); // diagonal only
  });

  it('refuses tiles in two rows at once', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 1, 0), P('rd', 0, 1)])).toEqual(refused('not-in-line'));
    expect(score([], [P('rc', 0, 0), P('rs', 1, 0), P('rd', 1, 1)])).toEqual(refused('not-in-line'));
  });

  it('refuses a line longer than 6', () => {
    expect(score(row('rc rs rd rl r4 r8', 0, 0), [P('oc', 6, 0)])).toEqual(refused('line-too-long'));
    expect(score([...row('rc rs rd', 0, 0), ...row('rl r4 r8', 4, 0)], [P('oc', 3, 0)])).toEqual(
      refused('line-too-long'),
    );
  });

  it('refuses a tile on an occupied cell', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 0, 0)])).toEqual(refused('cell-occupied'));
  });

  it('refuses two tiles on one cell', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 1, 0), P('rd', 1, 0)])).toEqual(refused('duplicate-cell'));
  });

  it('refuses an empty placement and tiles that are not tiles', () => {
    expect(score([P('rc', 0, 0)], [])).toEqual(refused('empty-placement'));
    const bogus = { color: 'teal', shape: 'circle', x: 1, y: 0 } as unknown as PlacedTile;
    expect(score([P('rc', 0, 0)], [bogus])).toEqual(refused('not-a-tile'));
    expect(score([P('rc', 0, 0)], [{ ...P('rs', 0, 0), x: 0.5 }])).toEqual(refused('not-a-tile'));
  });

  it('answers not-a-tile, without throwing, for entries that are not objects', () => {
    const junk = [null, undefined, 7, 'rc', [], { color: 'red', shape: 'circle' }] as unknown as PlacedTile[];
    for (const j of junk) {
      expect(score([P('rc', 0, 0)], [j])).toEqual(refused('not-a-tile'));
      expect(score([j], [P('rs', 1, 0)])).toEqual(refused('not-a-tile'));
    }
  });

  it('does not loop over a huge span between two far tiles', () => {
    expect(score([P('rc', 0, 0)], [P('rs', 1, 0), P('rd', 2 ** 40, 0)])).toEqual(refused('gap'));
  });
});
