import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import fc from 'fast-check';
import { MoveDto } from '../games/dto';
import { AppValidationPipe } from './validation.pipe';

/**
 * The move body's fast path must decide exactly as class-validator does: the same bodies accepted with the
 * same fields, the same refusals with the same messages. Compared with the plain pipe (class-validator on
 * every body, the app's options) on generated bodies around the edges.
 */
class ClassValidatorOnly extends AppValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return ValidationPipe.prototype.transform.call(this, value, metadata) as Promise<unknown>;
  }
}

const meta: ArgumentMetadata = { type: 'body', metatype: MoveDto, data: undefined };
const outcome = async (pipe: ValidationPipe, body: unknown): Promise<unknown> => {
  try {
    const v = (await pipe.transform(body, meta)) as { move?: unknown; expectedVersion?: unknown };
    return { ok: { move: v.move, expectedVersion: v.expectedVersion } };
  } catch (error) {
    const e = error as { getResponse?: () => unknown; message?: string };
    return { error: e.getResponse ? e.getResponse() : `${String(e.constructor?.name)}: ${e.message}` };
  }
};

describe('the move body validation fast path', () => {
  const fast = new AppValidationPipe();
  const slow = new ClassValidatorOnly();

  it('accepts a plain move body without class-validator, as class-validator would', async () => {
    for (const body of [{ move: { square: 'd3' } }, { move: {}, expectedVersion: 0 }, { move: { a: [1] }, expectedVersion: 2_000_000_000 }]) {
      expect(await outcome(fast, body)).toEqual(await outcome(slow, body));
      expect(await outcome(fast, body)).toHaveProperty('ok');
    }
  });

  it('answers every generated body as class-validator does', async () => {
    const version = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(2_000_000_000, 2_000_000_001, 1.5, Number.NaN, '1', null, true, [], {}));
    const move = fc.oneof(fc.constant({ square: 'd3' }), fc.constant({}), fc.constantFrom(null, 'd3', 3, [], [{}], true));
    const body = fc.oneof(
      fc.record({ move, expectedVersion: version }, { requiredKeys: [] }),
      fc.record({ move, expectedVersion: version, extra: fc.anything() }, { requiredKeys: ['extra'] }),
      fc.anything(),
    );
    await fc.assert(fc.asyncProperty(body, async (b) => {
      expect(await outcome(fast, b)).toEqual(await outcome(slow, b));
    }), { numRuns: 500, seed: 13 });
  });
});
