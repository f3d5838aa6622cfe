/**
 * `node examples/dist/play.js [--simulate] [clock flags] http://localhost:3000 [game …]`: one match of each game
 * named (every game of the engines' registry, `GAME_IDS`, when none is), to the end, one JSON line per match.
 * With `--simulate`, each game is first simulated locally with `turnbase/engines` (simulate.ts), and that line
 * is printed before the match played over HTTP.
 *
 * Clock flags (docs/api.md "Clocks"): `--per-move-seconds N` (each move within N seconds), or `--initial-seconds N
 * [--increment-seconds M]` (a chess clock per seat), and `--on-timeout forfeit|random`. The matches are then
 * created with that `timeControl`, and each turn prints a line `{ "clock": { "remainingMs", "deadlineAt" }, … }`.
 */
import { parseArgs } from 'node:util';
import { type Game, type OnTimeout, type TimeControl, type Turn, playMatch } from './bot';
import { GAME_IDS } from 'turnbase/engines';
import { simulate } from './simulate';

function seconds(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} takes a whole number of seconds, not ${raw}`);
  return n;
}

function timeControlOf(values: Record<string, string | boolean | undefined>): TimeControl | undefined {
  const perMove = seconds('per-move-seconds', values['per-move-seconds'] as string | undefined);
  const initial = seconds('initial-seconds', values['initial-seconds'] as string | undefined);
  const increment = seconds('increment-seconds', values['increment-seconds'] as string | undefined);
  if (perMove !== undefined && (initial !== undefined || increment !== undefined)) {
    throw new Error(
      '--per-move-seconds is a clock of its own: give it, or --initial-seconds (with --increment-seconds), not both',
    );
  }
  if (perMove !== undefined) return { perMoveSeconds: perMove };
  if (initial !== undefined)
    return { initialSeconds: initial, ...(increment !== undefined ? { incrementSeconds: increment } : {}) };
  if (increment !== undefined) throw new Error('--increment-seconds needs --initial-seconds');
  return undefined;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      simulate: { type: 'boolean' },
      'per-move-seconds': { type: 'string' },
      'initial-seconds': { type: 'string' },
      'increment-seconds': { type: 'string' },
      'on-timeout': { type: 'string' },
    },
  });
  const timeControl = timeControlOf(values);
  const onTimeout = values['on-timeout'];
  if (onTimeout !== undefined && onTimeout !== 'forfeit' && onTimeout !== 'random')
    throw new Error(`--on-timeout is forfeit or random, not ${onTimeout}`);
  if (onTimeout !== undefined && !timeControl)
    throw new Error('--on-timeout needs a clock (--per-move-seconds or --initial-seconds)');
  const [baseUrl = 'http://localhost:3000', ...games] = positionals;
  // Each turn of a match with a clock: the seats to move, their time left and the deadline.
  const onTurn = ({ game, id, version, toMove, remainingMs, deadlineAt }: Turn): void => {
    console.log(JSON.stringify({ game, id, version, toMove, clock: { remainingMs, deadlineAt } }));
  };
  for (const [i, game] of (games.length > 0 ? games : GAME_IDS).entries()) {
    if (values.simulate) console.log(JSON.stringify(simulate(game as Game, i + 1)));
    const t0 = Date.now();
    const played = await playMatch(baseUrl, game as Game, {
      seed: i + 1,
      timeControl,
      onTimeout: onTimeout as OnTimeout | undefined,
      onTurn,
    });
    console.log(JSON.stringify({ ...played, ms: Date.now() - t0 }));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
