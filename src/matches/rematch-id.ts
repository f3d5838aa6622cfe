import { createHash } from 'node:crypto';

/**
 * The id of a match's rematch, derived from the match's own id: the primary key then keeps it to one rematch
 * per match (no unique index beside the match id, docs/scaling.md), and a racing second creation simply fails.
 * Uniformly spread like a random v4 UUID (a hash, not a counter), with the version and variant bits of one.
 */
export function rematchIdOf(matchId: string): string {
  const b = createHash('sha256').update(`turnbase/rematch/${matchId.toLowerCase()}`).digest();
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
