import { type ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { MoveDto } from '../games/dto';
import { ApiError } from './api-error';

/** class-validator's errors as `path: message` lines (nested properties joined with dots). */
function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((m) => `${path}: ${m}`);
    return own.concat(flatten(e.children ?? [], path));
  });
}

const MAX_VERSION = 2_000_000_000;

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
  if (expectedVersion !== undefined && !(Number.isInteger(expectedVersion) && (expectedVersion as number) >= 0 && (expectedVersion as number) <= MAX_VERSION)) return false;
  return true;
}

/** The app's validation: class-validator for every DTO (whitelist, no unknown keys), with the move body's fast path. */
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
    return super.transform(value, metadata);
  }
}
