import { ApiError } from '../common/api-error';

/** A legal-moves cursor names the version its list belongs to: `"<version>:<offset>"`, e.g. `"7:200"`. */
export interface LegalMovesCursor {
  readonly version: number;
  readonly offset: number;
}

export const CURSOR_PATTERN = '^\\d{1,10}:\\d{1,7}$';

export const formatCursor = (c: LegalMovesCursor): string => `${c.version}:${c.offset}`;

export function parseCursor(raw: string | undefined): LegalMovesCursor | undefined {
  if (raw === undefined) return undefined;
  const m = new RegExp(CURSOR_PATTERN).test(raw) ? raw.split(':') : null;
  if (!m) throw new ApiError('VALIDATION_FAILED', 'cursor must be a nextCursor value', 'cursor/malformed');
  return { version: Number(m[0]), offset: Number(m[1]) };
}
