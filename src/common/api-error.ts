/**
 * The one error type of the HTTP layer. Every error response is
 * `{ statusCode, code, message, reason?, details? }` with a stable `code` (docs/api.md "Errors").
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_MOVE: 400,
  INVALID_OPTIONS: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  MATCH_NOT_FOUND: 404,
  TOURNAMENT_NOT_FOUND: 404,
  NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  VERSION_CONFLICT: 409,
  GAME_OVER: 409,
  MATCH_NOT_STARTED: 409,
  MATCH_NOT_FINISHED: 409,
  SEAT_TAKEN: 409,
  NO_OPEN_SEAT: 409,
  ALREADY_SEATED: 409,
  TIMED_OUT: 409,
  ALREADY_MATCHED: 409,
  TOO_MANY_SEEKS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  IDEMPOTENCY_KEY_REUSED: 422,
  ILLEGAL_MOVE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  REPLAY_FAILED: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  reason?: string;
  details?: unknown;
}

/**
 * `details` with the request id added: an object keeps its fields (`requestId` beside them), a list (the
 * failed constraints of VALIDATION_FAILED) moves under `errors`, and none becomes `{ requestId }`.
 */
export function withRequestId(details: unknown, requestId: string): Record<string, unknown> {
  if (details === undefined || details === null) return { requestId };
  if (Array.isArray(details)) return { errors: details, requestId };
  if (typeof details === 'object') return { ...(details as Record<string, unknown>), requestId };
  return { value: details, requestId };
}

export class ApiError extends Error {
  readonly status: number;
  /** Headers the answer carries besides the body (e.g. Retry-After), set by `withHeaders`. */
  headers: Readonly<Record<string, string>> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.status, code: this.code, message: this.message };
    if (this.reason !== undefined) body.reason = this.reason;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}
