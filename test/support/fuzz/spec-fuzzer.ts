/**
 * A stateful fuzzer driven by an OpenAPI document: every operation of `/openapi.json` gets requests built from
 * its own parameters and request-body schema, so routes added later are fuzzed with no change here. Values
 * seen in responses feed later requests, as in RESTler: ids created by a `POST` on a collection fill the
 * `{id}` of the routes under it, credentials in those answers (`token`, `key`) fill `Authorization`, and
 * `moves` listed by a route (legal moves) become bodies with the `version` they were listed at. Around those,
 * everything goes wrong on purpose: unknown and garbage ids, other resources' tokens, broken bodies, odd
 * headers and query strings, wrong content types, oversized paths and bodies.
 *
 * The oracle: no `5xx`; every error in the one error format with a stable code, never echoing a long path
 * back; and, with `unexpectedWrites`, every event in the store was acknowledged by exactly one write.
 */
import { Random } from './random';
import { type Schema, SchemaValues } from './schema-values';

export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** `METHOD /template`, for the per-route counts. */
  readonly route: string;
}

export interface FuzzResponse {
  readonly status: number;
  readonly text: string;
}

interface Param {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: Schema;
}

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly params: readonly Param[];
  readonly body?: Schema;
  readonly secured: boolean;
}

interface Resource {
  readonly id: string;
  readonly collection: string;
  readonly credentials: string[];
  version: number;
  /** The latest moves listed for a seat, with the version they were listed at. */
  legal: { seat: number; version: number; moves: unknown[] } | null;
}

interface Pending {
  readonly op: Operation;
  readonly resource?: Resource;
  readonly longSegment?: string;
}

export interface FuzzStats {
  requests: number;
  byStatus: Record<string, number>;
  byRoute: Record<string, number>;
  /** Total time waited for answers, by route. */
  msByRoute: Record<string, number>;
  serverErrors: number;
  badErrorBodies: number;
  echoedPaths: number;
  /** Writes the fuzzer saw acknowledged: creations (201) and other non-replayed 2xx POSTs on a resource. */
  acknowledgedWrites: number;
  problems: string[];
}

const ODD_IDS = [
  'x',
  '0',
  '-1',
  'null',
  '..',
  '%2e%2e',
  '%00',
  '%E0%A4%A',
  'a'.repeat(300),
  'a'.repeat(1001),
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '%F0%9F%92%A5',
  'select%20*%20from%20%22Match%22',
];
const ODD_HEADER_VALUES = [
  '',
  ' ',
  'x',
  '"1"',
  'W/"1"',
  '*',
  '"-1"',
  '"abc"',
  'x'.repeat(300),
  'key-1',
  'key-2',
  '0',
  '1e3',
];

export class SpecFuzzer {
  readonly stats: FuzzStats = {
    requests: 0,
    byStatus: {},
    byRoute: {},
    msByRoute: {},
    serverErrors: 0,
    badErrorBodies: 0,
    echoedPaths: 0,
    acknowledgedWrites: 0,
    problems: [],
  };
  /** Every resource id a creation answered, and every version a write on it answered (replays included). */
  readonly created = new Map<string, Resource>();
  readonly reportedVersions = new Map<string, Set<number>>();
  private readonly operations: Operation[];
  private readonly byCollection = new Map<string, Resource[]>();
  private readonly random: Random;
  private readonly values: SchemaValues;

  constructor(doc: Record<string, unknown>, seed: number) {
    this.random = new Random(seed);
    this.values = new SchemaValues(doc, this.random);
    this.operations = operationsOf(doc);
    if (this.operations.length === 0) throw new Error('the OpenAPI document has no operations');
  }

  get routes(): string[] {
    return this.operations.map((op) => `${op.method} ${op.template}`);
  }

  /** The next request, and what to remember about it for `observe`. */
  next(): { request: FuzzRequest; pending: Pending } {
    const r = this.random;
    const op = r.pick(this.operations);
    let resource: Resource | undefined;
    let longSegment: string | undefined;
    let seat: number | undefined;
    let bodyValue: unknown;
    let bodyText: string | undefined;
    const headers: Record<string, string> = {};

    // The body first: a listed legal move decides the resource and the seat.
    if (op.body) {
      const collection = collectionOf(op.template);
      const known = collection ? this.byCollection.get(collection) : undefined;
      if (known?.length) resource = r.chance(0.9) ? r.pick(known.slice(-20)) : r.pick(known);
      bodyValue = this.values.valid(op.body);
      const props = (this.values.resolve(op.body).properties ?? {}) as Record<string, unknown>;
      if (resource?.legal && 'move' in props && resource.legal.moves.length > 0 && r.chance(0.6)) {
        bodyValue = {
          ...(bodyValue as object),
          move: r.pick(resource.legal.moves),
          expectedVersion: resource.legal.version,
        };
        seat = resource.legal.seat;
      } else if (resource && 'expectedVersion' in props && r.chance(0.5)) {
        bodyValue = { ...(bodyValue as object), expectedVersion: resource.version };
      }
      if (r.chance(0.3)) bodyValue = this.values.mutate(bodyValue);
      bodyText = JSON.stringify(bodyValue);
      const shape = r.next();
      if (shape < 0.04) bodyText = undefined;
      else if (shape < 0.08) bodyText = bodyText?.slice(0, Math.max(1, Math.floor((bodyText?.length ?? 2) / 2)));
      else if (shape < 0.1) bodyText = JSON.stringify({ pad: 'x'.repeat(70 * 1024) });
      headers['content-type'] =
        shape > 0.1 && shape < 0.13
          ? r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])
          : 'application/json';
    }

    let path = op.template;
    for (const p of op.params.filter((x) => x.in === 'path')) {
      let value: string;
      const collection = collectionOf(op.template);
      const known = collection ? this.byCollection.get(collection) : undefined;
      const roll = r.next();
      if (p.name === 'id' && resource && roll < 0.85) value = resource.id;
      else if (p.name === 'id' && known?.length && roll < 0.75) {
        resource = r.pick(known.slice(-20));
        value = resource.id;
      } else if (roll < 0.82 && this.created.size > 0)
        value = r.pick([...this.created.keys()].slice(-50)); // another collection's
      else if (roll < 0.9) value = r.uuid();
      else {
        value = r.pick(ODD_IDS);
        if (value.length >= 200) longSegment = value;
      }
      if (p.name === 'id' && value !== resource?.id) resource = this.created.get(value);
      path = path.replace(`{${p.name}}`, /^[\w.%-]*$/.test(value) ? value : encodeURIComponent(value));
    }

    const query: string[] = [];
    for (const p of op.params.filter((x) => x.in === 'query')) {
      if (r.chance(0.5)) continue;
      // A long-poll's wait is kept to a second at most: the fuzzer measures answers, not waits.
      const v =
        p.name === 'wait' && r.chance(0.7)
          ? r.pick([0, 1])
          : r.chance(0.7)
            ? this.values.valid(p.schema)
            : this.values.wrong();
      query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`);
    }
    if (r.chance(0.05)) query.push(`${r.pick(['extra', 'token', '__proto__', 'wait'])}=${r.pick(['1', 'x', ''])}`);
    if (query.length) path += `?${query.join('&')}`;

    for (const p of op.params.filter((x) => x.in === 'header')) {
      if (!p.required && r.chance(0.6)) continue;
      const version = resource?.version ?? 0;
      headers[p.name.toLowerCase()] = r.pick([
        ...ODD_HEADER_VALUES,
        `"${version}"`,
        `"${version + 1}"`,
        `key-${r.int(1, 3)}`,
        r.string(16),
      ]);
    }

    if (op.secured || r.chance(0.1)) {
      const own = resource?.credentials ?? [];
      const roll = r.next();
      let auth: string | undefined;
      if (seat !== undefined && own[seat] !== undefined && roll < 0.8) auth = `Bearer ${own[seat]}`;
      else if (own.length && roll < 0.6) auth = `Bearer ${r.pick(own)}`;
      else if (roll < 0.7 && this.created.size)
        auth = `Bearer ${r.pick(r.pick([...this.created.values()].slice(-50)).credentials.concat('tbs_none'))}`;
      else if (roll < 0.8)
        auth = r.pick([
          'Bearer',
          'Bearer ',
          'Basic YTpi',
          `Bearer ${r.string(43)}`,
          `Bearer ${'x'.repeat(500)}`,
          'bearer tbs_x',
          'Bearer a b',
        ]);
      if (auth !== undefined) headers.authorization = auth;
    }

    const request: FuzzRequest = {
      method: op.method,
      path,
      headers,
      route: `${op.method} ${op.template}`,
      ...(bodyText === undefined ? {} : { body: bodyText }),
    };
    return { request, pending: { op, resource, longSegment } };
  }

  /** A resource created by an acknowledged answer. */
  private learn(created: Resource, target = true): void {
    if (this.created.has(created.id)) return;
    this.created.set(created.id, created);
    if (!target) return;
    const list = this.byCollection.get(created.collection) ?? [];
    list.push(created);
    this.byCollection.set(created.collection, list);
  }

  /** Checks one answer and learns from it. */
  observe(request: FuzzRequest, pending: Pending, response: FuzzResponse): void {
    const s = this.stats;
    s.requests++;
    s.byStatus[response.status] = (s.byStatus[response.status] ?? 0) + 1;
    s.byRoute[request.route] = (s.byRoute[request.route] ?? 0) + 1;
    const problem = (what: string): void => {
      if (s.problems.length < 20) {
        const sent = request.body === undefined ? '' : ` (body ${request.body.slice(0, 300)})`;
        s.problems.push(
          `${what}: ${request.method} ${request.path.slice(0, 120)}${sent} → ${response.status} ${response.text.slice(0, 200)}`,
        );
      }
    };
    if (response.status >= 500) {
      s.serverErrors++;
      problem('server error');
    }
    if (pending.longSegment && response.text.includes(pending.longSegment)) {
      s.echoedPaths++;
      problem('echoed the path');
    }
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = response.text ? JSON.parse(response.text) : null;
      if (parsed !== null && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    if (response.status >= 400) {
      const ok =
        body !== null &&
        body.statusCode === response.status &&
        typeof body.code === 'string' &&
        /^[A-Z_]+$/.test(body.code) &&
        typeof body.message === 'string';
      if (!ok) {
        s.badErrorBodies++;
        problem('not in the error format');
      }
      return;
    }
    if (body === null || response.status >= 300) return;
    const { op, resource } = pending;
    // A creation: a POST to a collection, or a rematch (a new match in its game's collection).
    const rematch = /\/\{id\}\/rematch$/.test(op.template);
    if (
      op.method === 'POST' &&
      response.status === 201 &&
      typeof body.id === 'string' &&
      (!op.template.includes('{') || rematch)
    ) {
      const collection = rematch ? op.template.replace(/\/\{id\}\/rematch$/, '') : op.template;
      if (this.created.has(body.id)) return; // a rematch answered again
      this.learn({
        id: body.id,
        collection,
        credentials: credentialsIn(body),
        version: Number(body.version ?? 0),
        legal: null,
      });
      // A tournament's answer acknowledges the matches of its first round, created with it. Known, but not
      // targets: their seats hold no token of ours, and there can be dozens of them.
      for (const round of Array.isArray(body.rounds) ? (body.rounds as { matches?: { id?: unknown }[] }[]) : []) {
        for (const m of round.matches ?? []) {
          if (typeof m.id === 'string')
            this.learn(
              { id: m.id, collection: `/games/${String(body.game)}/matches`, credentials: [], version: 0, legal: null },
              false,
            );
        }
      }
      s.acknowledgedWrites++;
      return;
    }
    if (!resource) return;
    if (typeof body.version === 'number') {
      if (op.method === 'POST') {
        const seen = this.reportedVersions.get(resource.id) ?? new Set<number>();
        seen.add(body.version);
        this.reportedVersions.set(resource.id, seen);
        s.acknowledgedWrites++;
      }
      resource.version = Math.max(resource.version, body.version);
    }
    if (
      Array.isArray(body.moves) &&
      typeof body.seat === 'number' &&
      typeof body.version === 'number' &&
      body.version === resource.version
    ) {
      resource.legal = { seat: body.seat, version: body.version, moves: body.moves.slice(0, 50) };
    }
  }
}

/** `/games/reversi/matches/{id}/moves` → `/games/reversi/matches`. */
function collectionOf(template: string): string | null {
  const i = template.indexOf('/{');
  return i > 0 ? template.slice(0, i) : template.includes('{') ? null : template;
}

function credentialsIn(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if ((k === 'token' || k === 'key') && typeof v === 'string') out.push(v);
        else walk(v);
      }
    }
  };
  walk(body);
  return out;
}

function operationsOf(doc: Record<string, unknown>): Operation[] {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = ((op.parameters ?? []) as Record<string, unknown>[])
        .map((p) => ({
          name: String(p.name),
          in: p.in as Param['in'],
          required: p.required === true,
          schema: (p.schema ?? {}) as Schema,
        }))
        .filter((p) => ['path', 'query', 'header'].includes(p.in));
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content;
      const body = content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        template,
        params,
        ...(body ? { body } : {}),
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return out;
}
