import { combinations, roundRobin, seatCounts, swissRound } from './pairing';
import { binomial, plannedMatches } from './size';

describe('plannedMatches: counted, agreeing with what pairing.ts lists', () => {
  it('round robin: every table of the listed schedule, for every small field, table size and cycle count', () => {
    for (let n = 2; n <= 9; n++) {
      for (let k = 2; k <= Math.min(6, n); k++) {
        for (const cycles of [1, 2, 3]) {
          const listed = roundRobin(n, k, cycles).flat().length;
          expect({
            n,
            k,
            cycles,
            planned: plannedMatches({ format: 'round-robin', n, k, rounds: cycles, minSeats: 2 }),
          }).toEqual({ n, k, cycles, planned: listed });
        }
      }
    }
  });

  it('swiss: the tables of one round times the rounds, with or without a short last table', () => {
    for (let n = 2; n <= 13; n++) {
      for (let k = 2; k <= Math.min(6, n); k++) {
        for (const minSeats of [2, k]) {
          const entrants = Array.from({ length: n }, (_, idx) => ({
            idx,
            points: 0,
            met: [],
            seats: [],
            hadBye: false,
          }));
          const tables = swissRound(entrants, k, minSeats, 1, seatCounts(n, k, [])).length;
          expect(plannedMatches({ format: 'swiss', n, k, rounds: 4, minSeats })).toBe(tables * 4);
        }
      }
    }
  });

  it('binomial: exact where it can be listed, and the sizes of the issue without listing anything', () => {
    for (let n = 0; n <= 12; n++) for (let k = 0; k <= n; k++) expect(binomial(n, k)).toBe(combinations(n, k).length);
    expect(binomial(64, 6)).toBe(74_974_368);
    expect(binomial(64, 5)).toBe(7_624_512);
    expect(plannedMatches({ format: 'round-robin', n: 64, k: 2, rounds: 50, minSeats: 2 })).toBe(100_800);
  });
});
