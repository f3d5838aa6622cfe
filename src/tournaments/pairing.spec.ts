import { combinations, roundRobin, seatCounts, swissRound } from './pairing';
import { standingsOf } from './standings';

const pairsOf = (rounds: number[][][]): string[] =>
  rounds
    .flat()
    .map((t) => [...t].sort((a, b) => a - b).join('-'))
    .sort();

describe('round robin', () => {
  it('two seats, 4 entrants, 2 cycles: every pair meets twice, once in each colour; no entrant twice in a round', () => {
    const rounds = roundRobin(4, 2, 2);
    expect(rounds).toHaveLength(6);
    for (const round of rounds) expect(new Set(round.flat()).size).toBe(round.flat().length);
    const all = combinations(4, 2).map((p) => p.join('-'));
    expect(pairsOf(rounds)).toEqual([...all, ...all].sort());
    for (const [a, b] of combinations(4, 2)) {
      const meetings = rounds.flat().filter((t) => t.includes(a as number) && t.includes(b as number));
      expect(meetings.map((t) => t[0]).sort()).toEqual([a, b].sort());
    }
  });

  it('an odd field: byes, and still every pair once', () => {
    const rounds = roundRobin(5, 2, 1);
    expect(rounds).toHaveLength(5);
    expect(pairsOf(rounds)).toEqual(
      combinations(5, 2)
        .map((p) => p.join('-'))
        .sort(),
    );
  });

  it('three seats: every 3-subset is one table, seats balanced', () => {
    const rounds = roundRobin(6, 3, 1);
    expect(pairsOf(rounds)).toEqual(
      combinations(6, 3)
        .map((p) => p.join('-'))
        .sort(),
    );
    for (const round of rounds) expect(new Set(round.flat()).size).toBe(round.flat().length);
    const counts = seatCounts(6, 3, rounds);
    for (const bySeat of counts) expect(Math.max(...bySeat) - Math.min(...bySeat)).toBeLessThanOrEqual(2);
  });
});

describe('swiss', () => {
  it('two seats: leaders meet, nobody meets twice, colours alternate', () => {
    const entrants = [0, 1, 2, 3, 4, 5].map((idx) => ({
      idx,
      points: idx < 3 ? 1 : 0,
      met: [] as number[],
      seats: [idx % 2],
      hadBye: false,
    }));
    // Meetings are mutual (the library checks the avoid list of whichever of the two it looks at first, in an order it shuffles).
    entrants[0] = { ...entrants[0]!, met: [3] };
    entrants[3] = { ...entrants[3]!, met: [0] };
    const round = swissRound(entrants, 2, 2, 2, seatCounts(6, 2, []));
    expect(round).toHaveLength(3);
    expect(new Set(round.flat()).size).toBe(6);
    expect(round.some((t) => t.includes(0) && t.includes(3))).toBe(false);
    const leaders =
      round.filter((t) => t.every((e) => e < 3)).length + round.filter((t) => t.every((e) => e >= 3)).length;
    expect(leaders).toBeGreaterThanOrEqual(2);
  });

  it('three seats: tables by points', () => {
    const entrants = [0, 1, 2, 3, 4, 5].map((idx) => ({ idx, points: idx, met: [], seats: [], hadBye: false }));
    const round = swissRound(entrants, 3, 2, 1, seatCounts(6, 3, []));
    expect(round.map((t) => [...t].sort())).toEqual([
      [3, 4, 5],
      [0, 1, 2],
    ]);
  });
});

describe('standings', () => {
  it('points, then Buchholz, then Sonneborn-Berger, then the name', () => {
    const result = (points: number[]) => ({ points });
    const standings = standingsOf({
      entrants: [
        { idx: 0, name: 'a' },
        { idx: 1, name: 'b' },
        { idx: 2, name: 'c' },
        { idx: 3, name: 'd' },
      ],
      matches: [
        { matchId: 'm1', round: 1, table: 0, entrants: [0, 1], result: result([1, 0]) },
        { matchId: 'm2', round: 1, table: 1, entrants: [2, 3], result: result([0.5, 0.5]) },
        { matchId: 'm3', round: 2, table: 0, entrants: [1, 2], result: result([1, 0]) },
        { matchId: 'm4', round: 2, table: 1, entrants: [3, 0], result: null },
      ],
    });
    // a and b have 1 point each; b met a and c (Buchholz 1.5), a met b only (1): b first. c (met d and b) before d.
    expect(standings.map((s) => [s.name, s.points, s.played, s.buchholz])).toEqual([
      ['b', 1, 2, 1.5],
      ['a', 1, 1, 1],
      ['c', 0.5, 2, 1.5],
      ['d', 0.5, 1, 0.5],
    ]);
  });
});
