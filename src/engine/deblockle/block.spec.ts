import {
  DIRECTIONS,
  type Direction,
  FACES,
  type Face,
  ORIENTATIONS,
  type Orientation,
  eastOf,
  isOrientation,
  opposite,
  tip,
} from './block';

const BACK: Record<Direction, Direction> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const o = (top: Face, north: Face, east: Face): Orientation => ({ top, north, east });

describe('the block', () => {
  it('passes the tipping check of the rules file', () => {
    const start = o('star', 'slider', 'x');
    expect(tip(start, 'north')).toEqual(o('hoops', 'star', 'x'));
    expect(tip(start, 'west')).toEqual(o('x', 'slider', 'stop'));
    expect(tip(start, 'south')).toEqual(o('slider', 'stop', 'x'));
    expect(tip(start, 'east')).toEqual(o('cross', 'slider', 'star'));
  });

  it('has the published face layout: star on top, clockwise slider, x, hoops, cross', () => {
    expect(eastOf('star', 'slider')).toBe('x');
    expect(eastOf('star', 'x')).toBe('hoops');
    expect(eastOf('star', 'hoops')).toBe('cross');
    expect(eastOf('star', 'cross')).toBe('slider');
    // seen from the stop side (underneath) the same ring runs the other way
    expect(eastOf('stop', 'slider')).toBe('cross');
  });

  it('pairs opposite faces star–stop, cross–x, slider–hoops', () => {
    expect([opposite('star'), opposite('cross'), opposite('slider')]).toEqual(['stop', 'x', 'hoops']);
    expect([opposite('stop'), opposite('x'), opposite('hoops')]).toEqual(['star', 'cross', 'slider']);
  });

  it('has exactly 24 orientations, four turns for each face on top, and no mirror image', () => {
    expect(ORIENTATIONS).toHaveLength(24);
    for (const f of FACES) expect(ORIENTATIONS.filter((x) => x.top === f)).toHaveLength(4);
    expect(isOrientation(o('star', 'slider', 'x'))).toBe(true);
    expect(isOrientation(o('star', 'slider', 'cross'))).toBe(false); // the mirrored die
    expect(isOrientation(o('star', 'stop', 'x'))).toBe(false); // opposite faces cannot touch
    expect(eastOf('star', 'stop')).toBeNull();
    expect(eastOf('star', 'star')).toBeNull();
  });

  describe.each(ORIENTATIONS.map((x) => [`${x.top}/${x.north}/${x.east}`, x] as const))('%s', (_, start) => {
    it.each(DIRECTIONS)('tipped %s and back returns to itself', (dir) => {
      const there = tip(start, dir);
      expect(isOrientation(there)).toBe(true);
      expect(tip(there, BACK[dir])).toEqual(start);
    });

    it.each(DIRECTIONS)('tipped %s never shows the old top nor its opposite', (dir) => {
      const shown = tip(start, dir).top;
      expect(shown).not.toBe(start.top);
      expect(shown).not.toBe(opposite(start.top));
    });

    it('tipped four times the same way comes back', () => {
      for (const dir of DIRECTIONS) {
        let x = start;
        for (let i = 0; i < 4; i++) x = tip(x, dir);
        expect(x).toEqual(start);
      }
    });

    it('shows its four side faces on the four tips: north shows south, east shows west, ...', () => {
      expect(tip(start, 'north').top).toBe(opposite(start.north));
      expect(tip(start, 'south').top).toBe(start.north);
      expect(tip(start, 'east').top).toBe(opposite(start.east));
      expect(tip(start, 'west').top).toBe(start.east);
    });
  });
});
