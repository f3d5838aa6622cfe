/**
 * A small bot for any of the four games, written only against the published contract: the types come from
 * `/openapi.json` through openapi-typescript (generated/api.d.ts), the calls go through openapi-fetch. It seats
 * `seats.min` players (from the catalogue); then, until the match is over, each seat to move asks for its
 * legal moves and sends one of them on the version it last saw (the answer to a move is the match after it).
 * In a simultaneous phase (Deblockle's setup, Split's last melds) every seat to move sends on the same
 * version, as the README allows.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/api';

export type Game = 'reversi' | 'qwirkle' | 'deblockle' | 'split';
type Outcome = components['schemas']['Outcome'];
type Problem = components['schemas']['Error'];
/** A move of any of the games, in the form POST …/moves takes. */
type AnyMove = components['schemas'][`${Capitalize<Game>}Move`];
type MoveRequest = components['schemas'][`${Capitalize<Game>}MoveRequest`];

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

export async function playMatch(baseUrl: string, game: Game, seed = 1, maxMoves = 5000): Promise<Played> {
  const api = createClient<paths>({ baseUrl });
  const pick = picker(seed);

  const catalogue = await api.GET('/games');
  if (!catalogue.data) return fail('catalogue', catalogue.error, catalogue.response.status);
  const entry = catalogue.data.games.find((g) => g.id === game);
  if (!entry) throw new Error(`the server does not host ${game}`);

  const players = Array.from({ length: entry.seats.min }, (_, i) => ({ name: `bot-${i}` }));
  const created = await api.POST(`/games/${game}/matches`, { body: { players } });
  if (!created.data) return fail('create', created.error, created.response.status);
  const id = created.data.id;
  const tokens = created.data.seats.map((s) => s.token);
  const path = { params: { path: { id } } };
  const as = (seat: number) => ({ ...path, headers: { Authorization: `Bearer ${tokens[seat]}` } });

  const readMatch = async () => {
    const read = await api.GET(`/games/${game}/matches/{id}`, path);
    return read.data ?? fail('read', read.error, read.response.status);
  };

  let match = await readMatch();
  for (let moves = 0; moves <= maxMoves; ) {
    if (match.status !== 'active') return { game, id, version: match.version, moves, outcome: match.outcome };
    const seats = match.toMove;
    let after = match;
    for (const seat of seats) {
      const legal = await api.GET(`/games/${game}/matches/{id}/legal-moves`, { ...as(seat), params: { ...path.params, query: { limit: 50 } } });
      if (!legal.data) return fail('legal moves', legal.error, legal.response.status);
      if (legal.data.moves.length === 0) throw new Error(`seat ${seat} is to move in ${game} ${id} but has no legal move`);
      const choices: readonly AnyMove[] = legal.data.moves;
      const move = pick(choices);
      // A move of the game being played (TypeScript cannot pair `game` with its move type by itself).
      const body = { move, expectedVersion: match.version } as MoveRequest;
      const sent = await api.POST(`/games/${game}/matches/{id}/moves`, { ...as(seat), body });
      if (!sent.data) return fail(`move ${JSON.stringify(move)}`, sent.error, sent.response.status);
      after = sent.data;
      moves++;
    }
    // One seat moved: its answer is the match now. After a simultaneous round, read the match again.
    match = seats.length === 1 ? after : await readMatch();
  }
  throw new Error(`${game} match ${id} was not over after ${maxMoves} moves`);
}
