import { createHmac } from 'node:crypto';
import { hashToken } from '../matches/tokens';

/**
 * The seat token of a seek's match, derived from the player key that posted the seek: HMAC-SHA256(key, seek id).
 * The matcher seats the seek in the background, where no key is at hand; it needs only the token's hash, which
 * the seek row keeps from its creation. Every later read of the seek carries the key again, so the token can be
 * shown on every read without ever being stored. Rejected: storing the token until it is read (a secret at rest),
 * or minting a new one on each read (a second reader would cut the first one off).
 */
export const seekSeatToken = (playerKey: string, seekId: string): string =>
  `tbs_${createHmac('sha256', playerKey).update(`turnbase seek ${seekId}`).digest('base64url')}`;

export const seekSeatTokenHash = (playerKey: string, seekId: string): string =>
  hashToken(seekSeatToken(playerKey, seekId));
