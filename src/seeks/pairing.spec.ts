import fc from 'fast-check';
import { type Pairing, type Seeker, nextChange, pairSeeks, rangeOf } from './pairing';

/** The pairing as first written: every seek compared with every other (O(n²)); the grouped walk must agree. */
function allPairs(seekers: readonly Seeker[], now: number): Pairing {
  const order = [...seekers].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const live = order.filter((s) => s.expiresAt === undefined || now < s.expiresAt);
  const fits = (a: Seeker, b: Seeker): boolean => {
    const d = Math.abs(a.rating - b.rating);
    return a.playerId !== b.playerId && d <= rangeOf(a, now) && d <= rangeOf(b, now);
  };
  const seated = new Set<string>();
  const tables: string[][] = [];
  for (const s of live) {
    if (seated.has(s.id)) continue;
    const candidates = live
      .filter((c) => c !== s && !seated.has(c.id) && c.pool === s.pool && fits(s, c))
      .sort((a, b) => Math.abs(a.rating - s.rating) - Math.abs(b.rating - s.rating) || a.createdAt - b.createdAt);
    const table: Seeker[] = [s];
    for (const c of candidates) {
      if (table.length === s.seats) break;
      if (table.every((t) => fits(t, c))) table.push(c);
    }
    if (table.length === s.seats) {
      for (const t of table) seated.add(t.id);
      tables.push(table.map((t) => t.id));
    }
  }
  const againstBot = order
    .filter((s) => !seated.has(s.id) && s.botAfterSeconds !== null && now - s.createdAt >= s.botAfterSeconds * 1000)
    .map((s) => s.id);
  return { tables, againstBot };
}

const T0 = 1_000_000;
const seek = (id: string, rating: number, over: Partial<Seeker> = {}): Seeker => ({
  id,
  playerId: `p-${id}`,
  pool: 'reversi',
  seats: 2,
  rating,
  ratingRange: 5,
  botAfterSeconds: null,
  createdAt: T0,
  ...over,
});

describe('seek pairing', () => {
  it("seats two seekers within each other's range", () => {
    expect(pairSeeks([seek('a', 10), seek('b', 14)], T0).tables).toEqual([['a', 'b']]);
  });

  it('keeps two seekers apart until both ranges have widened far enough', () => {
    const seekers = [seek('a', 0), seek('b', 12)];
    expect(pairSeeks(seekers, T0 + 9_999).tables).toEqual([]); // ranges 5 and 5
    expect(pairSeeks(seekers, T0 + 10_000).tables).toEqual([]); // 10 and 10
    expect(pairSeeks(seekers, T0 + 20_000).tables).toEqual([['a', 'b']]); // 15 and 15
  });

  it("needs each seek within the other's range, not just one", () => {
    const wide = seek('a', 0, { ratingRange: 100 });
    const narrow = seek('b', 20, { ratingRange: 5 });
    expect(pairSeeks([wide, narrow], T0).tables).toEqual([]);
    expect(pairSeeks([wide, narrow], T0 + 30_000).tables).toEqual([['a', 'b']]); // narrow has 20 after 30 s
  });

  it('serves the oldest seek first, with the closest rating in range, then the oldest', () => {
    const seekers = [
      seek('old', 50, { createdAt: T0 }),
      seek('far', 54, { createdAt: T0 + 1 }),
      seek('near', 51, { createdAt: T0 + 2 }),
      seek('near-too', 49, { createdAt: T0 + 3 }),
    ];
    expect(pairSeeks(seekers, T0 + 5).tables).toEqual([
      ['old', 'near'],
      ['far', 'near-too'],
    ]);
  });

  it('never seats a player against itself, nor across pools or table sizes', () => {
    expect(pairSeeks([seek('a', 0), seek('b', 0, { playerId: 'p-a' })], T0).tables).toEqual([]);
    expect(pairSeeks([seek('a', 0), seek('b', 0, { pool: 'qwirkle' })], T0).tables).toEqual([]);
  });

  it('fills a table of the asked size, every pair in range', () => {
    const three = (id: string, r: number): Seeker => seek(id, r, { pool: 'qwirkle/3', seats: 3 });
    expect(pairSeeks([three('a', 0), three('b', 4)], T0).tables).toEqual([]);
    expect(pairSeeks([three('a', 0), three('b', 4), three('c', 8)], T0).tables).toEqual([]); // a–c is 8 > 5
    expect(pairSeeks([three('a', 0), three('b', 4), three('c', 2)], T0).tables).toEqual([['a', 'c', 'b']]);
  });

  it('sends an unpaired seek to a bot once it has waited botAfterSeconds', () => {
    const lonely = seek('a', 0, { botAfterSeconds: 30 });
    expect(pairSeeks([lonely], T0 + 29_999).againstBot).toEqual([]);
    expect(pairSeeks([lonely], T0 + 30_000).againstBot).toEqual(['a']);
    expect(pairSeeks([lonely, seek('b', 1)], T0 + 30_000)).toEqual({ tables: [['a', 'b']], againstBot: [] });
  });

  it('widens by the first range every 10 s', () => {
    expect([0, 9_999, 10_000, 25_000].map((w) => rangeOf(seek('a', 0, { ratingRange: 3 }), T0 + w))).toEqual([
      3, 3, 6, 9,
    ]);
  });

  it('seats every seek at most once, players never twice at a table, every pair in range (property)', () => {
    const arb = fc.array(
      fc.record({
        player: fc.integer({ min: 0, max: 12 }),
        rating: fc.integer({ min: 0, max: 40 }),
        wait: fc.integer({ min: 0, max: 40_000 }),
        seats: fc.constantFrom(2, 3),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (raw) => {
        const seekers = raw.map((r, i) =>
          seek(`s${i}`, r.rating, {
            playerId: `p${r.player}`,
            pool: `g/${r.seats}`,
            seats: r.seats,
            createdAt: T0 - r.wait,
          }),
        );
        const byId = new Map(seekers.map((s) => [s.id, s]));
        const { tables } = pairSeeks(seekers, T0);
        const ids = tables.flat();
        expect(new Set(ids).size).toBe(ids.length);
        for (const table of tables) {
          const members = table.map((id) => byId.get(id) as Seeker);
          expect(members.length).toBe(members[0]?.seats);
          expect(new Set(members.map((m) => m.playerId)).size).toBe(members.length);
          for (const a of members)
            for (const b of members) {
              if (a === b) continue;
              expect(a.pool).toBe(b.pool);
              expect(Math.abs(a.rating - b.rating)).toBeLessThanOrEqual(rangeOf(a, T0));
            }
        }
      }),
    );
  });

  it('seats exactly the tables the all-pairs reference seats, in its order (property)', () => {
    const arb = fc.array(
      fc.record({
        player: fc.integer({ min: 0, max: 15 }),
        pool: fc.integer({ min: 0, max: 2 }),
        // Few distinct ratings (ties on both sides of a seek), now and then a fractional one; ranges from 0 up.
        rating: fc.oneof(
          { weight: 4, arbitrary: fc.integer({ min: 0, max: 8 }) },
          { weight: 1, arbitrary: fc.double({ min: -10, max: 30, noNaN: true }) },
        ),
        ratingRange: fc.oneof(
          fc.constant(0),
          fc.integer({ min: 0, max: 6 }),
          fc.double({ min: 0, max: 20, noNaN: true }),
        ),
        // Equal ages too (the id breaks the tie).
        wait: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 60_000 })),
        botAfterSeconds: fc.option(fc.integer({ min: 0, max: 60 })),
        expiresIn: fc.option(fc.integer({ min: -1000, max: 1000 })),
      }),
      { minLength: 1, maxLength: 60, size: 'max' },
    );
    fc.assert(
      fc.property(arb, (raw) => {
        const seekers = raw.map((r, i) => {
          const seats = 2 + r.pool; // a pool is also a table size: 2, 3 or 4
          const base: Seeker = seek(`s${String(i).padStart(2, '0')}`, r.rating, {
            playerId: `p${r.player}`,
            pool: `g/${seats}`,
            seats,
            ratingRange: r.ratingRange,
            botAfterSeconds: r.botAfterSeconds,
            createdAt: T0 - r.wait,
          });
          return r.expiresIn === null ? base : { ...base, expiresAt: T0 + r.expiresIn };
        });
        // Shuffled input: the answer must not depend on the order the store read the seeks in.
        const shuffled = [...seekers].reverse();
        expect(pairSeeks(shuffled, T0)).toEqual(allPairs(seekers, T0));
      }),
      { numRuns: 500 },
    );
  });

  it('an expired seek sits at no table, but a bot due by then still takes it', () => {
    const a = seek('a', 0, { botAfterSeconds: 600, createdAt: T0 - 600_000, expiresAt: T0 });
    expect(pairSeeks([a, seek('b', 0)], T0)).toEqual({ tables: [], againstBot: ['a'] });
    expect(pairSeeks([a, seek('b', 0)], T0 - 1)).toEqual({ tables: [['a', 'b']], againstBot: [] });
  });

  it('3,000 seeks of one pool that cannot meet cost one sorted walk, not every pair (the audit case)', () => {
    const many = Array.from({ length: 3000 }, (_, i) => seek(`s${i}`, i, { ratingRange: 0, createdAt: T0 - i }));
    const fitsCalls = { n: 0 };
    const counted = many.map(
      (s) => new Proxy(s, { get: (t, k) => (k === 'rating' && fitsCalls.n++, t[k as keyof Seeker]) }),
    );
    expect(pairSeeks(counted, T0).tables).toEqual([]);
    // All-pairs reads a rating ~9 million times here (2 per pair, both ways); the walk reads each seek's a few times.
    expect(fitsCalls.n).toBeLessThan(20 * many.length);
  });
});

describe('nextChange', () => {
  it('until the time it names, pairing the same seeks answers the same (property)', () => {
    const arb = fc.record({
      raw: fc.array(
        fc.record({
          player: fc.integer({ min: 0, max: 9 }),
          pool: fc.integer({ min: 0, max: 1 }),
          rating: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 40, noNaN: true })),
          // Often the same range and age, so two seeks reach each other at the same step.
          ratingRange: fc.oneof(fc.constant(0), fc.constantFrom(1, 2, 3), fc.double({ min: 0, max: 8, noNaN: true })),
          wait: fc.oneof(fc.constant(0), fc.constant(5_000), fc.integer({ min: 0, max: 60_000 })),
          botAfterSeconds: fc.option(fc.integer({ min: 0, max: 90 })),
          expiresIn: fc.option(fc.integer({ min: 0, max: 90_000 })),
        }),
        { maxLength: 25 },
      ),
      later: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, ({ raw, later }) => {
        const seekers = raw.map((r, i): Seeker => {
          const seats = 2 + r.pool;
          const base = seek(`s${i}`, r.rating, {
            playerId: `p${r.player}`,
            pool: `g/${seats}`,
            seats,
            ratingRange: r.ratingRange,
            botAfterSeconds: r.botAfterSeconds,
            createdAt: T0 - r.wait,
          });
          return r.expiresIn === null ? base : { ...base, expiresAt: T0 + r.expiresIn };
        });
        const until = nextChange(seekers, T0);
        expect(until).toBeGreaterThan(T0);
        const t = Number.isFinite(until) ? T0 + Math.floor((until - 1 - T0) * later) : T0 + 1e9 * later;
        const before = pairSeeks(seekers, T0);
        expect(pairSeeks(seekers, t)).toEqual(before);
        if (Number.isFinite(until)) expect(pairSeeks(seekers, until - 1)).toEqual(before); // the last moment
      }),
      { numRuns: 1000 },
    );
  });

  it('3,000 seeks rated apart with a range of 0 never change by themselves', () => {
    const many = Array.from({ length: 3000 }, (_, i) => seek(`s${i}`, i, { ratingRange: 0, createdAt: T0 - i }));
    expect(nextChange(many, T0)).toBe(Infinity);
    expect(nextChange([seek('a', 0), seek('b', 12)], T0)).toBeLessThanOrEqual(T0 + 10_000); // ranges 10 then
  });
});
