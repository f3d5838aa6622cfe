/**
 * The wire forms: moves and options in, moves out. Parsing takes any JSON and never throws; it checks
 * shape only (types, names, bounds). Whether a move is legal is rules.ts's business.
 */
import { invalidOptions, malformed, ok, type Result } from '../core';
import { COLORS, HAND_SIZE, type PlacedTile, SHAPES, type Tile } from './tiles';
import type { QwirkleMove, QwirkleOptions } from './types';

/** Legal play never strays far from (0, 0); anything beyond this is a client bug. */
export const COORD_LIMIT = 1000;
export const SEATS = { min: 2, max: 6 } as const;
export const MAX_TURNS = { default: 1000, min: 1, max: 100000 } as const;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The own keys of `x`, or the first one outside `allowed` (prototype-pollution keys included). */
function unknownKey(x: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(x).find((k) => !allowed.includes(k));
}

function parseTile(raw: unknown, i: number, placed: boolean): Result<Tile | PlacedTile> {
  if (!isRecord(raw)) return malformed(`tiles[${i}] must be an object.`);
  const fields = placed ? ['color', 'shape', 'x', 'y'] : ['color', 'shape'];
  const extra = unknownKey(raw, fields);
  if (extra !== undefined) return malformed(`tiles[${i}] has an unknown field "${extra.slice(0, 40)}".`);
  const { color, shape } = raw;
  if (typeof color !== 'string' || !(COLORS as readonly string[]).includes(color)) {
    return malformed(`tiles[${i}].color must be one of ${COLORS.join(', ')}.`);
  }
  if (typeof shape !== 'string' || !(SHAPES as readonly string[]).includes(shape)) {
    return malformed(`tiles[${i}].shape must be one of ${SHAPES.join(', ')}.`);
  }
  const tile = { color, shape } as Tile;
  if (!placed) return ok(tile);
  for (const axis of ['x', 'y'] as const) {
    const v = raw[axis];
    if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > COORD_LIMIT) {
      return malformed(`tiles[${i}].${axis} must be an integer from -${COORD_LIMIT} to ${COORD_LIMIT}.`);
    }
  }
  // `-0` would survive JSON as 0 but not Object.is; normalise so encode/parse round-trips exactly.
  return ok({ ...tile, x: (raw.x as number) + 0, y: (raw.y as number) + 0 });
}

export function parseMove(raw: unknown): Result<QwirkleMove> {
  if (!isRecord(raw)) return malformed('A move is an object: { "type": "place" | "exchange", "tiles": [...] }.');
  const extra = unknownKey(raw, ['type', 'tiles']);
  if (extra !== undefined) return malformed(`Unknown field "${extra.slice(0, 40)}" in the move.`);
  const { type, tiles } = raw;
  if (type !== 'place' && type !== 'exchange') return malformed('"type" must be "place" or "exchange".');
  if (!Array.isArray(tiles) || tiles.length < 1 || tiles.length > HAND_SIZE) {
    return malformed(`"tiles" must be an array of 1 to ${HAND_SIZE} tiles.`);
  }
  const out: (Tile | PlacedTile)[] = [];
  for (let i = 0; i < tiles.length; i++) {
    const t = parseTile(tiles[i], i, type === 'place');
    if (!t.ok) return t;
    out.push(t.value);
  }
  return ok(type === 'place' ? { type, tiles: out as PlacedTile[] } : { type, tiles: out });
}

export function encodeMove(move: QwirkleMove): unknown {
  if (move.type === 'place') {
    return { type: 'place', tiles: move.tiles.map((t) => ({ color: t.color, shape: t.shape, x: t.x, y: t.y })) };
  }
  return { type: 'exchange', tiles: move.tiles.map((t) => ({ color: t.color, shape: t.shape })) };
}

/** `undefined` and `null` mean all defaults. */
export function parseOptions(raw: unknown, seats: number): Result<QwirkleOptions> {
  if (!Number.isInteger(seats) || seats < SEATS.min || seats > SEATS.max) {
    return invalidOptions(`Qwirkle is played by ${SEATS.min} to ${SEATS.max} players.`);
  }
  if (raw === undefined || raw === null) return ok({ maxTurns: MAX_TURNS.default });
  if (!isRecord(raw)) return invalidOptions('Options must be an object.');
  const extra = unknownKey(raw, ['maxTurns']);
  if (extra !== undefined) return invalidOptions(`Unknown option "${extra.slice(0, 40)}".`);
  const maxTurns = raw.maxTurns === undefined ? MAX_TURNS.default : raw.maxTurns;
  if (
    typeof maxTurns !== 'number' ||
    !Number.isInteger(maxTurns) ||
    maxTurns < MAX_TURNS.min ||
    maxTurns > MAX_TURNS.max
  ) {
    return invalidOptions(`maxTurns must be an integer from ${MAX_TURNS.min} to ${MAX_TURNS.max}.`);
  }
  return ok({ maxTurns });
}
