import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * 32 bytes from the OS CSPRNG, drawn 4 KiB at a time, as `crypto.randomUUID` pools its entropy: each
 * `randomBytes` call is a system call (16 µs of a creation's CPU per call in `BENCH_PROFILE_WHAT=create
 * npm run bench:profile`, three calls a match). The bytes handed out are zeroed in the pool.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;
function random32(): Buffer {
  if (used + 32 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const out = Buffer.from(pool.subarray(used, used + 32));
  pool.fill(0, used, used + 32);
  used += 32;
  return out;
}

/** 256 random bits, URL-safe. Shown to its seat once; only the hash is stored. */
export const newSeatToken = (): string => `tbs_${random32().toString('base64url')}`;
/** What the store keeps of a token (src/common/hash-token.ts). */
export { hashToken } from '../common/hash-token';

let fixedSeeds: { readonly base: string; next: number } | null = null;

/**
 * Tests only: derive every following seed from `base` (seed n = SHA-256 of `base:n`), so deals are the same
 * on every run; `undefined` goes back to the OS. Refused when NODE_ENV is `production`, whatever the caller.
 */
export function useFixedSeeds(base: string | undefined): void {
  if (base !== undefined && process.env.NODE_ENV === 'production')
    throw new Error('Fixed seeds are refused in production');
  fixedSeeds = base === undefined ? null : { base, next: 0 };
}

/** A match's secret seed: 256 bits from the OS CSPRNG (or, in tests, the fixed sequence above). */
export function newSeed(): string {
  if (fixedSeeds === null) return random32().toString('hex');
  return createHash('sha256').update(`${fixedSeeds.base}:${fixedSeeds.next++}`).digest('hex');
}

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

/**
 * A rematch seat's token, derived from the credential that asks for it, so every repeat of the request gets
 * the same token without the server ever storing one: only its hash is kept, as for every token. Unguessable
 * without that credential (HMAC-SHA256 keyed by it); bound to the new match and seat.
 */
export const rematchToken = (credential: string, matchId: string, seat: number): string =>
  `tbs_${createHmac('sha256', credential).update(`turnbase/rematch/${matchId}/${seat}`).digest('base64url')}`;
