import { pointsOf, ranksOf } from './ranks';

describe('ranks and points of a match', () => {
  it('two seats: a win is 1 and a loss 0; a draw is ½ each', () => {
    expect(pointsOf(ranksOf({ winners: [1], scores: [20, 44], reason: 'reversi/no-moves', draw: false }, 2))).toEqual([
      0, 1,
    ]);
    expect(pointsOf(ranksOf({ winners: [0, 1], scores: [32, 32], reason: 'reversi/no-moves', draw: true }, 2))).toEqual(
      [0.5, 0.5],
    );
  });

  it('a resignation ranks the winner first whatever the scores', () => {
    expect(ranksOf({ winners: [1], scores: [50, 3], reason: 'resigned', draw: false }, 2)).toEqual([1, 0]);
  });

  it('three and more seats: winners, then by score, then the seats that left; points sum to 1', () => {
    const ranks = ranksOf({ winners: [2], scores: [10, 30, 40, 30], reason: 'qwirkle/out', draw: false }, 4, [0]);
    expect(ranks).toEqual([3, 1, 0, 1]);
    const points = pointsOf(ranks);
    expect(points[2]).toBeCloseTo(3 / 6);
    expect(points[1]).toBeCloseTo(1.5 / 6);
    expect(points[3]).toBeCloseTo(1.5 / 6);
    expect(points[0]).toBe(0);
    expect(points.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it('a shared win in three seats splits the top two places', () => {
    const points = pointsOf(ranksOf({ winners: [0, 1], scores: [5, 5, 2], reason: 'split/end', draw: false }, 3));
    expect(points).toEqual([0.5, 0.5, 0]);
  });
});
