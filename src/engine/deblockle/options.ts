import { type OptionSpec, type Result, invalidOptions, ok } from '../core';

export interface DeblockleOptions {
  /** `players`: each seat places its opponent's rolled blocks; `random`: the engine places them. */
  readonly setup: 'players' | 'random';
  readonly firstSeat: 0 | 1;
  /** Blocks per seat, 1 to 4. */
  readonly blocks: number;
  /** A turn may not end with the mover's blocks orthogonally next to an opponent's. */
  readonly noSideBySide: boolean;
  /** Play turns in all before the game is drawn. */
  readonly maxTurns: number;
}

export const DEFAULT_OPTIONS: DeblockleOptions = {
  setup: 'players',
  firstSeat: 0,
  blocks: 4,
  noSideBySide: false,
  maxTurns: 300,
};
export const MAX_TURNS_LIMIT = 10000;

export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'setup',
    type: 'string',
    default: 'players',
    enum: ['players', 'random'],
    description:
      '"players": each seat places its opponent\'s rolled blocks (both at once, hidden); "random": the engine places them.',
  },
  {
    name: 'firstSeat',
    type: 'integer',
    default: 0,
    minimum: 0,
    maximum: 1,
    description: 'The seat that takes the first turn.',
  },
  { name: 'blocks', type: 'integer', default: 4, minimum: 1, maximum: 4, description: 'Blocks per seat.' },
  {
    name: 'noSideBySide',
    type: 'boolean',
    default: false,
    description: "Variant: a turn may not end with the mover's blocks orthogonally next to an opponent's block.",
  },
  {
    name: 'maxTurns',
    type: 'integer',
    default: 300,
    minimum: 1,
    maximum: MAX_TURNS_LIMIT,
    description: 'Turns in all (both seats) after which the game is drawn.',
  },
];

const int = (x: unknown, min: number, max: number): x is number =>
  Number.isInteger(x) && (x as number) >= min && (x as number) <= max;

export function parseOptions(raw: unknown, seats: number): Result<DeblockleOptions> {
  if (seats !== 2) return invalidOptions(`Deblockle is for exactly 2 players (got ${seats}).`, 'deblockle/seats');
  if (raw === undefined || raw === null) return ok(DEFAULT_OPTIONS);
  if (typeof raw !== 'object' || Array.isArray(raw))
    return invalidOptions('Options must be an object.', 'deblockle/not-an-object');
  const known = new Set(OPTION_SPECS.map((o) => o.name));
  const unknown = Object.keys(raw).filter((k) => !known.has(k));
  if (unknown.length > 0) {
    return invalidOptions(
      `Unknown option(s): ${unknown
        .slice(0, 5)
        .map((k) => JSON.stringify(k))
        .join(', ')}.`,
      'deblockle/unknown-option',
    );
  }
  const o = raw as Record<string, unknown>;
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;
  const out = { ...DEFAULT_OPTIONS } as { -readonly [K in keyof DeblockleOptions]: DeblockleOptions[K] };
  if (has('setup')) {
    if (o.setup !== 'players' && o.setup !== 'random')
      return invalidOptions('"setup" must be "players" or "random".', 'deblockle/bad-option');
    out.setup = o.setup;
  }
  if (has('firstSeat')) {
    if (!int(o.firstSeat, 0, 1)) return invalidOptions('"firstSeat" must be 0 or 1.', 'deblockle/bad-option');
    out.firstSeat = o.firstSeat === 1 ? 1 : 0; // a JSON -0 passes the check; keep the state plain JSON
  }
  if (has('blocks')) {
    if (!int(o.blocks, 1, 4)) return invalidOptions('"blocks" must be an integer from 1 to 4.', 'deblockle/bad-option');
    out.blocks = o.blocks;
  }
  if (has('noSideBySide')) {
    if (typeof o.noSideBySide !== 'boolean')
      return invalidOptions('"noSideBySide" must be true or false.', 'deblockle/bad-option');
    out.noSideBySide = o.noSideBySide;
  }
  if (has('maxTurns')) {
    if (!int(o.maxTurns, 1, MAX_TURNS_LIMIT))
      return invalidOptions(`"maxTurns" must be an integer from 1 to ${MAX_TURNS_LIMIT}.`, 'deblockle/bad-option');
    out.maxTurns = o.maxTurns;
  }
  return ok(out);
}
