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
      if (![400, 404, 413, 415].includes(r.status)) return [`${where}: no route matched, yet the status is not 404 (nor a refused body)`];
      return this.body(`${where} (no route)`, '#/components/schemas/Error', { $ref: '#/components/schemas/Error' }, r.body);
    }
    const path = r.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const method = r.method === 'HEAD' ? 'get' : r.method.toLowerCase();
    const operation = this.spec.paths[path]?.[method];
    if (!operation) return [`${where}: the route ${r.method} ${path} is not in the spec`];
    const responses = operation.responses ?? {};
    const declared = responses[String(r.status)] ?? responses[`${String(r.status)[0]}XX`] ?? responses.default;
    if (!declared) return [`${where}: status ${r.status} is not declared for ${r.method} ${path} (declared: ${Object.keys(responses).join(', ')})`];

    const problems: string[] = [];
    for (const [name, header] of Object.entries(declared.headers ?? {})) {
      const value = r.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`${where}: the required header ${name} is missing`);
        continue;
      }
      if (header.schema) problems.push(...this.body(`${where} header ${name}`, `${path} ${method} ${r.status} header ${name}`, header.schema, JSON.stringify(String(value))));
    }
    const json = declared.content?.['application/json'];
    const hasBody = r.body !== undefined && r.body !== '';
    if (!json) {
      if (hasBody && r.method !== 'HEAD') problems.push(`${where}: a body was sent, but none is declared`);
      return problems;
    }
    const type = String(r.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`${where}: content-type ${type || '(none)'}, declared application/json`);
    if (json.schema && r.method !== 'HEAD') problems.push(...this.body(where, `${path} ${method} ${r.status}`, json.schema, r.body));
    return problems;
  }

  /** Everything wrong with a request body for `method path` (a path template, `{id}`), by the spec. */
  checkRequest(method: string, path: string, body: unknown): string[] {
    const operation = this.spec.paths[path]?.[method.toLowerCase()] as { requestBody?: { content?: Record<string, { schema?: object }> } } | undefined;
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
    const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    return [`${where}: the body does not match the spec: ${errors.join('; ')}\n  body: ${String(body).slice(0, 500)}`];
  }
}
