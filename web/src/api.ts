/**
 * Talking to the server. The match page looks up how to follow a match (event stream, long-poll) in the
 * server's own OpenAPI document; the lobby calls the routes docs/api.md fixes (listing, join, bots, leaderboard)
 * directly, as any client would.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ApiErrorBody, LogEntry, LogResponse, Match } from './types';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  // no-store: the API's ETag is the match version whatever the token, so a cached seat view could come back
  // (after a 304) for a spectator in the same browser.
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    cache: 'no-store',
  });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) throw new HttpError(res.status, json as ApiErrorBody | null);
  return json as T;
}

export interface Capabilities {
  /** GET /games/{game}/matches?status=… (the lobby listing). */
  listing: boolean;
  /** GET …/matches/{id}/events (Server-Sent Events). */
  events: boolean;
  /** GET …/moves?wait= (long-poll). */
  longPoll: boolean;
  /** POST …/matches/{id}/join. */
  join: boolean;
  /** GET /games/{game}/bots. */
  bots: boolean;
  /** GET /games/{game}/leaderboard. */
  leaderboard: boolean;
  /** GET /tournaments/{id}. */
  tournaments: boolean;
  /** POST /stream-tickets: a stream's URL carries a single-use ticket instead of the token. */
  tickets: boolean;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
}
type OpenApiPaths = Record<string, Partial<Record<'get' | 'post', OpenApiOperation>>>;

let spec: Promise<OpenApiPaths> | undefined;

/** Path templates compared without their parameter names: `/a/{id}` and `/a/{matchId}` are one route. */
const shape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');

export async function capabilities(game: string): Promise<Capabilities> {
  spec ??= api<{ paths: OpenApiPaths }>('/openapi.json')
    .then((d) => {
      const paths: OpenApiPaths = {};
      for (const [p, ops] of Object.entries(d.paths)) paths[shape(p)] = ops;
      return paths;
    })
    .catch(() => ({}));
  const paths = await spec;
  const base = `/games/${game}/matches`;
  const log = paths[`${base}/{}/moves`]?.get;
  return {
    listing: Boolean(paths[base]?.get),
    events: Boolean(paths[`${base}/{}/events`]?.get),
    longPoll: Boolean(log?.parameters?.some((p) => p.name === 'wait')),
    join: Boolean(paths[`${base}/{}/join`]?.post),
    // The spec publishes these once for every game, as templates (`/games/{game}/bots`).
    bots: Boolean((paths[`/games/${game}/bots`] ?? paths['/games/{}/bots'])?.get),
    leaderboard: Boolean((paths[`/games/${game}/leaderboard`] ?? paths['/games/{}/leaderboard'])?.get),
    tournaments: Boolean(paths['/tournaments/{}']?.get),
    tickets: Boolean(paths['/stream-tickets']?.post),
  };
}

export const matchPath = (game: string, id: string): string =>
  `/games/${encodeURIComponent(game)}/matches/${encodeURIComponent(id)}`;

/** Every log entry after `after`, following `nextAfter` page by page. */
export async function readLog(game: string, id: string, token: string | undefined, after: number): Promise<LogEntry[]> {
  const out: LogEntry[] = [];
  let cursor: number | null = after;
  while (cursor !== null) {
    const page: LogResponse = await api<LogResponse>(`${matchPath(game, id)}/moves?after=${cursor}&limit=1000`, {
      token,
    });
    out.push(...(page.entries as LogEntry[]));
    cursor = page.nextAfter;
  }
  return out;
}

/** The match at `version` (a past one for the replay stepper). */
export function matchAt(game: string, id: string, token: string | undefined, version: number): Promise<Match> {
  return api<Match>(`${matchPath(game, id)}?version=${version}`, { token });
}

/** The caller's legal moves now, every page (Qwirkle's opening alone can run to thousands). */
export async function legalMoves(
  game: string,
  id: string,
  token: string,
): Promise<{ version: number; moves: unknown[]; info: Record<string, unknown> }> {
  const moves: unknown[] = [];
  let cursor: string | null = null;
  let version = -1;
  let info: Record<string, unknown> = {};
  for (let pages = 0; pages < 40; pages++) {
    const page: { version: number; moves: unknown[]; nextCursor: string | null } & Record<string, unknown> = await api(
      `${matchPath(game, id)}/legal-moves?limit=1000${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
      { token },
    );
    if (version === -1) ({ version, ...info } = page);
    moves.push(...page.moves);
    cursor = page.nextCursor;
    if (cursor === null) break;
  }
  return { version, moves, info };
}

export function sendMove(
  game: string,
  id: string,
  token: string,
  move: unknown,
  expectedVersion: number,
): Promise<Match> {
  return api<Match>(`${matchPath(game, id)}/moves`, { method: 'POST', token, body: { move, expectedVersion } });
}

export interface Bot {
  id: string;
  description: string;
}

const botLists = new Map<string, Promise<Bot[]>>();

/** A game's bots, weakest first (`GET /games/{game}/bots`), read once per page and game. */
export function useBots(game: string): Bot[] {
  const [bots, setBots] = useState<Bot[]>([]);
  useEffect(() => {
    if (!game) return setBots([]);
    let gone = false;
    let list = botLists.get(game);
    if (!list) {
      list = api<{ bots: Bot[] }>(`/games/${encodeURIComponent(game)}/bots`).then(
        (b) => b.bots,
        () => [],
      );
      botLists.set(game, list);
    }
    void list.then((b) => {
      if (!gone) setBots(b);
    });
    return () => {
      gone = true;
    };
  }, [game]);
  return bots;
}

/** An API error as a line for the page: `CODE: message`. */
export const errorText = (e: unknown): string =>
  e instanceof HttpError && e.body ? `${e.body.code}: ${e.body.message}` : (e as Error).message;
