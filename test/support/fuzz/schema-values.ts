/**
 * Values from the JSON schemas of an OpenAPI document: instances that fit a schema (as far as a schema can
 * say: a legal move needs the game's state too), and values that do not (wrong types, out-of-range numbers,
 * unknown keys, missing required keys, odd strings).
 */
import type { Random } from './random';

export type Schema = Record<string, unknown>;

const ODD_STRINGS = [
  '',
  ' ',
  'null',
  '0',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '💥'.repeat(30),
  'a'.repeat(5000),
  '<script>',
  '{"a":1}',
  'd3',
  'a1',
  'h8',
  'z9',
  'red',
  'star4',
  'place',
  'exchange',
  'draw',
  '7H',
  'AS',
  'JOKER',
];
const ODD_NUMBERS = [-1, 0, 1, 2, 3, 7, 1.5, -0.5, 1e9, -1e9, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2];

export class SchemaValues {
  constructor(
    private readonly doc: { components?: { schemas?: Record<string, Schema> } },
    private readonly random: Random,
  ) {}

  resolve(schema: Schema): Schema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    return this.resolve(this.doc.components?.schemas?.[name] ?? {});
  }

  /** An instance that fits `schema`'s types, ranges, enums and required keys. */
  valid(raw: Schema, depth = 0): unknown {
    const s = this.resolve(raw);
    const r = this.random;
    const options = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
    if (options?.length) return this.valid(r.pick(options), depth + 1);
    if (Array.isArray(s.allOf)) return Object.assign({}, ...(s.allOf as Schema[]).map((x) => this.valid(x, depth + 1)));
    if (Array.isArray(s.enum)) return r.pick(s.enum);
    if (s.example !== undefined && r.chance(0.3)) return s.example;
    switch (s.type) {
      case 'integer':
      case 'number': {
        const min = typeof s.minimum === 'number' ? s.minimum : 0;
        const max = typeof s.maximum === 'number' ? s.maximum : min + 10;
        return r.chance(0.7) ? r.int(min, Math.min(max, min + 10)) : r.int(min, max);
      }
      case 'boolean':
        return r.chance(0.5);
      case 'string': {
        if (typeof s.pattern === 'string' && /^\^\[a-h\]\[1-8\]\$$/.test(s.pattern))
          return `${r.pick([...'abcdefgh'])}${r.int(1, 8)}`;
        const min = typeof s.minLength === 'number' ? s.minLength : 1;
        const max = typeof s.maxLength === 'number' ? s.maxLength : 12;
        return r.string(r.int(min, Math.min(max, min + 12)));
      }
      case 'array': {
        if (depth > 6) return [];
        const min = typeof s.minItems === 'number' ? s.minItems : 0;
        const max = typeof s.maxItems === 'number' ? s.maxItems : min + 3;
        const n = r.int(min, Math.min(max, min + 3));
        return Array.from({ length: n }, () => this.valid((s.items as Schema | undefined) ?? {}, depth + 1));
      }
      default: {
        if (s.type !== 'object' && !s.properties) return r.pick([null, 1, 'x', true]);
        if (depth > 6) return {};
        const props = (s.properties ?? {}) as Record<string, Schema>;
        const required = new Set((s.required ?? []) as string[]);
        const out: Record<string, unknown> = {};
        for (const [key, prop] of Object.entries(props)) {
          if (required.has(key) || r.chance(0.5)) out[key] = this.valid(prop, depth + 1);
        }
        return out;
      }
    }
  }

  /** Something of the wrong shape for a field: another type, a number out of range, an odd string. */
  wrong(): unknown {
    const r = this.random;
    switch (r.int(0, 6)) {
      case 0:
        return r.pick(ODD_STRINGS);
      case 1:
        return r.pick(ODD_NUMBERS);
      case 2:
        return null;
      case 3:
        return r.chance(0.5);
      case 4:
        return [r.pick(ODD_NUMBERS), r.pick(ODD_STRINGS)];
      case 5:
        return { [r.pick(['__proto__', 'constructor', 'x', 'type'])]: r.pick(ODD_STRINGS) };
      default:
        return nested(r.int(20, 200));
    }
  }

  /** A valid instance with one thing broken: a key dropped, one added, or a value replaced (anywhere in it). */
  mutate(value: unknown, depth = 0): unknown {
    const r = this.random;
    if (Array.isArray(value)) {
      if (value.length === 0 || r.chance(0.2)) return [...value, this.wrong()];
      const i = r.int(0, value.length - 1);
      return value.map((v, j) => (j === i ? this.mutate(v, depth + 1) : v));
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      const choice = r.int(0, 3);
      if (choice === 0 || entries.length === 0)
        return { ...value, [r.pick(['extra', '__proto__', 'constructor', 'seat', 'seed', 'version'])]: this.wrong() };
      const [key, v] = r.pick(entries);
      if (choice === 1) {
        const copy: Record<string, unknown> = { ...value };
        delete copy[key];
        return copy;
      }
      return { ...value, [key]: choice === 2 ? this.wrong() : this.mutate(v, depth + 1) };
    }
    return this.wrong();
  }
}

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}
