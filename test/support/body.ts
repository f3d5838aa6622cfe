import type { Response } from 'supertest';

/**
 * A field of a JSON response body as the e2e specs read it: supertest's own type for a body (see the test/
 * section of eslint.config.mjs; every response is checked against the OpenAPI document by spec-setup.ts).
 */
export type JsonValue = Response['body'];
/** A JSON object read from a response (or a request the receiver got). */
export type Body = Record<string, JsonValue>;
