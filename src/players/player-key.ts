import { randomBytes } from 'node:crypto';

/**
 * Player keys and seat tokens travel in the same `Authorization: Bearer` header; the prefix tells them apart
 * (`tbp_` a player key, `tbs_` a seat token). 256 random bits; only the SHA-256 hash is stored.
 */
export const PLAYER_KEY_PREFIX = 'tbp_';
export const newPlayerKey = (): string => `${PLAYER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
export const isPlayerKey = (token: string): boolean => token.startsWith(PLAYER_KEY_PREFIX);
