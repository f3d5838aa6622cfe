import fc from 'fast-check';
import { type FreeEntrant, arenaPairing } from './arena';
import { arenaRound } from './rounds';
import type { TournamentMatchRecord, TournamentRecord } from './tournament-store.port';

const e = (idx: number, score: number, lastOpponents: number[] = [], firstSeats = 0, freeSince = 0): FreeEntrant => ({
  idx,
  score,
  lastOpponents,
  firstSeats,
  freeSince,
});

const sorted = (round: number[][]): number[][] => round.map((t) => [...t].sort((a, b) => a - b));

describe('arena pairing', () => {
  it('pairs the free entrants closest in score', () => {
    const round = arenaPairing([e(0, 0), e(1, 6), e(2, 1), e(3, 5)], 2);
    expect(sorted(round)).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it('never pairs an entrant with its last opponent while another is free', () => {
    const round = arenaPairing([e(0, 4, [1]), e(1, 4, [0]), e(2, 0)], 2);
    expect(round).toHaveLength(1);
    expect(sorted(round)[0]).not.toEqual([0, 1]);
  });

  it('pairs last opponents again when nobody else is free', () => {
    expect(sorted(arenaPairing([e(0, 4, [1]), e(1, 4, [0])], 2))).toEqual([[0, 1]]);
  });

  it('leaves the entrant freed last waiting when an odd number are free, and seats first whoever sat first least', () => {
    const round = arenaPairing([e(0, 2, [], 3, 10), e(1, 2, [], 1, 5), e(2, 2, [], 2, 0)], 2);
    expect(round).toEqual([[1, 2]]);
  });

  it("the audit's arena: the idle entrant, whose last opponent has played since, is paired, not left out again", () => {
    // 1 and 2 just played each other (both free since 100); 0, whose last opponent was 2, has waited since 40.
    const round = arenaPairing(
      [
        { idx: 0, score: 0, lastOpponents: [2], firstSeats: 0, freeSince: 40 },
        { idx: 1, score: 4, lastOpponents: [2], firstSeats: 0, freeSince: 100 },
        { idx: 2, score: 80, lastOpponents: [1], firstSeats: 0, freeSince: 100 },
      ],
      2,
    );
    expect(sorted(round)).toEqual([[0, 1]]);
    // Its last opponent is the only one free: a rematch, rather than an idle entrant.
    expect(sorted(arenaPairing([e(0, 0, [2], 0, 40), e(2, 80, [1], 0, 100)], 2))).toEqual([[0, 2]]);
  });

  it('seats the longest-waiting entrant even when the others are closer in score', () => {
    const round = arenaPairing([e(0, 50, [], 0, 100), e(1, 51, [], 0, 100), e(2, 0, [], 0, 10)], 2);
    expect(round.flat()).toContain(2);
  });

  it('fills tables of 3', () => {
    const round = arenaPairing(
      [0, 1, 2, 3, 4, 5, 6].map((i) => e(i, i)),
      3,
    );
    expect(round).toHaveLength(2);
    expect(round.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('seats every free entrant but fewer than a table, each once (property)', () => {
    const arb = fc.record({
      scores: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 20 }),
      seats: fc.constantFrom(2, 3, 4),
      last: fc.array(fc.nat(19), { maxLength: 20 }),
      waits: fc.array(fc.nat(1000), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(arb, ({ scores, seats, last, waits }) => {
        const free = scores.map((s, i) =>
          e(i, s, last[i] !== undefined && last[i] !== i && last[i] < scores.length ? [last[i]] : [], 0, waits[i] ?? 0),
        );
        const round = arenaPairing(free, seats);
        const seated = round.flat();
        expect(new Set(seated).size).toBe(seated.length);
        expect(free.length - seated.length).toBeLessThan(seats);
        for (const table of round) expect(table).toHaveLength(seats);
        // Whoever is left over waited no longer than anyone seated.
        const since = (i: number): number => (free[i] as FreeEntrant).freeSince;
        const left = free.filter((f) => !seated.includes(f.idx));
        if (seated.length > 0)
          for (const l of left) expect(l.freeSince).toBeGreaterThanOrEqual(Math.min(...seated.map(since)));
        if (free.length >= seats)
          expect(seated).toContain([...free].sort((a, b) => a.freeSince - b.freeSince || a.idx - b.idx)[0]?.idx);
      }),
    );
  });
});

/**
 * Random arenas in simulated time, through the director's own pairing (arenaRound, from the stored matches): each
 * match lasts what its table's bots take (every pair of entrants its own duration: bots of unequal speed), and
 * every time matches end the free entrants are paired again, as each director sweep does.
 */
describe('arena simulation (property)', () => {
  interface Running {
    readonly record: { -readonly [K in keyof TournamentMatchRecord]: TournamentMatchRecord[K] };
    readonly startedAt: number;
    readonly endsAt: number;
  }

  const arena = fc.record({
    n: fc.integer({ min: 3, max: 12 }),
    seats: fc.constantFrom(2, 2, 3),
    speeds: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 12, maxLength: 12 }),
    pairFactor: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 66, maxLength: 66 }),
    outcomes: fc.array(fc.nat(2), { minLength: 1, maxLength: 50 }),
    length: fc.integer({ min: 200, max: 3000 }),
  });

  it('no entrant waits longer than the longest match then running, and none is idle while an opponent is free', () => {
    fc.assert(
      fc.property(arena, ({ n, seats, speeds, pairFactor, outcomes, length }) => {
        if (seats > n) return;
        const entrants = Array.from({ length: n }, (_, idx) => ({ idx, name: `e${idx}` }));
        const matches: TournamentMatchRecord[] = [];
        const running: Running[] = [];
        let round = 0;
        let played = 0;
        // A table of bots takes as long as its slowest pair: pairs differ (pairFactor), bots differ (speeds).
        const duration = (table: readonly number[]): number => {
          let d = 1;
          for (const a of table)
            for (const b of table)
              if (a < b)
                d = Math.max(
                  d,
                  ((speeds[a] as number) + (speeds[b] as number)) * (pairFactor[(b * (b - 1)) / 2 + a] as number),
                );
          return d;
        };
        const t = (): Pick<TournamentRecord, 'entrants' | 'matches' | 'seatsPerMatch' | 'createdAt'> => ({
          entrants: entrants as unknown as TournamentRecord['entrants'],
          matches,
          seatsPerMatch: seats,
          createdAt: new Date(0),
        });
        const freeSince = new Map<number, number>(entrants.map((x) => [x.idx, 0]));
        const pairAt = (now: number): void => {
          const tables = arenaRound(t());
          round += 1;
          tables.forEach((table, i) => {
            const record = { matchId: `m${round}.${i}`, round, table: i, entrants: table, result: null };
            matches.push(record);
            running.push({ record, startedAt: now, endsAt: now + duration(table) });
          });
          // Nobody is idle while a table could be filled from the free entrants.
          const busy = new Set(running.flatMap((r) => r.record.entrants));
          const idle = entrants.filter((x) => !busy.has(x.idx));
          expect(idle.length).toBeLessThan(seats);
          // Nobody has been free longer than the longest match now running has run.
          const longest = Math.max(...running.map((r) => now - r.startedAt));
          for (const x of idle) {
            const waited = now - (freeSince.get(x.idx) as number);
            if (waited > longest)
              throw new Error(
                `entrant ${x.idx} free for ${waited} at ${now}, the longest match running for ${longest}`,
              );
          }
        };
        pairAt(0);
        for (;;) {
          const now = Math.min(...running.map((r) => r.endsAt));
          if (now > length || played >= 150) break;
          for (const r of running.filter((x) => x.endsAt === now)) {
            const winner = (outcomes[played % outcomes.length] as number) % (r.record.entrants.length + 1);
            // A win 1 for one seat (or a draw, shared): as a round robin scores.
            const points = r.record.entrants.map((_, s) =>
              winner === r.record.entrants.length ? 1 / r.record.entrants.length : s === winner ? 1 : 0,
            );
            r.record.result = { points, endedAt: now, step: 0 };
            for (const x of r.record.entrants) freeSince.set(x, now);
            running.splice(running.indexOf(r), 1);
            played += 1;
          }
          pairAt(now);
        }
      }),
      { numRuns: 200 },
    );
  });
});
