/**
 * The Deblockle block: six faces and how they move when the block rolls over an edge.
 * An orientation is `(top, north, east)`; bottom, south and west are their opposites.
 */

export type Face = 'star' | 'stop' | 'cross' | 'x' | 'slider' | 'hoops';
export type Direction = 'north' | 'east' | 'south' | 'west';

export const FACES: readonly Face[] = ['star', 'stop', 'cross', 'x', 'slider', 'hoops'];
export const DIRECTIONS: readonly Direction[] = ['north', 'east', 'south', 'west'];

export interface Orientation {
  readonly top: Face;
  readonly north: Face;
  readonly east: Face;
}

const OPPOSITE: Readonly<Record<Face, Face>> = {
  star: 'stop',
  stop: 'star',
  cross: 'x',
  x: 'cross',
  slider: 'hoops',
  hoops: 'slider',
};

export function opposite(face: Face): Face {
  return OPPOSITE[face];
}

export function isFace(x: unknown): x is Face {
  return typeof x === 'string' && (FACES as readonly string[]).includes(x);
}

export function isDirection(x: unknown): x is Direction {
  return typeof x === 'string' && (DIRECTIONS as readonly string[]).includes(x);
}

/** The block rolls one square towards `dir`, over the edge on that side (the rules file's table). */
export function tip(o: Orientation, dir: Direction): Orientation {
  switch (dir) {
    case 'north':
      return { top: OPPOSITE[o.north], north: o.top, east: o.east };
    case 'south':
      return { top: o.north, north: OPPOSITE[o.top], east: o.east };
    case 'east':
      return { top: OPPOSITE[o.east], north: o.north, east: o.top };
    case 'west':
      return { top: o.east, north: o.north, east: OPPOSITE[o.top] };
  }
}

/** The four faces around `top`, i.e. the faces that can point north while `top` stays up. */
export function sideFaces(top: Face): Face[] {
  return FACES.filter((f) => f !== top && f !== OPPOSITE[top]);
}

const key = (o: Orientation): string => `${o.top}/${o.north}/${o.east}`;

/**
 * The physical block's 24 orientations. The die's handedness is fixed by the layout "star on top,
 * clockwise from above: slider, x, hoops, cross", i.e. `(star, slider, x)`; every other orientation is
 * reached by rolling, so a mirrored (impossible) block never appears.
 */
export const ORIENTATIONS: readonly Orientation[] = (() => {
  const seen = new Map<string, Orientation>();
  const queue: Orientation[] = [{ top: 'star', north: 'slider', east: 'x' }];
  while (queue.length > 0) {
    const o = queue.shift() as Orientation;
    if (seen.has(key(o))) continue;
    seen.set(key(o), o);
    for (const d of DIRECTIONS) queue.push(tip(o, d));
  }
  return [...seen.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)); // code-unit order, not the locale's
})();

const BY_KEY = new Map(ORIENTATIONS.map((o) => [key(o), o] as const));

export function isOrientation(o: Orientation): boolean {
  return BY_KEY.has(key(o));
}

/** The east face of the block with `top` up and `north` facing north; null when `north` is not a side of `top`. */
export function eastOf(top: Face, north: Face): Face | null {
  for (const east of FACES) if (BY_KEY.has(`${top}/${north}/${east}`)) return east;
  return null;
}
