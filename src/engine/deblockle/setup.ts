/**
 * The setup: each seat's blocks are rolled like dice, then each seat places its OPPONENT's blocks on the
 * opponent's start squares, choosing squares and which side faces north, with the rolled face kept on top.
 */
import { type Result, type Rng, type Seat, illegal, ok } from '../core';
import { FACES, type Face, eastOf, sideFaces } from './block';
import { type Block, START_SQUARES, type Square, makeSquare, sortBlocks } from './board';

export interface PlacedBlock {
  readonly square: Square;
  readonly top: Face;
  readonly north: Face;
}

export interface SetupMove {
  readonly type: 'setup';
  /** The opponent's blocks, in the order the placing seat listed them. */
  readonly blocks: readonly PlacedBlock[];
}

export function rollBlocks(rng: Rng, count: number): Face[] {
  return Array.from({ length: count }, () => rng.pick(FACES));
}

const sortedFaces = (faces: readonly Face[]): string => [...faces].sort().join(',');

/** Checks a placement of `owner`'s rolled blocks and returns them as board blocks, by square. */
export function checkPlacement(placed: readonly PlacedBlock[], owner: Seat, rolled: readonly Face[]): Result<Block[]> {
  const starts = START_SQUARES[owner as 0 | 1];
  const startNames = starts.map(makeSquare).join(', ');
  if (placed.length !== rolled.length) {
    return illegal(
      'deblockle/wrong-block-count',
      `Place exactly ${rolled.length} block(s), one for each face rolled for your opponent.`,
    );
  }
  for (const p of placed) {
    if (!starts.includes(p.square)) {
      return illegal(
        'deblockle/wrong-squares',
        `${makeSquare(p.square)} is not a start square of your opponent (${startNames}).`,
      );
    }
  }
  if (new Set(placed.map((p) => p.square)).size !== placed.length) {
    return illegal('deblockle/duplicate-square', 'Two blocks cannot share a start square.');
  }
  if (sortedFaces(placed.map((p) => p.top)) !== sortedFaces(rolled)) {
    return illegal(
      'deblockle/wrong-faces',
      `The tops must be exactly the faces rolled for your opponent: ${[...rolled].sort().join(', ')}.`,
    );
  }
  const blocks: Block[] = [];
  for (const p of placed) {
    const east = eastOf(p.top, p.north);
    if (east === null) {
      return illegal(
        'deblockle/bad-north',
        `With ${p.top} on top, north must be one of ${sideFaces(p.top).join(', ')}.`,
      );
    }
    blocks.push({ seat: owner, square: p.square, top: p.top, north: p.north, east });
  }
  return ok(sortBlocks(blocks));
}

/** A uniformly random valid placement: random start squares, rolled faces in random order, random turns. */
export function randomPlacement(owner: Seat, rolled: readonly Face[], rng: Rng): PlacedBlock[] {
  const squares = rng.shuffle(START_SQUARES[owner as 0 | 1]).slice(0, rolled.length);
  const placed = rolled.map((top, i) => ({ square: squares[i] as Square, top, north: rng.pick(sideFaces(top)) }));
  return placed.sort((a, b) => a.square - b.square);
}

/** Distinct orderings of a multiset, so identical rolled faces do not repeat a placement. */
function* permutations(faces: readonly Face[]): Generator<Face[]> {
  if (faces.length === 0) {
    yield [];
    return;
  }
  const seen = new Set<Face>();
  for (let i = 0; i < faces.length; i++) {
    const f = faces[i] as Face;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const rest of permutations([...faces.slice(0, i), ...faces.slice(i + 1)])) yield [f, ...rest];
  }
}

function* subsets(squares: readonly Square[], k: number): Generator<Square[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = 0; i <= squares.length - k; i++) {
    for (const rest of subsets(squares.slice(i + 1), k - 1)) yield [squares[i] as Square, ...rest];
  }
}

function* turns(tops: readonly Face[]): Generator<Face[]> {
  if (tops.length === 0) {
    yield [];
    return;
  }
  for (const north of sideFaces(tops[0] as Face)) for (const rest of turns(tops.slice(1))) yield [north, ...rest];
}

/** Every distinct placement (at most 6144 with four different faces), each listed by square. */
export function* allPlacements(owner: Seat, rolled: readonly Face[]): Generator<PlacedBlock[]> {
  for (const squares of subsets(START_SQUARES[owner as 0 | 1], rolled.length)) {
    for (const tops of permutations([...rolled].sort())) {
      for (const norths of turns(tops)) {
        yield squares.map((square, i) => ({ square, top: tops[i] as Face, north: norths[i] as Face }));
      }
    }
  }
}
