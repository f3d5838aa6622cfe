import { lookup } from 'node:dns/promises';
import { Webhook } from 'standardwebhooks';
import { isPrivateAddress, refuseWebhookUrl } from '../webhooks/webhook-url';
import type { HttpBotEndpoint } from './http-bot-directory.port';

/** What the server posts for one turn of an HTTP bot (API.md "Bots and tournaments"). */
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

/** Answers of bots are small; a bigger body is not a move. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Posts one turn to an HTTP bot, signed after the Standard Webhooks scheme (webhook-id, webhook-timestamp,
 * webhook-signature), and reads `{ "move": … }` back before the deadline. Every failure (no answer in time,
 * a refused address, a non-2xx status, a body that is not `{ move }`) is an answer with `ok: false`: the
 * caller counts it as a timeout. The private-address rule of webhooks applies to what the name resolves to now.
 */
export async function askHttpBot(endpoint: HttpBotEndpoint, turn: HttpBotTurn, timeoutMs: number, allowPrivate: boolean): Promise<HttpBotAnswer> {
  const started = performance.now();
  const fail = (why: string): HttpBotAnswer => ({ ok: false, why, latencyMs: Math.round(performance.now() - started) });
  const refused = refuseWebhookUrl(endpoint.url, allowPrivate);
  if (refused) return fail(`url ${refused}`);
  const url = new URL(endpoint.url);
  if (!allowPrivate) {
    const addresses = await lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => []);
    if (addresses.length === 0) return fail('the bot\'s host does not resolve');
    if (addresses.some((a) => isPrivateAddress(a.address))) return fail('the bot\'s host resolves to a private address');
  }
  const body = JSON.stringify(turn);
  const id = `msg_bot_${turn.matchId.replace(/-/g, '')}_${turn.version}_${turn.seat}`;
  const now = new Date();
  const signature = new Webhook(endpoint.secret).sign(id, now, body);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.max(1, timeoutMs)),
    });
    const text = await response.text();
    if (!response.ok) return fail(`the bot answered ${response.status}`);
    if (text.length > MAX_ANSWER_BYTES) return fail('the answer is too large');
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object' || !('move' in parsed)) return fail('the answer has no "move"');
    return { ok: true, move: (parsed as { move: unknown }).move, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return fail((error as Error).name === 'TimeoutError' ? 'no answer before the deadline' : `request failed: ${(error as Error).message}`);
  }
}
