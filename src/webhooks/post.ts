/**
 * One webhook POST, with the safety rules of docs/api.md "Webhooks": the address is checked after DNS resolution,
 * on every connection (so a name that resolves inside is refused), redirects are not followed (a 3xx is an
 * answer like any other), the whole attempt has a timeout, and at most `BODY_CAP` bytes of the answer are read.
 * HTTP bots are posted to through the same path (src/bots/http-bot.client.ts): they read the capped body.
 *
 * The error of an attempt is one word (issue 25, L7): `refused` when the guard refused the address, else
 * `unreachable` (no such name, no connection, a reset, no answer in time). It is recorded and shown in the
 * delivery history, so it says nothing more: never what a name resolved to, nor which port was closed.
 */
import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './webhook-url';

/** At most this many bytes of an answer are read (and kept); the connection is closed past it. */
export const BODY_CAP = 64 * 1024;

/** An attempt's error: the guard refused the address, or the network gave no (whole) answer. */
export type PostError = 'refused' | 'unreachable';

export interface PostResult {
  /** Null when there was no answer. */
  readonly statusCode: number | null;
  readonly error: PostError | null;
  /** True when the attempt ran out of time (before an answer, or while its body was coming). */
  readonly timedOut: boolean;
  /** The Retry-After header of the answer, as given. */
  readonly retryAfter: string | null;
  /** The answer's body as read: at most `BODY_CAP` bytes (UTF-8); empty when there was no answer. */
  readonly body: string;
  /** True when the answer was longer than `BODY_CAP` bytes (`body` is then cut short). */
  readonly truncated: boolean;
  /** True when the body was read to its end (not cut by the cap, the timeout or a broken connection). */
  readonly complete: boolean;
}

const noAnswer = (error: PostError, timedOut = false): PostResult => ({
  statusCode: null,
  error,
  timedOut,
  retryAfter: null,
  body: '',
  truncated: false,
  complete: false,
});

/** Marks the lookup's refusal, so that the request's error says `refused`, not `unreachable`. */
const REFUSED = 'EREFUSED_ADDRESS';

/** A DNS lookup that refuses private addresses unless they are allowed. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found;
      const inside = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (inside) return callback(Object.assign(new Error('refused'), { code: REFUSED }), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowPrivate: boolean; signal?: AbortSignal },
): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(noAnswer('refused'));
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) return resolve(noAnswer('refused'));
    let settled = false;
    let timedOut = false;
    const done = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'turnbase-webhooks/1',
        },
        lookup: guardedLookup(opts.allowPrivate),
      },
      (res) => {
        let read = 0;
        let truncated = false;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          chunks.push(chunk.subarray(0, Math.max(0, BODY_CAP - read)));
          read += chunk.length;
          if (read > BODY_CAP) {
            truncated = true;
            res.destroy(); // enough: nothing past the cap is read
          }
        });
        let ended = false;
        res.on('end', () => {
          ended = true;
        });
        const answer = (): void => {
          const retryAfter = res.headers['retry-after'];
          done({
            statusCode: res.statusCode ?? null,
            error: timedOut && !ended ? 'unreachable' : null,
            timedOut: timedOut && !ended,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            body: Buffer.concat(chunks).toString('utf8'),
            truncated,
            complete: ended && !truncated,
          });
        };
        res.on('end', answer);
        res.on('close', answer);
        res.on('error', answer);
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('timed out'));
    }, opts.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      done(noAnswer(error.code === REFUSED ? 'refused' : 'unreachable', timedOut)),
    );
    // The caller may cut the attempt (the dispatcher's slow lane is full): no answer, and not a timeout.
    const cut = (): void => {
      req.destroy(new Error('cut'));
    };
    if (opts.signal?.aborted) cut();
    else opts.signal?.addEventListener('abort', cut, { once: true });
    req.on('close', () => opts.signal?.removeEventListener('abort', cut));
    req.end(body);
  });
}
