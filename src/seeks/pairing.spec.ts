import fc from 'fast-check';
import { type Seeker, pairSeeks, rangeOf } from './pairing';

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
});
