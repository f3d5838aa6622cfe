/**
 * Two fields of `POST /tournaments` checked before anything is planned (docs/api.md "Bots and tournaments"): the
 * `startsAt` time and an HTTP bot's own `webhookSecret`. Pure: the service turns a refusal into
 * `400 VALIDATION_FAILED` with the reason given here.
 */

/** How far back a `startsAt` may lie (a client's clock a little behind, a request that queued): then it is now. */
export const STARTS_AT_PAST_MS = 5 * 60_000;
/** How far ahead a tournament may be announced: a year (a row that waits longer is more likely forgotten). */
export const STARTS_AT_FUTURE_MS = 366 * 24 * 3_600_000;

/** An ISO 8601 date and time with its zone (`Z` or `±hh:mm`): without one, the time would be the server's guess. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; reason: string };

/**
 * When the tournament's first round is created: the given time, or `now` when absent or a little in the past.
 * Refused: not an ISO time with a zone, more than `STARTS_AT_PAST_MS` ago, more than `STARTS_AT_FUTURE_MS` ahead.
 */
export function startsAtOf(raw: string | undefined | null, now: Date): Checked<Date> {
  if (raw === undefined || raw === null) return { ok: true, value: now };
  const at = ISO_TIME.test(raw) ? new Date(raw) : null;
  if (at === null || Number.isNaN(at.getTime()))
    return {
      ok: false,
      message: `startsAt: an ISO 8601 time with its zone, such as 2026-06-01T18:00:00Z, not ${JSON.stringify(raw.slice(0, 64))}.`,
      reason: 'tournament/starts-at',
    };
  if (at.getTime() < now.getTime() - STARTS_AT_PAST_MS)
    return {
      ok: false,
      message: `startsAt: ${at.toISOString()} is past; give a time from now on (or leave it out to start now).`,
      reason: 'tournament/starts-at-past',
    };
  if (at.getTime() > now.getTime() + STARTS_AT_FUTURE_MS)
    return {
      ok: false,
      message: `startsAt: at most ${STARTS_AT_FUTURE_MS / 86_400_000} days ahead.`,
      reason: 'tournament/starts-at-far',
    };
  return { ok: true, value: at < now ? now : at };
}

/** The secret's key length in bytes, as the Standard Webhooks scheme has it (24 to 64). */
export const SECRET_BYTES = { min: 24, max: 64 } as const;

/**
 * An HTTP bot's own secret: `whsec_` and the canonical base64 of 24 to 64 bytes (so it decodes to exactly the
 * key its owner signs with: no stray characters the decoder would skip, no missing padding).
 */
export function webhookSecretOf(raw: unknown): Checked<string> {
  const refuse = (why: string): Checked<string> => ({
    ok: false,
    message: `webhookSecret: "whsec_" and the base64 of ${SECRET_BYTES.min} to ${SECRET_BYTES.max} random bytes; ${why}.`,
    reason: 'entrants/webhook-secret',
  });
  if (typeof raw !== 'string') return refuse('it is not a string');
  if (!raw.startsWith('whsec_')) return refuse('it does not start with "whsec_"');
  const encoded = raw.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return refuse('that is not base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded) return refuse('that is not base64');
  if (key.length < SECRET_BYTES.min || key.length > SECRET_BYTES.max) return refuse(`it holds ${key.length} bytes`);
  return { ok: true, value: raw };
}
