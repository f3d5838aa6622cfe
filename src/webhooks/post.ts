/**
 * One webhook POST, with the safety rules of API.md "Webhooks": the address is checked after DNS resolution,
 * on every connection (so a name that resolves inside is refused), redirects are not followed (a 3xx is an
 * answer like any other), the whole attempt has a timeout, and at most `BODY_CAP` bytes of the answer are read.
 */
import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './webhook-url';

const BODY_CAP = 64 * 1024;

export interface PostResult {
  /** Null when there was no answer. */
  readonly statusCode: number | null;
  readonly error: string | null;
  /** The Retry-After header of the answer, as given. */
  readonly retryAfter: string | null;
}

/** A DNS lookup that refuses private addresses unless they are allowed. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as unknown as LookupAddress[];
      const inside = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (inside) {
        return callback(Object.assign(new Error(`${hostname} resolves to ${inside.address}, a loopback, link-local or private address`), { code: 'EPRIVATE' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

export function postWebhook(url: string, headers: Record<string, string>, body: string, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ statusCode: null, error: 'not a URL', retryAfter: null });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
      return resolve({ statusCode: null, error: `${host} is a loopback, link-local or private address`, retryAfter: null });
    }
    let settled = false;
    const done = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'turnbase-webhooks/1' },
      lookup: guardedLookup(opts.allowPrivate),
    }, (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_CAP) res.destroy(); // enough: the status is what counts
      });
      const answer = (): void => {
        const retryAfter = res.headers['retry-after'];
        done({ statusCode: res.statusCode ?? null, error: null, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
      };
      res.on('end', answer);
      res.on('close', answer);
      res.on('error', answer);
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (error) => done({ statusCode: null, error: error.message, retryAfter: null }));
    req.end(body);
  });
}
