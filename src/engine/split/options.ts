import { type OptionSpec, type Result, invalidOptions, ok } from '../core';
import { RANKS, type Rank } from './cards';
import {
  DEFAULT_NEGATIVE_BOX_COST,
  DEFAULT_ROUNDS,
  DEFAULT_SCORE_ROWS,
  MAX_ROUNDS,
  SCORE_SHEET_LIMITS,
} from './decisions';
import type { ScoreSheet, SplitOptions } from './types';

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;

/**
 * The catalogue lists `rounds` only: `scoreSheet` is an object, which an OptionSpec cannot describe; the
 * OpenAPI `optionsSchema` (wire-schema.ts) describes both.
 */
export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'rounds',
    type: 'integer',
    default: DEFAULT_ROUNDS,
    minimum: 1,
    maximum: MAX_ROUNDS,
    description: 'Rounds to play; the highest total after the last one wins.',
  },
  {
    name: 'scoreSheet',
    type: 'object',
    default: null,
    description:
      'null or left out: the default sheet. Else it replaces score pad values: { "rows": { "<rank>": [box values, 1–10 integers] }, "negativeBox": cost }. ' +
      'Ranks left out keep the defaults (A 30/70/120/180, 2 5/20/40/70, 3–10 10/30/60/100, J Q K 20/50/90/140; a negative box costs 10).',
  },
];

const DEFAULT_SCORE_SHEET: ScoreSheet = { rows: DEFAULT_SCORE_ROWS, negativeBox: DEFAULT_NEGATIVE_BOX_COST };

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' &&
  x !== null &&
  !Array.isArray(x) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(x) as object | null);

const isIntIn = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

const own = (o: Record<string, unknown>, k: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;

function parseScoreSheet(raw: unknown): Result<ScoreSheet> {
  if (!isPlainObject(raw)) return invalidOptions('scoreSheet must be an object { rows?, negativeBox? }.');
  for (const k of Object.keys(raw)) {
    if (k !== 'rows' && k !== 'negativeBox') return invalidOptions(`scoreSheet has an unknown field "${k}".`);
  }
  const rows: Record<Rank, readonly number[]> = { ...DEFAULT_SCORE_ROWS };
  const rawRows = own(raw, 'rows');
  if (rawRows !== undefined) {
    if (!isPlainObject(rawRows)) return invalidOptions('scoreSheet.rows must be an object keyed by rank.');
    for (const k of Object.keys(rawRows)) {
      if (!(RANKS as readonly string[]).includes(k))
        return invalidOptions(`scoreSheet.rows has an unknown rank "${k}".`);
      const row = rawRows[k];
      const { maxBoxes, maxValue } = SCORE_SHEET_LIMITS;
      if (
        !Array.isArray(row) ||
        row.length < 1 ||
        row.length > maxBoxes ||
        !row.every((v) => isIntIn(v, 0, maxValue))
      ) {
        return invalidOptions(`scoreSheet.rows.${k} must be 1 to ${maxBoxes} integers from 0 to ${maxValue}.`);
      }
      rows[k as Rank] = row.slice();
    }
  }
  let negativeBox = DEFAULT_NEGATIVE_BOX_COST;
  const rawNeg = own(raw, 'negativeBox');
  if (rawNeg !== undefined) {
    if (!isIntIn(rawNeg, 0, SCORE_SHEET_LIMITS.maxNegativeCost)) {
      return invalidOptions(
        `scoreSheet.negativeBox must be an integer from 0 to ${SCORE_SHEET_LIMITS.maxNegativeCost}.`,
      );
    }
    negativeBox = rawNeg;
  }
  return ok({ rows, negativeBox });
}

export function parseOptions(raw: unknown, seats: number): Result<SplitOptions> {
  if (!isIntIn(seats, MIN_SEATS, MAX_SEATS))
    return invalidOptions(`Split is for ${MIN_SEATS} to ${MAX_SEATS} players.`);
  if (raw === undefined) return ok({ rounds: DEFAULT_ROUNDS, scoreSheet: DEFAULT_SCORE_SHEET });
  if (!isPlainObject(raw)) return invalidOptions('Options must be an object.');
  for (const k of Object.keys(raw)) {
    if (k !== 'rounds' && k !== 'scoreSheet') return invalidOptions(`Unknown option "${k}".`);
  }
  const rawRounds = own(raw, 'rounds');
  let rounds = DEFAULT_ROUNDS;
  if (rawRounds !== undefined) {
    if (!isIntIn(rawRounds, 1, MAX_ROUNDS)) return invalidOptions(`rounds must be an integer from 1 to ${MAX_ROUNDS}.`);
    rounds = rawRounds;
  }
  const rawSheet = own(raw, 'scoreSheet');
  // null is the catalogue's default for this object option: sent back as listed, it means the default sheet.
  if (rawSheet === undefined || rawSheet === null) return ok({ rounds, scoreSheet: DEFAULT_SCORE_SHEET });
  const sheet = parseScoreSheet(rawSheet);
  return sheet.ok ? ok({ rounds, scoreSheet: sheet.value }) : sheet;
}
