import fc from 'fast-check';
import { type FreeEntrant, arenaPairing } from './arena';

const e = (idx: number, score: number, lastOpponents: number[] = [], firstSeats = 0): FreeEntrant => ({
  idx,
  score,
  lastOpponents,
  firstSeats,
});

describe('arena pairing', () => {
  it('pairs the free entrants closest in score', () => {
    const round = arenaPairing([e(0, 0), e(1, 6), e(2, 1), e(3, 5)], 2);
    expect(round.map((t) => [...t].sort())).toEqual([
      [1, 3],
      [0, 2],
    ]);
  });

  it('never pairs an entrant with its last opponent while another is free', () => {
    const round = arenaPairing([e(0, 4, [1]), e(1, 4, [0]), e(2, 0)], 2);
    expect(round).toHaveLength(1);
    expect([...(round[0] as number[])].sort()).not.toEqual([0, 1]);
  });

  it('pairs last opponents again when nobody else is free', () => {
    expect(arenaPairing([e(0, 4, [1]), e(1, 4, [0])], 2).map((t) => [...t].sort())).toEqual([[0, 1]]);
  });

  it('leaves one entrant waiting when an odd number are free, and seats first whoever sat first least', () => {
    const round = arenaPairing([e(0, 2, [], 3), e(1, 2, [], 1), e(2, 2, [], 2)], 2);
    expect(round).toEqual([[1, 0]]);
  });

  it('fills tables of 3', () => {
    const round = arenaPairing(
      [0, 1, 2, 3, 4, 5, 6].map((i) => e(i, i)),
      3,
    );
    expect(round).toHaveLength(2);
    expect(round.flat().sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('seats every free entrant but fewer than a table, each once (property)', () => {
    const arb = fc.record({
      scores: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 20 }),
      seats: fc.constantFrom(2, 3, 4),
      last: fc.array(fc.nat(19), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(arb, ({ scores, seats, last }) => {
        const free = scores.map((s, i) =>
          e(i, s, last[i] !== undefined && last[i] !== i && last[i] < scores.length ? [last[i]] : []),
        );
        const round = arenaPairing(free, seats);
        const seated = round.flat();
        expect(new Set(seated).size).toBe(seated.length);
        expect(free.length - seated.length).toBeLessThan(seats);
        for (const table of round) expect(table).toHaveLength(seats);
      }),
    );
  });
});
