/**
 * Moves on the wire.
 * - A turn: `{ "from": "c5", "tip": "north", "to": "c3" }` (an optional `"type": "turn"` is accepted and
 *   dropped). `to` is where the block ends: the tipped-onto square for `stop`, the scoring star for a removal.
 * - The setup: `{ "type": "setup", "blocks": [{ "square": "c1", "top": "cross", "north": "slider" }, …] }`,
 *   the opponent's blocks in any order.
 */
import { type Result, malformed, ok } from '../core';
import { type Face, isDirection, isFace } from './block';
import { type Square, makeSquare, parseSquare } from './board';
import type { PlacedBlock, SetupMove } from './setup';
import type { TurnMove } from './turn';

export type DeblockleMove = TurnMove | SetupMove;

export interface WireTurn {
  from: string;
  tip: string;
  to: string;
}
export interface WireSetup {
  type: 'setup';
  blocks: { square: string; top: string; north: string }[];
}

type Fields = Record<string, unknown>;

function fieldsOf(raw: unknown): Fields | null {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Fields) : null;
}

const own = (o: Fields, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);

function unknownFields(o: Fields, allowed: readonly string[]): string[] {
  return Object.keys(o).filter((k) => !allowed.includes(k));
}

const DIAGONAL_TIP = /^(north|south)[-_ ]?(east|west)$|^[ns][ew]$/i;

function square(o: Fields, field: string): Result<Square> {
  const v = own(o, field);
  if (typeof v !== 'string') return malformed(`"${field}" must be a square such as "c5".`, 'deblockle/bad-square');
  const s = parseSquare(v);
  if (s === null)
    return malformed(`"${field}" must be a column a–g followed by a row 1–7, such as "c5".`, 'deblockle/bad-square');
  return ok(s);
}

function face(o: Fields, field: string): Result<Face> {
  const v = own(o, field);
  if (!isFace(v))
    return malformed(`"${field}" must be one of star, stop, cross, x, slider, hoops.`, 'deblockle/bad-face');
  return ok(v);
}

function parseTurn(o: Fields): Result<TurnMove> {
  const extra = unknownFields(o, ['type', 'from', 'tip', 'to']);
  if (extra.length > 0)
    return malformed(`Unknown field(s) in the turn: ${extra.slice(0, 5).join(', ')}.`, 'deblockle/unknown-field');
  const from = square(o, 'from');
  if (!from.ok) return from;
  const tip = own(o, 'tip');
  if (!isDirection(tip)) {
    if (typeof tip === 'string' && DIAGONAL_TIP.test(tip)) {
      return malformed(
        'A block never tips diagonally: "tip" must be north, east, south or west.',
        'deblockle/diagonal-tip',
      );
    }
    return malformed('"tip" must be north, east, south or west.', 'deblockle/bad-tip');
  }
  const to = square(o, 'to');
  if (!to.ok) return to;
  return ok({ type: 'turn', from: from.value, tip, to: to.value });
}

function parseSetup(o: Fields): Result<SetupMove> {
  const extra = unknownFields(o, ['type', 'blocks']);
  if (extra.length > 0)
    return malformed(`Unknown field(s) in the setup: ${extra.slice(0, 5).join(', ')}.`, 'deblockle/unknown-field');
  const list = own(o, 'blocks');
  if (!Array.isArray(list) || list.length < 1 || list.length > 4) {
    return malformed('"blocks" must be a list of 1 to 4 blocks: { "square", "top", "north" }.', 'deblockle/bad-blocks');
  }
  const blocks: PlacedBlock[] = [];
  for (let i = 0; i < list.length; i++) {
    const b = fieldsOf(list[i]);
    if (b === null)
      return malformed(`blocks[${i}] must be an object { "square", "top", "north" }.`, 'deblockle/bad-blocks');
    const bad = unknownFields(b, ['square', 'top', 'north']);
    if (bad.length > 0)
      return malformed(`Unknown field(s) in blocks[${i}]: ${bad.slice(0, 5).join(', ')}.`, 'deblockle/unknown-field');
    const sq = square(b, 'square');
    if (!sq.ok) return sq;
    const top = face(b, 'top');
    if (!top.ok) return top;
    const north = face(b, 'north');
    if (!north.ok) return north;
    blocks.push({ square: sq.value, top: top.value, north: north.value });
  }
  return ok({ type: 'setup', blocks });
}

export function parseMove(raw: unknown): Result<DeblockleMove> {
  const o = fieldsOf(raw);
  if (o === null) {
    return malformed(
      'A Deblockle move is an object: { "from": "c5", "tip": "north", "to": "c3" } or a setup.',
      'deblockle/not-an-object',
    );
  }
  const type = own(o, 'type');
  if (type === 'setup') return parseSetup(o);
  if (type === undefined || type === 'turn') return parseTurn(o);
  return malformed('"type" must be "setup" or "turn" (or left out for a turn).', 'deblockle/bad-type');
}

export function encodeMove(move: DeblockleMove): WireTurn | WireSetup {
  if (move.type === 'setup') {
    return {
      type: 'setup',
      blocks: move.blocks.map((b) => ({ square: makeSquare(b.square), top: b.top, north: b.north })),
    };
  }
  return { from: makeSquare(move.from), tip: move.tip, to: makeSquare(move.to) };
}
