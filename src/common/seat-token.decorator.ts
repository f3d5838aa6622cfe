import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { ApiError } from './api-error';

/**
 * The seat token from `Authorization: Bearer <token>`, or undefined without the header.
 * Any other Authorization scheme is refused rather than ignored, so a client never mistakes itself for a spectator.
 */
export const SeatToken = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined =>
  seatTokenOf(ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers),
);

/** What `@SeatToken()` reads, for a handler that takes the request as it is (the move route). */
export function seatTokenOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers.authorization;
  if (header === undefined || header === '') return undefined;
  const value = Array.isArray(header) ? (header[0] ?? '') : header;
  // Auth schemes are case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are `Bearer`.
  const m = /^Bearer +([A-Za-z0-9_\-.~+/=]{1,200})$/i.exec(value.trim());
  if (!m) throw new ApiError('UNAUTHENTICATED', 'Authorization must be "Bearer <seat token>".');
  return m[1];
}
