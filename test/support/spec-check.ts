/**
 * Checks an HTTP response against the OpenAPI document the server publishes, with Ajv (a standard JSON Schema
 * validator; OpenAPI 3.0's `nullable` is one of Ajv's own keywords). Route-agnostic: a route is looked up by
 * its path template, so every route, including ones added later, is checked as soon as it is in the spec.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export interface SeenResponse {
  method: string;
  /** A CORS preflight (OPTIONS with Access-Control-Request-Method): answered by the CORS layer, not the API. */
  preflight?: boolean;
  /** The route's path template as the server matched it (`/games/reversi/matches/:id`), or undefined (no route). */
  route: string | undefined;
  url: string;
  status: number;
  headers: Record<string, string | number | string[] | undefined>;
  /** The body as sent (a JSON string), or undefined/empty when none. */
  body: string | undefined;
}

interface OpenApiResponse {
  headers?: Record<string, { required?: boolean; schema?: object }>;
  content?: Record<string, { schema?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components?: Record<string, unknown>;
}

/** Routes the documentation itself is served on: not part of the API, so not in the spec. */
const DOCUMENTATION_ROUTES = /^\/(openapi\.json|docs(\/.*|-json|-yaml)?)$/;
/** The HTML pages and their assets (src/pages): for people, not part of the JSON API; the browser tests cover them. */
const PAGE_ROUTES = /^\/($|play\/|arena\/|assets\/)/;

export class SpecChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly spec: OpenApiDocument) {
    addFormats(this.ajv);
  }

  /** Everything wrong with one response; empty when it matches the spec. */
  check(r: SeenResponse): string[] {
    const where = `${r.method} ${r.url} → ${r.status}`;
    if (r.preflight) return [];
    if (r.route !== undefined && (DOCUMENTATION_ROUTES.test(r.route) || PAGE_ROUTES.test(r.route))) return [];
    if (r.route === undefined) {
      // No route matched: a 404 error, or the error for a body refused before routing (400, 413, 415).
      if (![400, 404, 413, 415].includes(r.status))
        return [`${where}: no route matched, yet the status is not 404 (nor a refused body)`];
      return this.body(
        `${where} (no route)`,
        '#/components/schemas/Error',
        { $ref: '#/components/schemas/Error' },
        r.body,
      );
    }
    const path = r.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = r.method === 'HEAD' ? 'get' : r.method.toLowerCase();
    const operation = this.spec.paths[path]?.[method];
    if (!operation) return [`${where}: the route ${r.method} ${path} is not in the spec`];
    const responses = operation.responses ?? {};
    const declared = responses[String(r.status)] ?? responses[`${String(r.status)[0]}XX`] ?? responses.default;
    if (!declared)
      return [
        `${where}: status ${r.status} is not declared for ${r.method} ${path} (declared: ${Object.keys(responses).join(', ')})`,
      ];

    const problems: string[] = [];
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = r.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`${where}: the required header ${name} is missing`);
        continue;
      }
      if (header.schema)
        problems.push(
          ...this.body(
            `${where} header ${name}`,
            `${path} ${method} ${r.status} header ${name}`,
            header.schema,
            JSON.stringify(String(value)),
          ),
        );
    }
    const json = declared.content?.['application/json'];
    const hasBody = r.body !== undefined && r.body !== '';
    if (!json) {
      if (hasBody && r.method !== 'HEAD') problems.push(`${where}: a body was sent, but none is declared`);
      return problems;
    }
    const type = String(r.headers['content-type'] ?? '');
    if (!type.startsWith('application/json'))
      problems.push(`${where}: content-type ${type || '(none)'}, declared application/json`);
    if (json.schema && r.method !== 'HEAD')
      problems.push(...this.body(where, `${path} ${method} ${r.status}`, json.schema, r.body));
    return problems;
  }

  /** Everything wrong with a request body for `method path` (a path template, `{id}`), by the spec. */
  checkRequest(method: string, path: string, body: unknown): string[] {
    const operation = this.spec.paths[path]?.[method.toLowerCase()] as
      { requestBody?: { content?: Record<string, { schema?: object }> } } | undefined;
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    if (!schema) return [`${method} ${path} takes no JSON body in the spec`];
    return this.body(`${method} ${path} request`, `request ${path} ${method}`, schema, JSON.stringify(body));
  }

  /**
   * Everything wrong with a value the server sends out rather than answers (a webhook body, an HTTP bot's
   * turn), by its named component (`WebhookEvent`, `HttpBotTurn`); `body` is the JSON as sent.
   */
  checkComponent(name: string, body: string): string[] {
    const schemas = (this.spec.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
    if (!(name in schemas)) return [`the spec has no component ${name}`];
    return this.body(`component ${name}`, `component ${name}`, { $ref: `#/components/schemas/${name}` }, body);
  }

  /**
   * Whether `route` (a path template, `:id` or `{id}`) answers a stream of Server-Sent Events in the spec: its 200
   * has a `text/event-stream` content. Then `checkStreamEvent` checks each of its events.
   */
  isStream(route: string | undefined): boolean {
    return this.streamSchema(route) !== undefined;
  }

  /**
   * Everything wrong with one event of a stream, by the route's `text/event-stream` schema: an array whose items
   * are `{ id, event, data }` (data as JSON). `id` is a string on the wire; it is compared as a number where the
   * spec says integer. A match stream's `event:` must also be its entry's type.
   */
  checkStreamEvent(
    route: string,
    url: string,
    frame: { id: string | undefined; event: string | undefined; data: string },
  ): string[] {
    const where = `stream ${url} event ${frame.event ?? '(none)'} id ${frame.id ?? '(none)'}`;
    const schema = this.streamSchema(route);
    if (schema === undefined) return [`${where}: the route is not a stream in the spec`];
    const items = (schema as { items?: object }).items;
    if (!items) return [`${where}: the spec gives the stream no item schema (each event's id, event and data)`];
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      return [`${where}: data is not JSON: ${frame.data.slice(0, 200)}`];
    }
    const name = (items as { $ref?: string }).$ref?.replace('#/components/schemas/', '');
    const resolved =
      name === undefined
        ? items
        : ((this.spec.components as { schemas?: Record<string, object> } | undefined)?.schemas?.[name] ?? items);
    const idIsInteger = JSON.stringify(resolved).includes('"id":{"type":"integer"');
    const id = frame.id !== undefined && idIsInteger && /^\d+$/.test(frame.id) ? Number(frame.id) : frame.id;
    const problems = this.body(
      where,
      `stream ${this.template(route)}`,
      items,
      JSON.stringify({ id, event: frame.event, data }),
    );
    const entry = (data as { entry?: { type?: unknown } } | null)?.entry;
    if (entry !== undefined && entry.type !== frame.event)
      problems.push(`${where}: event: ${frame.event} but its entry's type is ${String(entry.type)}`);
    return problems;
  }

  private streamSchema(route: string | undefined): object | undefined {
    if (route === undefined) return undefined;
    const content = this.spec.paths[this.template(route)]?.get?.responses?.['200']?.content;
    return content?.['text/event-stream']?.schema;
  }

  private template(route: string): string {
    return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  }

  private body(where: string, key: string, schema: object, body: string | undefined): string[] {
    let value: unknown;
    try {
      value = JSON.parse(body ?? '');
    } catch {
      return [`${where}: the body is not JSON: ${String(body).slice(0, 200)}`];
    }
    let validate = this.compiled.get(key);
    if (!validate) {
      // The schema refers to `#/components/...`: compile it with the spec's components at hand.
      validate = this.ajv.compile({ allOf: [schema], components: this.spec.components });
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    return [`${where}: the body does not match the spec: ${errors.join('; ')}\n  body: ${String(body).slice(0, 500)}`];
  }
}
