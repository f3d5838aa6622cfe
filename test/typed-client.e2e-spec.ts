/**
 * A typed client compiles its requests with nothing but what the server requires (issue 35 item 7).
 * openapi-typescript turns a schema property that has a `default` into a REQUIRED property of the generated type
 * (its `defaultNonNullable`, on by default), so one `default` in a request schema makes a client spell out a field
 * the server would fill in: a seek did not compile without `ratingRange`. This file takes THIS server's
 * /openapi.json, generates the types with openapi-typescript's own programmatic API, writes for every operation
 * the smallest request its schemas allow (the required path, query and header parameters and the required body
 * fields, built from the schemas) as TypeScript assigned to the generated `paths[…][…]` types, and compiles it
 * with the TypeScript compiler API under `strict`: no diagnostic may come back. The rejected alternative, one
 * hand-written request per route (examples/typed-client.ts), covers only the routes someone thought of.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ts from 'typescript';
import { useApp } from './support/harness';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  $ref?: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

const run = promisify(execFile);
const root = join(__dirname, '..');

/** openapi-typescript's programmatic API (`openapiTS`, `astToString`): argv[1] the spec's file, argv[2] the output. */
const GENERATE = [
  `import { readFileSync, writeFileSync } from 'node:fs';`,
  `import openapiTS, { astToString } from 'openapi-typescript';`,
  `const [input, output] = process.argv.slice(1);`,
  `writeFileSync(output, astToString(await openapiTS(JSON.parse(readFileSync(input, 'utf8')))));`,
].join('\n');

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** What a local `$ref` points at (any component kind); the node itself when it is no reference. */
function deref<T>(spec: Spec, node: T): T {
  let out: unknown = node;
  for (let hops = 0; out && typeof out === 'object' && typeof (out as Schema).$ref === 'string'; hops++) {
    if (hops > 50) throw new Error(`a $ref cycle at ${String((node as Schema).$ref)}`);
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec((out as Schema).$ref as string) ?? [];
    out = kind && name ? spec.components?.[kind]?.[name] : undefined;
    if (out === undefined) throw new Error(`a $ref that resolves to nothing: ${String((node as Schema).$ref)}`);
  }
  return out as T;
}

/** Every operation of the document, as [path, method, operation]. */
function operationsOf(spec: Spec): [string, string, Operation][] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): [string, string, Operation] => [path, method, op]),
  );
}

/** The sub-schemas of a schema (not its examples, not the names under `properties`). */
function subschemas(schema: Schema): unknown[] {
  const out: unknown[] = [];
  for (const key of ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else'])
    if (schema[key] && typeof schema[key] === 'object') out.push(schema[key]);
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems'])
    if (Array.isArray(schema[key])) out.push(...(schema[key] as unknown[]));
  for (const key of ['properties', 'patternProperties'])
    if (schema[key] && typeof schema[key] === 'object') out.push(...Object.values(schema[key] as Schema));
  return out;
}

/** Where a `default` keyword sits in a schema, following `$ref`s (each named schema visited once). */
function defaultsIn(spec: Spec, node: unknown, where: string, seen: Set<string>, out: string[]): string[] {
  if (!node || typeof node !== 'object') return out;
  const ref = (node as Schema).$ref;
  if (typeof ref === 'string') {
    if (seen.has(ref)) return out;
    seen.add(ref);
    return defaultsIn(spec, deref(spec, node), `${where} → ${ref.split('/').pop()}`, seen, out);
  }
  const schema = node as Schema;
  if ('default' in schema) out.push(`${where}: default ${JSON.stringify(schema.default)}`);
  for (const sub of subschemas(schema)) defaultsIn(spec, sub, where, seen, out);
  return out;
}

/** Every request schema of an operation (its parameters' and its body's), named for a failure message. */
function requestSchemas(spec: Spec, op: Operation): [string, unknown][] {
  const params = (op.parameters ?? []).map((p): [string, unknown] => {
    const param = deref(spec, p);
    return [`${param.in} parameter ${param.name}`, param.schema];
  });
  const body = op.requestBody ? deref(spec, op.requestBody) : undefined;
  const bodies = Object.entries(body?.content ?? {}).map(([type, c]): [string, unknown] => [`body ${type}`, c.schema]);
  return [...params, ...bodies];
}

/**
 * The smallest value a schema allows, as a TypeScript expression: only required properties, the first variant
 * of a union, the first value of an enum, the fewest items. Its type is all that matters here (the compiler
 * checks it against the generated type), so numbers sit at their minimum and strings are placeholders.
 */
function minimal(spec: Spec, node: unknown, depth = 0): string {
  if (depth > 40) throw new Error('a schema too deep for a minimal value (a required cycle?)');
  const schema = deref(spec, (node ?? {}) as Schema);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return JSON.stringify(schema.enum[0]);
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[key])) return minimal(spec, (schema[key] as unknown[])[0], depth + 1);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as unknown[]).map((s) => minimal(spec, s, depth + 1));
    return parts.every((p) => p.startsWith('{')) ? `{ ...${parts.join(', ...')} }` : (parts[0] as string);
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid' ? '"00000000-0000-4000-8000-000000000000"' : '"x"';
    case 'integer':
    case 'number':
      return String(typeof schema.minimum === 'number' ? schema.minimum : 0);
    case 'boolean':
      return 'false';
    case 'array': {
      const n = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return `[${Array.from({ length: n }, () => minimal(spec, schema.items, depth + 1)).join(', ')}]`;
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = (schema.required ?? []) as string[];
      const fields = required.map((name) => `${JSON.stringify(name)}: ${minimal(spec, properties[name], depth + 1)}`);
      return `{ ${fields.join(', ')} }`;
    }
  }
}

/** Whether every value of the schema needs some field (so `{}` must NOT compile against its type). */
function needsAField(spec: Spec, node: unknown): boolean {
  const schema = deref(spec, (node ?? {}) as Schema);
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[key])) return (schema[key] as unknown[]).every((s) => needsAField(spec, s));
  if (Array.isArray(schema.allOf)) return (schema.allOf as unknown[]).some((s) => needsAField(spec, s));
  return Array.isArray(schema.required) && schema.required.length > 0;
}

/** The TypeScript a client would write: one minimal request per operation, typed by the generated `paths`. */
function requestsSource(spec: Spec): { source: string; operations: number; negatives: number } {
  const lines = [
    `import type { paths } from './api';`,
    `type Body<O> = NonNullable<O extends { requestBody?: infer B } ? B : never>;`,
  ];
  let n = 0;
  let negatives = 0;
  for (const [path, method, op] of operationsOf(spec)) {
    n++;
    const at = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
    const groups = new Map<string, string[]>();
    for (const p of (op.parameters ?? []).map((x) => deref(spec, x))) {
      if (!p.required) continue;
      const fields = groups.get(p.in) ?? [];
      fields.push(`${JSON.stringify(p.name)}: ${minimal(spec, p.schema)}`);
      groups.set(p.in, fields);
    }
    const params = [...groups].map(([where, fields]) => `${where}: { ${fields.join(', ')} }`).join(', ');
    lines.push(`// ${method.toUpperCase()} ${path}`);
    lines.push(`export const params${n}: ${at}['parameters'] = { ${params} };`);
    const body = op.requestBody ? deref(spec, op.requestBody) : undefined;
    const json = body?.content?.['application/json']?.schema;
    if (json) {
      const type = `Body<${at}>['content']['application/json']`;
      lines.push(`export const body${n}: ${type} = ${minimal(spec, json)};`);
      if (needsAField(spec, json)) {
        // The types are not so loose that anything compiles: leaving every field out must be an error.
        negatives++;
        lines.push(`// @ts-expect-error: a required field left out`);
        lines.push(`export const empty${n}: ${type} = {};`);
      }
    }
  }
  return { source: lines.join('\n') + '\n', operations: n, negatives };
}

/**
 * Compiles the files in one program with the project's TypeScript under `strict`, emitting nothing; each file's
 * diagnostics as text (the generated api.d.ts is checked too: skipLibCheck is off).
 */
function compile(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    skipLibCheck: false,
  });
  const out = new Map<string, string[]>(files.map((f) => [basename(f), []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? basename(d.file.fileName) : 'options';
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const text = `${file}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    (out.get(file) ?? out.set(file, []).get(file))?.push(text);
  }
  return out;
}

/** A seek as a client writes one, and a match with one option: the two requests issues 26 and 35 found broken. */
const SEEK_SOURCE = [
  `import type { paths } from './api';`,
  `type Seek = NonNullable<paths['/games/{game}/seeks']['post']['requestBody']>['content']['application/json'];`,
  `export const bare: Seek = {};`,
  `export const withBot: Seek = { botAfterSeconds: 30, timeControl: { perMoveSeconds: 60 } };`,
  `type Create = NonNullable<paths['/games/deblockle/matches']['post']['requestBody']>['content']['application/json'];`,
  `export const one: Create = { players: [{ name: 'ann' }, { name: 'bob' }], options: { setup: 'random' } };`,
  `// @ts-expect-error: ratingRange is a number`,
  `export const wrong: Seek = { ratingRange: 'wide' };`,
].join('\n');

describe('a typed client (openapi-typescript types of /openapi.json)', () => {
  const h = useApp();
  let spec: Spec;
  let dir: string;
  let generated: ReturnType<typeof requestsSource>;
  let diagnostics: Map<string, string[]>;

  beforeAll(async () => {
    spec = (await h.client.http.get('/openapi.json').expect(200)).body as Spec;
    dir = mkdtempSync(join(tmpdir(), 'turnbase-typed-client-'));
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
    // In a Node process of its own: openapi-typescript's dependencies are ESM, which jest's CommonJS runtime
    // cannot load (its .cjs build requires parse-json, an ES module); Node itself loads them, on 20 and 24.
    const args = ['--input-type=module', '-e', GENERATE, join(dir, 'openapi.json'), join(dir, 'api.d.ts')];
    await run(process.execPath, args, { cwd: root });
    generated = requestsSource(spec);
    writeFileSync(join(dir, 'requests.ts'), generated.source);
    writeFileSync(join(dir, 'seek.ts'), SEEK_SOURCE);
    // One program for both files: the 10,000-line api.d.ts is checked once.
    diagnostics = compile([join(dir, 'requests.ts'), join(dir, 'seek.ts')]);
  }, 120_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds no `default` keyword in any request schema: every parameter and every request body, $refs followed', () => {
    const found = operationsOf(spec).flatMap(([path, method, op]) =>
      requestSchemas(spec, op).flatMap(([what, schema]) =>
        defaultsIn(spec, schema, `${method.toUpperCase()} ${path} ${what}`, new Set(), []),
      ),
    );
    expect(operationsOf(spec).length).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });

  it('compiles, under strict, a minimal request for every operation, and refuses a body left empty where a field is required', () => {
    expect(generated.operations).toBe(operationsOf(spec).length);
    expect(generated.negatives).toBeGreaterThan(5); // moves, joins, players, tournaments, …: the check has teeth
    expect([...diagnostics].filter(([file]) => file !== 'seek.ts').flatMap(([, d]) => d)).toEqual([]);
  });

  it('compiles a seek without ratingRange (nor any other field), and a match created with one option', () => {
    expect(diagnostics.get('seek.ts')).toEqual([]);
  });
});
