import { BLACK, parseBoard, perft } from '.';
import { START_BOARD } from './rules';

// Aart Bik's published perft table for the start position (a pass is a ply, a finished game a leaf).
const PUBLISHED = [4, 12, 56, 244, 1396, 8200, 55092, 390216];

describe('reversi perft from the start position', () => {
  PUBLISHED.forEach((expected, i) => {
    it(`depth ${i + 1} = ${expected}`, () => {
      const cells = parseBoard(START_BOARD);
      expect(perft(cells, BLACK, i + 1)).toBe(expected);
      expect(cells).toEqual(parseBoard(START_BOARD)); // the walk restores the board
    });
  });
});
