import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { CreateMatchDto, MoveDto, PLAYER_NAME_PATTERN } from './dto';
import { ApiError } from '../common/api-error';
import { MAX_VERSION } from '../common/paging';

/** class-validator's errors as `path: message` lines (nested properties joined with dots). */
function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((m) => `${path}: ${m}`);
    return own.concat(flatten(e.children ?? [], path));
  });
}

/**
 * A move body that `MoveDto`'s decorators accept, checked by hand: a plain object with `move` an object and
 * `expectedVersion` absent or an integer in [0, 2e9], and no other key. The move is the hot path and
 * class-validator's reflective walk costs more than the rest of the request's parsing (bench/README.md,
 * "Where a move's CPU goes"); anything this check does not accept goes to class-validator, so every
 * refusal keeps its exact message.
 */
function isPlainMoveBody(value: unknown): value is MoveDto {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const key of Object.keys(value)) if (key !== 'move' && key !== 'expectedVersion') return false;
  const { move, expectedVersion } = value as { move?: unknown; expectedVersion?: unknown };
  if (move === null || typeof move !== 'object' || Array.isArray(move)) return false;
  if (
    expectedVersion !== undefined &&
    !(
      Number.isInteger(expectedVersion) &&
      (expectedVersion as number) >= 0 &&
      (expectedVersion as number) <= MAX_VERSION
    )
  )
    return false;
  return true;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
const PLAYER_NAME = new RegExp(PLAYER_NAME_PATTERN, 'u');
/** Characters that class-validator's `Length` does not count one for one (surrogates, variation selectors). */
const UNEVEN_LENGTH = /[\uD800-\uDFFF\uFE0E\uFE0F]/;

/**
 * The commonest creation body, which `CreateMatchDto`'s decorators accept, checked by hand: only `players`
 * (1 to 16 seats, each only a `name` of 1 to 40 characters without control characters) and, optionally,
 * `unlisted` as a boolean. Creation is timed against boardgame.io's (issue 13), and class-validator's walk of
 * the nested players was its largest single cost (bench/README.md); any other body goes to class-validator.
 */
function isPlainCreateBody(value: unknown): value is CreateMatchDto {
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) if (key !== 'players' && key !== 'unlisted') return false;
  const { players, unlisted } = value;
  if (unlisted !== undefined && typeof unlisted !== 'boolean') return false;
  if (!Array.isArray(players) || players.length < 1 || players.length > 16) return false;
  for (const p of players as unknown[]) {
    if (!isPlainObject(p)) return false;
    const keys = Object.keys(p);
    if (keys.length !== 1 || keys[0] !== 'name') return false;
    const { name } = p;
    if (
      typeof name !== 'string' ||
      name.length < 1 ||
      name.length > 40 ||
      UNEVEN_LENGTH.test(name) ||
      !PLAYER_NAME.test(name)
    )
      return false;
  }
  return true;
}

/** The app's validation: class-validator for every DTO (whitelist, no unknown keys), with fast paths for the move and the commonest creation body. */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => {
        const details = flatten(errors).slice(0, 20);
        return new ApiError('VALIDATION_FAILED', details[0] ?? 'The request is not valid.', undefined, details);
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype === MoveDto && isPlainMoveBody(value)) return value;
    if (metadata.type === 'body' && metadata.metatype === CreateMatchDto && isPlainCreateBody(value)) return value;
    return super.transform(value, metadata);
  }
}
