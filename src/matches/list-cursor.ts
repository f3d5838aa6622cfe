import { ApiError } from '../common/api-error';
import type { PageAfter } from './listing-store.port';

/** Listings page newest first by (createdAt, id); the cursor is that pair of the page's last row, opaque to clients. */
export function encodeCursor(after: PageAfter): string {
  return Buffer.from(`${after.createdAt.toISOString()}|${after.id}`).toString('base64url');
}

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function decodeCursor(cursor: string | undefined): PageAfter | null {
  if (cursor === undefined) return null;
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  const createdAt = m ? new Date(m[1] as string) : null;
  if (!m || !createdAt || Number.isNaN(createdAt.getTime())) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'cursor: pass back a nextCursor value as it was given.',
      'cursor/malformed',
    );
  }
  return { createdAt, id: m[2] as string };
}

/** Takes `limit` rows of `rows` (fetched with one extra) and the cursor of the next page, null at the end. */
export function page<T>(
  rows: readonly T[],
  limit: number,
  key: (row: T) => PageAfter,
): { rows: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { rows: shown, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(key(last)) : null };
}
