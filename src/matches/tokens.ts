import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Shown to its seat once; only the hash is stored. */
export const newSeatToken = (): string => `tbs_${randomBytes(32).toString('base64url')}`;
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** A match's secret seed: 256 bits from the OS CSPRNG. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/**
 * JSON with object keys sorted, so two equal bodies hash the same whatever their key order. Recursive, but
 * client JSON only reaches it through the body parser, which refuses nesting deeper than MAX_JSON_DEPTH
 * (src/common/json-body.ts), so its depth is bounded.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const hashRequest = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex');
