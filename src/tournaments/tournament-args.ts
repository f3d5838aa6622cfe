/**
 * The arguments of `npm run tournament`, checked before anything starts: a bad one is a usage error with a
 * message saying which and why (the CLI prints it and exits with status 2), never a NaN passed on.
 */
import { parseArgs } from 'node:util';
import { botsOf } from '../engine/bots';
import { GAMES } from '../games/games';

export interface TournamentArgs {
  readonly game: string;
  readonly format: 'round-robin' | 'swiss';
  readonly bots: readonly string[];
  readonly rounds?: number;
  readonly seats?: number;
}

export class UsageError extends Error {}

export const USAGE =
  'usage: npm run tournament -- [--game reversi] [--bots random,greedy] [--format round-robin|swiss] [--rounds 1-50] [--seats 2-6]';

function intIn(flag: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

export function parseTournamentArgs(argv: readonly string[]): TournamentArgs {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        game: { type: 'string', default: 'reversi' },
        bots: { type: 'string', default: 'random,greedy' },
        rounds: { type: 'string' },
        format: { type: 'string', default: 'round-robin' },
        seats: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const game = values.game as string;
  const games = GAMES.map((g) => g.engine.id);
  if (!games.includes(game))
    throw new UsageError(`--game must be one of ${games.join(', ')}, not ${JSON.stringify(game)}`);
  const format = values.format as string;
  if (format !== 'round-robin' && format !== 'swiss')
    throw new UsageError(`--format must be round-robin or swiss, not ${JSON.stringify(format)}`);
  const bots = (values.bots ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  const known = botsOf(game).map((b) => b.id);
  if (bots.length < 2) throw new UsageError('--bots needs at least two bots, comma-separated');
  const unknown = bots.find((b) => !known.includes(b));
  if (unknown !== undefined)
    throw new UsageError(`--bots: ${game} has no bot ${JSON.stringify(unknown)} (it has ${known.join(', ')})`);
  const rounds = intIn('rounds', values.rounds, 1, 50);
  const seats = intIn('seats', values.seats, 2, 6);
  return { game, format, bots, ...(rounds === undefined ? {} : { rounds }), ...(seats === undefined ? {} : { seats }) };
}
