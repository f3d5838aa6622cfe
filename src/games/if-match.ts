import { ApiError } from '../common/api-error';
import type { Viewer } from '../engine/core';

/**
 * ETags are the match version and, for a seat, the seat: `"7"` is what a spectator saw at version 7, `"7-s1"`
 * what seat 1 saw. So one viewer's ETag never validates another viewer's copy.
 */
export const etagOf = (version: number, viewer: Viewer = 'spectator'): string =>
  viewer === 'spectator' ? `"${version}"` : `"${version}-s${viewer}"`;

/** `If-None-Match` (a list of ETags, weak or strong, or `*`) names `etag`: the caller's copy is current. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** `If-Match: "7"` (or `"7-s1"`, `W/"7"`, `7`) → 7. Absent → undefined. Anything else is a 400. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const m = /^(?:W\/)?"?(\d{1,10})(?:-s\d{1,3})?"?$/.exec(header.trim());
  if (!m)
    throw new ApiError(
      'VALIDATION_FAILED',
      'If-Match must be an ETag of this match, such as "7".',
      'if-match/malformed',
    );
  return Number(m[1]);
}

/** The version to guard a move with: the body's and the header's must agree when both are given. */
export function expectedVersionOf(body: number | undefined, ifMatch: string | undefined): number | undefined {
  const header = parseIfMatch(ifMatch);
  if (body !== undefined && header !== undefined && body !== header) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'expectedVersion and If-Match name different versions.',
      'expected-version/mismatch',
    );
  }
  return body ?? header;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(header)) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'Idempotency-Key must be 1–200 visible ASCII characters.',
      'idempotency-key/malformed',
    );
  }
  return header;
}

/** `?version=7` on a match read → 7; anything but a whole number is a 400. */
export function parseVersion(raw: string): number {
  if (!/^\d{1,10}$/.test(raw))
    throw new ApiError('VALIDATION_FAILED', 'version must be a whole number >= 0.', 'version/malformed');
  return Number(raw);
}
