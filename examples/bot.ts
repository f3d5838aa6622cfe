/**
 * A small bot for any of the four games, written only against the published contract: the types come from
 * `/openapi.json` through openapi-typescript (generated/api.d.ts), the calls go through openapi-fetch. It seats
 * `seats.min` players (from the catalogue) and follows the match's event stream (`GET …/events`, one request
 * for the whole match: it never polls). Whenever the match, as the last event shows it, has seats to move,
 * each asks for its legal moves and sends one of them on that version. In a simultaneous phase (Deblockle's
 * setup, Split's last melds) every seat to move sends on the same version, as docs/api.md allows ("Simultaneous
 * phases"). With a time control (docs/api.md "Clocks") the match is created with a clock, and each turn's clock
 * is handed to `onTurn`.
 */
import createClient from 'openapi-fetch';
import type { GameId } from 'turnbase/engines';
import type { components, paths } from './generated/api';

/** A game id, as the engines' registry lists them (`GAME_IDS`). */
export type Game = GameId;
type Outcome = components['schemas']['Outcome'];
type Problem = components['schemas']['Error'];
/** A move of any of the games, in the form POST …/moves takes. */
type AnyMove = components['schemas'][`${Capitalize<Game>}Move`];
type MoveRequest = components['schemas'][`${Capitalize<Game>}MoveRequest`];
type AnyMatch = components['schemas'][`${Capitalize<Game>}Match`];
/** `{ perMoveSeconds }` (correspondence) or `{ initialSeconds, incrementSeconds }` (a chess clock per seat). */
export type TimeControl = components['schemas']['TimeControl'];
export type OnTimeout = NonNullable<components['schemas']['ReversiCreateMatchRequest']['onTimeout']>;

export interface PlayOptions {
  seed?: number;
  maxMoves?: number;
  /** Sent at creation, beside `players`: the match then has a clock. */
  timeControl?: TimeControl;
  /** What a timeout does (the server's default: forfeit). Sent only with a time control. */
  onTimeout?: OnTimeout;
  /** Called on each turn of a match with a clock, before its seats move: the clock as the match shows it. */
  onTurn?: (turn: Turn) => void;
}

/** One turn of a match with a clock: who is to move, and the clock (`remainingMs` by seat, live as of the match). */
export interface Turn {
  game: Game;
  id: string;
  version: number;
  toMove: number[];
  remainingMs: number[];
  deadlineAt: string | null;
}

export interface Played {
  game: Game;
  id: string;
  version: number;
  moves: number;
  outcome: Outcome;
}

/** A seeded pick, so a run can be repeated. */
function picker(seed: number): <T>(items: readonly T[]) => T {
  let s = seed >>> 0 || 1;
  return (items) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return items[s % items.length] as (typeof items)[number];
  };
}

function fail(what: string, error: Problem | undefined, status: number): never {
  throw new Error(`${what}: ${status} ${error ? `${error.code} ${error.message}` : ''}`);
}

/**
 * The `match` of each event of a Server-Sent Events stream, as it arrives (`data: { entry, match }`; comment
 * lines such as heartbeats are skipped). Ends when the server ends the stream or `signal` aborts.
 */
async function* matchesFrom(url: string, signal: AbortSignal): AsyncGenerator<AnyMatch> {
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data) yield (JSON.parse(data) as { match: AnyMatch }).match;
    }
  }
}

export async function playMatch(
  baseUrl: string,
  game: Game,
  { seed = 1, maxMoves = 5000, timeControl, onTimeout, onTurn }: PlayOptions = {},
): Promise<Played> {
  const api = createClient<paths>({ baseUrl });
  const pick = picker(seed);

  const catalogue = await api.GET('/games');
  if (!catalogue.data) return fail('catalogue', catalogue.error, catalogue.response.status);
  const entry = catalogue.data.games.find((g) => g.id === game);
  if (!entry) throw new Error(`the server does not host ${game}`);

  const players = Array.from({ length: entry.seats.min }, (_, i) => ({ name: `bot-${i}` }));
  const clock = timeControl ? { timeControl, ...(onTimeout ? { onTimeout } : {}) } : {};
  const created = await api.POST(`/games/${game}/matches`, { body: { players, ...clock } });
  if (!created.data) return fail('create', created.error, created.response.status);
  const id = created.data.id;
  const tokens = created.data.seats.map((s) => s.token);
  const path = { params: { path: { id } } };
  const as = (seat: number) => ({ ...path, headers: { Authorization: `Bearer ${tokens[seat]}` } });

  // From the start of the log: nothing that happens after creation can be missed.
  const stop = new AbortController();
  const stream = matchesFrom(`${baseUrl}/games/${game}/matches/${id}/events?after=0`, stop.signal);
  const next = async (): Promise<AnyMatch> => {
    const got = await stream.next();
    if (got.done) throw new Error(`the event stream of ${game} ${id} ended before the match did`);
    return got.value;
  };
  try {
    let match: AnyMatch = created.data;
    for (let moves = 0; moves <= maxMoves;) {
      if (match.status !== 'active') return { game, id, version: match.version, moves, outcome: match.outcome };
      const seats = match.toMove;
      if (match.clock)
        onTurn?.({
          game,
          id,
          version: match.version,
          toMove: seats,
          remainingMs: match.clock.remainingMs,
          deadlineAt: match.clock.deadlineAt,
        });
      for (const seat of seats) {
        const legal = await api.GET(`/games/${game}/matches/{id}/legal-moves`, {
          ...as(seat),
          params: { ...path.params, query: { limit: 50 } },
        });
        if (!legal.data) return fail('legal moves', legal.error, legal.response.status);
        if (legal.data.moves.length === 0)
          throw new Error(`seat ${seat} is to move in ${game} ${id} but has no legal move`);
        const choices: readonly AnyMove[] = legal.data.moves;
        const move = pick(choices);
        // A move of the game being played (TypeScript cannot pair `game` with its move type by itself).
        const body = { move, expectedVersion: match.version } as MoveRequest;
        const sent = await api.POST(`/games/${game}/matches/{id}/moves`, { ...as(seat), body });
        if (!sent.data) return fail(`move ${JSON.stringify(move)}`, sent.error, sent.response.status);
        moves++;
      }
      // Each move sent is one event; decide again on the match as it is after the last of them.
      const target = match.version + seats.length;
      do match = await next();
      while (match.version < target);
    }
  } finally {
    stop.abort();
  }
  throw new Error(`${game} match ${id} was not over after ${maxMoves} moves`);
}
