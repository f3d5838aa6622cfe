import { thinkBudget } from './bot-runner';

/** The runner turns a thinking bot's time into nodes (its measured rate): a second, less on a short clock. */
describe('thinkBudget', () => {
  it('is a second of nodes without a clock, or with a deadline far away', () => {
    expect(thinkBudget(300_000, 1000, null, 0)).toBe(300_000);
    expect(thinkBudget(300_000, 1000, 86_400_000, 0)).toBe(300_000);
  });

  it('takes a twentieth of the time left when that is shorter, and never less than one node', () => {
    expect(thinkBudget(300_000, 1000, 2000, 0)).toBe(30_000); // 2 s left: 100 ms of thinking
    expect(thinkBudget(300_000, 1000, 10_000, 9_990)).toBe(150); // 10 ms left: half a millisecond
    expect(thinkBudget(300_000, 1000, 0, 5000)).toBe(1); // past the deadline
  });
});
