import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import fc from 'fast-check';
import { CreateMatchDto, MoveDto } from './dto';
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
    for (const body of [
      { move: { square: 'd3' } },
      { move: {}, expectedVersion: 0 },
      { move: { a: [1] }, expectedVersion: 2_000_000_000 },
    ]) {
      expect(await outcome(fast, body)).toEqual(await outcome(slow, body));
      expect(await outcome(fast, body)).toHaveProperty('ok');
    }
  });

  it('answers every generated body as class-validator does', async () => {
    const version = fc.oneof(
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(2_000_000_000, 2_000_000_001, 1.5, Number.NaN, '1', null, true, [], {}),
    );
    const move = fc.oneof(
      fc.constant({ square: 'd3' }),
      fc.constant({}),
      fc.constantFrom(null, 'd3', 3, [], [{}], true),
    );
    const body = fc.oneof(
      fc.record({ move, expectedVersion: version }, { requiredKeys: [] }),
      fc.record({ move, expectedVersion: version, extra: fc.anything() }, { requiredKeys: ['extra'] }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        expect(await outcome(fast, b)).toEqual(await outcome(slow, b));
      }),
      { numRuns: 500, seed: 13 },
    );
  });
});

describe('the creation body validation fast path', () => {
  const fast = new AppValidationPipe();
  const slow = new ClassValidatorOnly();
  const createMeta: ArgumentMetadata = { type: 'body', metatype: CreateMatchDto, data: undefined };
  const result = async (pipe: ValidationPipe, body: unknown): Promise<unknown> => {
    try {
      return { ok: JSON.parse(JSON.stringify(await pipe.transform(body, createMeta))) as unknown };
    } catch (error) {
      const e = error as { getResponse?: () => unknown; message?: string };
      return { error: e.getResponse ? e.getResponse() : `${String(e.constructor?.name)}: ${e.message}` };
    }
  };

  it('accepts the commonest bodies without class-validator, as class-validator would', async () => {
    for (const body of [
      { players: [{ name: 'ann' }, { name: 'bob' }] },
      { players: [{ name: 'x'.repeat(40) }], unlisted: true },
      { players: Array.from({ length: 16 }, (_, i) => ({ name: `p${i}` })), unlisted: false },
    ]) {
      expect(await result(fast, body)).toEqual(await result(slow, body));
      expect(await result(fast, body)).toHaveProperty('ok');
    }
  });

  it('answers every generated body as class-validator does', async () => {
    const name = fc.oneof(
      fc.constantFrom(
        '',
        'a',
        'ann',
        ' ',
        'x'.repeat(40),
        'x'.repeat(41),
        'ann\u0007',
        '\u200b',
        'é',
        '\uFE0Fa',
        '\uFE0F',
        '\uFE0E\uFE0F',
        'a\uFE0E'.repeat(20),
        '😀'.repeat(20),
        '😀'.repeat(21),
        '\uD800',
      ),
      fc.string({ maxLength: 45 }),
      fc.constantFrom(null, 3, true, [], {}),
    );
    const player = fc.oneof(
      fc.record({ name }),
      fc.record(
        { name, open: fc.constantFrom(true, false, 1), bot: fc.constantFrom('greedy', '', 3) },
        { requiredKeys: [] },
      ),
      fc.record({ name, extra: fc.anything() }),
      fc.anything(),
    );
    const players = fc.oneof(fc.array(player, { minLength: 0, maxLength: 18 }), fc.anything());
    const unlisted = fc.constantFrom(true, false, 'true', 0, null);
    // Mostly bodies the fast path might take: every player only a name, each name near an edge.
    const named = fc.array(fc.record({ name }), { minLength: 0, maxLength: 3 });
    const body = fc.oneof(
      { arbitrary: fc.record({ players: named, unlisted }, { requiredKeys: ['players'] }), weight: 4 },
      fc.record({ players, unlisted }, { requiredKeys: ['players'] }),
      fc.record({
        players: fc.array(fc.record({ name: fc.constantFrom('ann', 'bob') }), { minLength: 14, maxLength: 18 }),
      }),
      fc.record({
        players: fc.array(fc.oneof(fc.record({ name: fc.constant('ann') }), player), { minLength: 1, maxLength: 3 }),
      }),
      fc.record(
        { players, unlisted, options: fc.constantFrom({}, { size: 8 }, 3), extra: fc.anything() },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    // As the server receives it: through JSON (plain objects, no undefined; fast-check's records are not plain).
    const wire = (b: unknown): unknown => {
      const text = JSON.stringify(b);
      return text === undefined ? undefined : JSON.parse(text);
    };
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body.map(wire), async (b) => {
        const expected = await result(slow, b);
        if ((expected as { ok?: unknown }).ok !== undefined) accepted++;
        expect(await result(fast, b)).toEqual(expected);
      }),
      { numRuns: 1000, seed: 29 },
    );
    expect(accepted).toBeGreaterThan(100); // the generated bodies reach the fast path, not only its refusals
  });
});
