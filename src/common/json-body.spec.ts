import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[[]]]', 2)).toBe(true);
    expect(nestsDeeperThan('"just a string"', 0)).toBe(false);
  });

  it('answers for very deep text without recursion', () => {
    const text = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(nestsDeeperThan(text, MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(text, 1_000_000)).toBe(false);
  });
});
