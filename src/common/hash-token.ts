import { hash } from 'node:crypto';

/** SHA-256 of a seat token, hex: what the store keeps. One-shot `crypto.hash` (Node 20.12+), on every request with a token. */
export const hashToken = (token: string): string => hash('sha256', token, 'hex');
