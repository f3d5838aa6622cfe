import { SlowLane, slowShareOf } from './slow-lane';

describe("the delivery pool's slow half", () => {
  it('is half the pool, rounded down, and at least one slot', () => {
    expect([64, 9, 2, 1].map(slowShareOf)).toEqual([32, 4, 1, 1]);
  });

  it('admits slow attempts up to its share, across hosts, and one more once one leaves', () => {
    const lane = new SlowLane(3);
    expect([lane.enter('a'), lane.enter('a'), lane.enter('b')]).toEqual([true, true, true]);
    expect([lane.hasRoom(), lane.enter('c')]).toEqual([false, false]);
    expect([lane.inFlight(), lane.inFlight('a'), lane.inFlight('b'), lane.inFlight('c')]).toEqual([3, 2, 1, 0]);
    lane.leave('a');
    expect([lane.inFlight(), lane.inFlight('a'), lane.hasRoom()]).toEqual([2, 1, true]);
    expect(lane.enter('c')).toBe(true);
  });

  it('ignores a leave for a host with nothing in it', () => {
    const lane = new SlowLane(1);
    lane.leave('a');
    expect([lane.inFlight(), lane.hasRoom()]).toEqual([0, true]);
  });
});

describe('a host seen slow', () => {
  it('is slow while it has a slow attempt in flight, then until its mark runs out or it answers', () => {
    const lane = new SlowLane(4);
    expect(lane.slow('a', 0)).toBe(false);
    lane.enter('a');
    expect(lane.slow('a', 0)).toBe(true);
    lane.leave('a');
    expect(lane.slow('a', 0)).toBe(false);
    lane.sawSlow('a', 100); // cut, say: nothing in flight, but seen slow
    expect([lane.slow('a', 99), lane.slow('b', 99)]).toEqual([true, false]);
    expect(lane.slow('a', 100)).toBe(false);
    lane.sawSlow('a', 200);
    lane.answered('a');
    expect(lane.slow('a', 150)).toBe(false);
  });
});

describe('a host not yet seen to answer', () => {
  it('is proven once it answers, and stays so while it is among the most recent 10,000 that did', () => {
    const lane = new SlowLane(4);
    expect(lane.proven('a')).toBe(false);
    lane.answered('a');
    expect(lane.proven('a')).toBe(true);
    for (let i = 0; i < 9_999; i++) lane.answered(`h${i}`);
    lane.answered('a'); // answered again: the most recent, not the oldest
    lane.answered('h-last');
    expect([lane.proven('a'), lane.proven('h0'), lane.proven('h1')]).toEqual([true, false, true]);
  });
});
