import { Webhook } from 'standardwebhooks';
import { BODY_CAP, postWebhook } from '../webhooks/post';
import { refuseWebhookUrl } from '../webhooks/webhook-url';
import type { HttpBotEndpoint } from './http-bot-directory.port';

/** What the server posts for one turn of an HTTP bot (docs/api.md "Bots and tournaments"). */
export interface HttpBotTurn {
  readonly game: string;
  readonly matchId: string;
  readonly seat: number;
  readonly version: number;
  /** The match response as the seat sees it. */
  readonly match: unknown;
  readonly legalMoves: readonly unknown[];
  readonly deadlineAt: string;
}

export type HttpBotAnswer =
  | { readonly ok: true; readonly move: unknown; readonly latencyMs: number }
  | { readonly ok: false; readonly why: string; readonly latencyMs: number };

/**
 * Posts one turn to an HTTP bot, signed after the Standard Webhooks scheme (webhook-id, webhook-timestamp,
 * webhook-signature), and reads `{ "move": … }` back before the deadline. It goes through the webhooks' own
 * posting path (src/webhooks/post.ts), with its safety rules: the address is checked on the connection itself
 * (the name is resolved once, by a lookup that refuses private addresses unless they are allowed, so a name
 * cannot resolve to one address for the check and another for the request), a redirect is not followed (a 3xx
 * is not a move), and at most 64 KiB of the answer are read. Every failure (no answer in time, a refused
 * address, a non-2xx status, a body too large or not `{ move }`) is an answer with `ok: false`: the caller
 * counts it as a timeout.
 */
export async function askHttpBot(
  endpoint: HttpBotEndpoint,
  turn: HttpBotTurn,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<HttpBotAnswer> {
  const started = performance.now();
  const fail = (why: string): HttpBotAnswer => ({ ok: false, why, latencyMs: Math.round(performance.now() - started) });
  const refused = refuseWebhookUrl(endpoint.url, allowPrivate);
  if (refused) return fail(`url ${refused}`);
  const body = JSON.stringify(turn);
  const id = `msg_bot_${turn.matchId.replace(/-/g, '')}_${turn.version}_${turn.seat}`;
  const now = new Date();
  const signature = new Webhook(endpoint.secret).sign(id, now, body);
  const headers = {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const answer = await postWebhook(endpoint.url, headers, body, { timeoutMs: Math.max(1, timeoutMs), allowPrivate });
  if (answer.timedOut) return fail(`no answer within ${Math.max(1, timeoutMs)} ms`);
  if (answer.statusCode === null) return fail(`request failed: ${answer.error ?? 'no answer'}`);
  if (answer.statusCode < 200 || answer.statusCode > 299) return fail(`the bot answered ${answer.statusCode}`);
  if (answer.truncated) return fail(`the answer is larger than ${BODY_CAP} bytes`);
  if (!answer.complete) return fail(answer.error ?? 'the answer was cut short');
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return fail('the answer is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || !('move' in parsed)) return fail('the answer has no "move"');
  return { ok: true, move: parsed.move, latencyMs: Math.round(performance.now() - started) };
}
