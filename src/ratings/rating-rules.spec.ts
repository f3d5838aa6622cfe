import { DAY_MS, MovedSeats, SameOpponentWindow, pairsOf } from './rating-rules';

describe('rating rules', () => {
  describe('every seat moved', () => {
    it('needs a move of its own from every seat', () => {
      const moved = new MovedSeats().add([
        { type: 'SeatJoined', seat: 1 },
        { type: 'MoveMade', seat: 0 },
      ]);
      expect(moved.all(2)).toBe(false);
      moved.add([{ type: 'PlayerResigned', seat: 1 }]);
      expect(moved.all(2)).toBe(false);
      expect(new MovedSeats().add([{ type: 'PlayerResigned', seat: 0 }]).all(2)).toBe(false);
      expect(
        new MovedSeats()
          .add([{ type: 'MoveMade', seat: 0 }])
          .add([{ type: 'MoveMade', seat: 1 }])
          .all(2),
      ).toBe(true);
      expect(new MovedSeats().add([{ type: 'MatchAborted', seat: null }]).all(2)).toBe(false);
    });

    it("does not count the server's move for a seat that ran out (onTimeout: random)", () => {
      const moved = new MovedSeats().add([
        { type: 'MoveMade', seat: 0 },
        { type: 'TimedOut', seat: 1 },
        { type: 'MoveMade', seat: 1 },
        { type: 'MoveMade', seat: 0 },
      ]);
      expect(moved.all(2)).toBe(false);
      moved.add([{ type: 'MoveMade', seat: 1 }]);
      expect(moved.all(2)).toBe(true);
    });
  });

  describe('the same opponents at most N times in 24 hours', () => {
    const t0 = Date.UTC(2026, 0, 1, 23, 0);
    const at = (ms: number) => new Date(t0 + ms);
    const ab = pairsOf(['player:b', 'player:a']);

    it('pairs every two identities of a match, in one order', () => {
      expect(ab).toEqual(['player:a\nplayer:b']);
      expect(pairsOf(['c', 'a', 'b'])).toEqual(['a\nb', 'a\nc', 'b\nc']);
    });

    it('counts 3 in any 24 hours (a rolling window, across midnight), then again as old ones fall out', () => {
      const w = new SameOpponentWindow(3);
      w.load('reversi', ab[0] as string, []);
      const offered = [0, 1, 2, 3, 4].map((i) => w.offer('reversi', `m${i}`, ab, at(i * 60 * 60_000)));
      // m1 on are past UTC midnight: a calendar day would count them afresh.
      expect(offered).toEqual([true, true, true, false, false]);
      // At 24 h m0 has just left the window (m1 and m2 remain), so one more counts; then none until m1 leaves.
      expect(w.offer('reversi', 'm5', ab, at(DAY_MS))).toBe(true);
      expect(w.offer('reversi', 'm6', ab, at(DAY_MS + 1))).toBe(false);
      expect(w.offer('reversi', 'm7', ab, at(DAY_MS + 60 * 60_000))).toBe(true);
      expect(w.added.map((p) => p.matchId)).toEqual(['m0', 'm1', 'm2', 'm5', 'm7']);
    });

    it('is per game and per pair, and a match of 3 is rated only if each of its pairs has room', () => {
      const w = new SameOpponentWindow(1);
      for (const p of pairsOf(['a', 'b', 'c'])) w.load('qwirkle', p, []);
      w.load('reversi', 'a\nb', []);
      expect(w.offer('reversi', 'r1', ['a\nb'], at(0))).toBe(true);
      expect(w.offer('qwirkle', 'q1', ['a\nb'], at(1))).toBe(true);
      expect(w.offer('qwirkle', 'q2', pairsOf(['a', 'b', 'c']), at(2))).toBe(false);
      expect(w.offer('qwirkle', 'q3', ['a\nc', 'b\nc'], at(3))).toBe(true);
    });

    it('starts from the rows the store kept, and 0 turns the rule off', () => {
      const w = new SameOpponentWindow(2);
      expect(w.has('reversi', 'a\nb')).toBe(false);
      w.load('reversi', 'a\nb', [at(-DAY_MS + 10), at(-1000)]);
      expect(w.offer('reversi', 'x', ['a\nb'], at(0))).toBe(false);
      expect(w.offer('reversi', 'y', ['a\nb'], at(10))).toBe(true);
      const off = new SameOpponentWindow(0);
      expect(off.has('reversi', 'a\nb')).toBe(true);
      expect([1, 2, 3, 4, 5].every((i) => off.offer('reversi', `o${i}`, ['a\nb'], at(i)))).toBe(true);
    });
  });
});
