import { Rng, seedRng } from '../../src/engine/core';
import type { CreatedSeat, Client } from './client';

export interface StepSnapshot {
  version: number;
  /** GET of the match by each seat, in seat order. */
  bySeat: Record<string, unknown>[];
  spectator: Record<string, unknown>;
}

export interface PlayoutOptions {
  seed: string;
  maxMoves: number;
  /** Called before every move (and once at the end) with what each seat and a spectator see. */
  onStep?: (step: StepSnapshot) => void | Promise<void>;
  /** Called with every move response and legal-moves response (to scan for leaks). */
  onResponse?: (seat: number, body: unknown) => void;
}

/**
 * Plays a match to its end over HTTP the way a bot would: read the match, ask the legal moves of a seat to
 * move, pick one at random (seeded), submit it on the version read. Returns the final match and the move count.
 */
export async function playRandomly(
  client: Client,
  game: string,
  id: string,
  seats: CreatedSeat[],
  opts: PlayoutOptions,
): Promise<{ final: Record<string, unknown>; moves: number }> {
  const rng = new Rng(seedRng(opts.seed));
  for (let moves = 0; ; moves++) {
    const bySeat: Record<string, unknown>[] = [];
    for (const s of seats) {
      const res = await client.get(game, id, s.token);
      if (res.status !== 200) throw new Error(`GET as seat ${s.seat}: ${res.status} ${JSON.stringify(res.body)}`);
      bySeat.push(res.body);
    }
    const spectator = (await client.get(game, id)).body as Record<string, unknown>;
    const version = spectator.version as number;
    await opts.onStep?.({ version, bySeat, spectator });
    if (spectator.status !== 'active') return { final: spectator, moves };
    if (moves >= opts.maxMoves) throw new Error(`${game} match ${id} not over after ${moves} moves`);

    const toMove = spectator.toMove as number[];
    const seat = rng.pick(toMove);
    const token = (seats[seat] as CreatedSeat).token;
    const legal = await client.legal(game, id, token, '?limit=1000');
    if (legal.status !== 200) throw new Error(`legal-moves: ${legal.status} ${JSON.stringify(legal.body)}`);
    opts.onResponse?.(seat, legal.body);
    const choices = legal.body.moves as unknown[];
    if (choices.length === 0) throw new Error(`seat ${seat} is to move but has no legal move (version ${version})`);
    const move = rng.pick(choices);
    const res = await client.move(game, id, token, move, version);
    if (res.status !== 200)
      throw new Error(
        `move ${JSON.stringify(move)} by seat ${seat} at v${version}: ${res.status} ${JSON.stringify(res.body)}`,
      );
    opts.onResponse?.(seat, res.body);
  }
}
