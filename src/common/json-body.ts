import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

/**
 * The deepest nesting of objects and arrays a request body may have. Every wire format of the API needs at
 * most 5 levels; 32 leaves room and keeps any walk of a body (validation, canonical JSON) shallow.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests objects and arrays deeper than `limit`: one pass over the text, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that first refuses bodies nested deeper than MAX_JSON_DEPTH
 * (400 VALIDATION_FAILED, reason `json/too-deep`), then parses as Fastify does (prototype poisoning refused).
 * An empty body counts as no body, so a POST that takes an optional body (resign) may send none.
 */
export function useJsonBodyParser(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(
        new ApiError('VALIDATION_FAILED', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`, 'json/too-deep'),
        undefined,
      );
    }
    return parse(request, text, done);
  });
}
