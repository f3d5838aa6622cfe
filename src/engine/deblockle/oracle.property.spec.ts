/**
 * An independent oracle for legal turns: the block as a physical cube (face -> unit vector, rotated when it
 * rolls) and the rules file's hop rules walked literally on (column, row) pairs. legal-moves.property.spec.ts
 * checks legalMoves against apply, which share evaluateTip; this checks both against the rules text.
 */
import fc from 'fast-check';
import { deblockleEngine as engine } from './index';
import { ORIENTATIONS, type Face, type Direction } from './block';
import { makeSquare } from './board';
import { positionFromBlocks, type BlockSpec } from './fixtures';

type V = [number, number, number];
// axes: east = +x, north = -y (towards row 1), up = +z
function cube(top: Face, north: Face, east: Face): Map<Face, V> {
  const opp: Record<Face, Face> = {
    star: 'stop',
    stop: 'star',
    cross: 'x',
    x: 'cross',
    slider: 'hoops',
    hoops: 'slider',
  };
  const m = new Map<Face, V>();
  m.set(top, [0, 0, 1]);
  m.set(opp[top], [0, 0, -1]);
  m.set(north, [0, -1, 0]);
  m.set(opp[north], [0, 1, 0]);
  m.set(east, [1, 0, 0]);
  m.set(opp[east], [-1, 0, 0]);
  return m;
}
function roll(m: Map<Face, V>, d: Direction): Map<Face, V> {
  const out = new Map<Face, V>();
  for (const [f, [x, y, z]] of m) {
    // rolling towards direction: the top goes to that side, the far side comes up
    let v: V;
    if (d === 'north')
      v = [x, -z, y]; // up(0,0,1) -> (0,-1,0) north; south (0,1,0) -> (0,0,1) up
    else if (d === 'south') v = [x, z, -y];
    else if (d === 'east') v = [z, y, -x];
    else v = [-z, y, x];
    out.set(f, v);
  }
  return out;
}
const faceAt = (m: Map<Face, V>, v: V): Face => {
  for (const [f, w] of m) if (w[0] === v[0] && w[1] === v[1] && w[2] === v[2]) return f;
  throw new Error('x');
};

const STARS = new Set(['3,1', '3,5']);
function oracle(
  blocks: { seat: number; c: number; r: number; top: Face; north: Face; east: Face }[],
  seat: number,
  nsbs: boolean,
): string[] {
  const out = new Set<string>();
  const on = (c: number, r: number) => c >= 0 && c < 7 && r >= 0 && r < 7;
  const star = (c: number, r: number) => STARS.has(`${c},${r}`);
  const D: [Direction, number, number][] = [
    ['north', 0, -1],
    ['east', 1, 0],
    ['south', 0, 1],
    ['west', -1, 0],
  ];
  for (const b of blocks.filter((x) => x.seat === seat)) {
    const others = blocks.filter((x) => x !== b);
    const open = (c: number, r: number) => on(c, r) && !others.some((o) => o.c === c && o.r === r);
    for (const [d, dx, dy] of D) {
      const c = b.c + dx,
        r = b.r + dy;
      if (!open(c, r)) continue;
      const cubeNow = roll(cube(b.top, b.north, b.east), d);
      const top = faceAt(cubeNow, [0, 0, 1]);
      const scoring = seat === 0 ? [3, 1] : [3, 5];
      const ends: [number, number][] = [];
      let removal = false;
      if (star(c, r)) {
        if (c === scoring[0] && r === scoring[1] && top === 'star') {
          removal = true;
          ends.push([c, r]);
        } else continue;
      } else if (top === 'star') continue;
      else if (top === 'stop') ends.push([c, r]);
      else if (top === 'cross') {
        for (const [, ex, ey] of D) if (open(c + ex, r + ey) && !star(c + ex, r + ey)) ends.push([c + ex, r + ey]);
      } else if (top === 'x') {
        for (const [ex, ey] of [
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ] as const)
          if (open(c + ex, r + ey) && !star(c + ex, r + ey)) ends.push([c + ex, r + ey]);
      } else if (top === 'slider') {
        for (const [, ex, ey] of D) {
          let k = 1;
          const path: [number, number][] = [];
          while (open(c + ex * k, r + ey * k)) {
            path.push([c + ex * k, r + ey * k]);
            k++;
          }
          if (path.length === 0) continue;
          const last = path[path.length - 1]!;
          if (!star(...last)) ends.push(last);
          else if (path.length >= 2) ends.push(path[path.length - 2]!);
          for (let i = 1; i < path.length; i++) if (star(...path[i]!)) ends.push(path[i - 1]!);
        }
      } else {
        const walk = (x: number, y: number, n: number) => {
          if (n === 3) {
            if (!star(x, y)) ends.push([x, y]);
            return;
          }
          for (const [, ex, ey] of D)
            if (open(x + ex, y + ey) || (x + ex === c && y + ey === r)) walk(x + ex, y + ey, n + 1);
        };
        walk(c, r, 0);
      }
      for (const [ec, er] of ends) {
        if (nsbs) {
          const after = removal ? others : [...others, { ...b, c: ec, r: er }];
          const bad = after.some(
            (m) =>
              m.seat === seat && after.some((o) => o.seat !== seat && Math.abs(o.c - m.c) + Math.abs(o.r - m.r) === 1),
          );
          if (bad) continue;
        }
        out.add(`${makeSquare(b.r * 7 + b.c)} ${d} ${makeSquare(er * 7 + ec)}`);
      }
    }
  }
  return [...out].sort();
}

it("legal turns equal the oracle's on random positions, for both seats, with and without noSideBySide", () => {
  const nonStar = Array.from({ length: 49 }, (_, i) => i).filter((i) => i !== 10 && i !== 38);
  fc.assert(
    fc.property(
      fc.shuffledSubarray(nonStar, { minLength: 2, maxLength: 8 }),
      fc.array(fc.integer({ min: 0, max: 23 }), { minLength: 8, maxLength: 8 }),
      fc.integer({ min: 0, max: 1 }),
      fc.boolean(),
      (sqs, os, toMove, nsbs) => {
        const specs: BlockSpec[] = sqs.map((s, i) => {
          const o = ORIENTATIONS[os[i]!]!;
          return { seat: i % 2, square: makeSquare(s), top: o.top, north: o.north };
        });
        const st = positionFromBlocks({ blocks: specs, toMove, options: { noSideBySide: nsbs } });
        const blocks = st.blocks.map((b) => ({
          seat: b.seat,
          c: b.square % 7,
          r: Math.floor(b.square / 7),
          top: b.top,
          north: b.north,
          east: b.east,
        }));
        for (const seat of [0, 1]) {
          const mine = [...engine.legalMoves({ ...st, turn: seat }, seat)]
            .map((m) => {
              const w = engine.encodeMove(m) as { from: string; tip: string; to: string };
              return `${w.from} ${w.tip} ${w.to}`;
            })
            .sort();
          expect(mine).toEqual(oracle(blocks, seat, nsbs));
        }
      },
    ),
    { numRuns: 3000 },
  );
  // the oracle's cube passes the rules file's check
  const seen = (d: Direction): Face[] => {
    const c = roll(cube('star', 'slider', 'x'), d);
    return [faceAt(c, [0, 0, 1]), faceAt(c, [0, -1, 0]), faceAt(c, [1, 0, 0])];
  };
  expect(seen('north')).toEqual(['hoops', 'star', 'x']);
  expect(seen('west')).toEqual(['x', 'slider', 'stop']);
  expect(seen('south')).toEqual(['slider', 'stop', 'x']);
  expect(seen('east')).toEqual(['cross', 'slider', 'star']);
});
