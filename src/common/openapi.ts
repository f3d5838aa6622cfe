/**
 * The OpenAPI helpers every controller uses: `ref(...)` names a component schema, `respond(...)` declares an
 * operation's statuses (the error ones from the one error table), `headers` the ETag family, and the `Error`
 * component itself. The components are assembled in src/games/openapi.ts (addGameSchemas).
 */
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ERROR_STATUS } from './api-error';

export const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/** Every ETag is the match version, then the viewer for a seat: `"7"` (spectator) or `"7-s1"` (seat 1). */
const ETAG = {
  description: 'The version, per viewer. Send it back as If-None-Match (or If-Match for a move).',
  required: true,
  schema: { type: 'string', pattern: '^"\\d+(-s\\d+)?"$' },
};
const CACHING = {
  Vary: { description: 'Authorization: each viewer has its own copy.', required: true, schema: { type: 'string' } },
  'Cache-Control': {
    description: 'private, no-cache: kept per viewer, revalidated before use.',
    required: true,
    schema: { type: 'string' },
  },
};

/** The error statuses, each with the codes it can carry (from the one error table). */
function errorResponse(status: number): {
  status: number;
  description: string;
  schema: object;
  headers?: Record<string, object>;
} {
  const codes = Object.entries(ERROR_STATUS)
    .filter(([, s]) => s === status)
    .map(([c]) => c);
  return {
    status,
    description: codes.join(', '),
    ...(status === 429
      ? { headers: { 'Retry-After': { description: 'Seconds to wait.', required: false, schema: { type: 'string' } } } }
      : {}),
    ...(status === 503
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before retrying (a move: with the same Idempotency-Key).',
              required: true,
              schema: { type: 'string' },
            },
          },
        }
      : {}),
    schema: { allOf: [ref('Error'), { type: 'object', properties: { code: { type: 'string', enum: codes } } }] },
  };
}

export type Outcome =
  { status: 200 | 201; schema: object; description: string; headers?: Record<string, object> } | { status: 304 };

/**
 * Declares every status an operation answers. Every route can answer 400 (a malformed request), 429 (rate
 * limited, unless `limited: false`), 500 and 503 (the database is unavailable: reason `database/unavailable` or
 * `database/read-only`, with Retry-After); `body` adds 413 and 415, `match` adds 401, 403 and 404 (a match under `{id}`).
 */
export function respond(
  ok: Outcome[],
  opts: { body?: boolean; match?: boolean; errors?: number[]; limited?: boolean } = {},
): MethodDecorator {
  const statuses = [
    400,
    ...(opts.limited === false ? [] : [429]),
    500,
    503,
    ...(opts.body ? [413, 415] : []),
    ...(opts.match ? [401, 403, 404] : []),
    ...(opts.errors ?? []),
  ];
  return applyDecorators(
    ...ok.map((o) =>
      o.status === 304
        ? ApiResponse({
            status: 304,
            description: 'Not modified: If-None-Match named the current ETag.',
            headers: { ETag: ETAG },
          })
        : ApiResponse({ status: o.status, description: o.description, schema: o.schema, headers: o.headers as never }),
    ),
    ...[...new Set(statuses)].sort().map((s) => ApiResponse(errorResponse(s) as never)),
  );
}

export const headers = {
  etag: { ETag: ETAG },
  cached: { ETag: ETAG, ...CACHING },
  created: { ETag: ETAG, Location: { description: 'The new match.', required: true, schema: { type: 'string' } } },
  moved: {
    ETag: ETAG,
    'Idempotent-Replayed': {
      description: 'true when an Idempotency-Key matched an earlier move: its response, again.',
      required: false,
      schema: { type: 'string', enum: ['true'] },
    },
  },
};

const REQUEST_ID = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  description: "The request's id, as in the X-Request-Id response header and the log.",
};

/** The `Error` component: the body of every 4xx and 5xx. */
export const ERROR_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'Stable; see docs/api.md for each.' },
    message: { type: 'string' },
    reason: { type: 'string', description: 'Namespaced detail, e.g. reversi/no-flips.' },
    details: {
      description:
        'Always `requestId` (the X-Request-Id header, to find the request in the log); besides it: `currentVersion` on VERSION_CONFLICT; ' +
        'the failed constraints (strings) under `errors` on VALIDATION_FAILED; the health report on SERVICE_UNAVAILABLE; the limit on RATE_LIMITED; ' +
        '`plannedMatches` and `maxMatches` on tournament/too-large.',
      anyOf: [
        { type: 'object', additionalProperties: false, required: ['requestId'], properties: { requestId: REQUEST_ID } },
        {
          type: 'object',
          additionalProperties: false,
          required: ['currentVersion', 'requestId'],
          properties: { currentVersion: { type: 'integer', minimum: 0 }, requestId: REQUEST_ID },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['errors', 'requestId'],
          description: 'VALIDATION_FAILED: the failed constraints.',
          properties: { errors: { type: 'array', items: { type: 'string' } }, requestId: REQUEST_ID },
        },
        {
          type: 'object',
          required: ['status', 'requestId'],
          properties: { status: { type: 'string' }, requestId: REQUEST_ID },
          description: "SERVICE_UNAVAILABLE (GET /health): terminus's health report.",
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['limit', 'windowSeconds', 'retryAfterSeconds', 'requestId'],
          description: 'RATE_LIMITED: the limit that applied.',
          properties: {
            limit: { type: 'integer' },
            windowSeconds: { type: 'integer' },
            retryAfterSeconds: { type: 'integer' },
            requestId: REQUEST_ID,
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['plannedMatches', 'maxMatches', 'requestId'],
          description:
            'tournament/too-large: the matches the tournament would plan, and the cap (TOURNAMENT_MAX_MATCHES).',
          properties: { plannedMatches: { type: 'integer' }, maxMatches: { type: 'integer' }, requestId: REQUEST_ID },
        },
      ],
    },
  },
};
