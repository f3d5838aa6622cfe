/**
 * `npm run tournament -- --game reversi --bots random,greedy,alphabeta --rounds 4 [--format swiss] [--seats 3]`:
 * a local tournament of built-in bots on the embedded default store (or DATABASE_URL), run by the same
 * services as the server's; prints a progress bar, then the standings and the ratings.
 */
import { cliContext } from './cli-context';
import { RatingsProjector } from '../ratings/ratings.projector';
import { type TournamentArgs, USAGE, UsageError, parseTournamentArgs } from '../tournaments/tournament-args';
import { TournamentDirector } from '../tournaments/tournament.director';
import { TournamentService } from '../tournaments/tournament.service';
import type { TournamentResponse } from '../tournaments/tournament.types';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function bar(done: number, total: number, width = 30): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} matches`;
}

/** Every match the tournament plays in all: its rounds' tables, from the first round's size. */
function plannedMatches(t: TournamentResponse): number {
  const perRound = t.rounds[0]?.matches.length ?? 0;
  return perRound * (t.plannedRounds ?? t.rounds.length);
}

async function main(): Promise<void> {
  let args: TournamentArgs;
  try {
    args = parseTournamentArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { bots } = args;
  // Entrants are named after their bots; a bot entered twice gets a number.
  const entrants = bots.map((bot, i) => ({
    name: bots.indexOf(bot) === i && bots.lastIndexOf(bot) === i ? bot : `${bot}-${i + 1}`,
    bot,
  }));
  const app = await cliContext({ botSweepMs: 10, tournamentSweepMs: 50, ratingsSweepMs: 0, clockSweepMs: 1000 });
  try {
    const service = app.get(TournamentService);
    const t = await service.create({
      game: args.game,
      format: args.format,
      entrants,
      ...(args.rounds === undefined ? {} : { rounds: args.rounds }),
      ...(args.seats === undefined ? {} : { seatsPerMatch: args.seats }),
    });
    const started = Date.now();
    const tty = process.stderr.isTTY;
    let now = t;
    for (;;) {
      await app.get(TournamentDirector).sweep();
      // The stored tournament (GET's answer pages its matches): rounds created and matches scored, whole.
      const { t: stored } = await service.state(t.id);
      now = { ...t, status: stored.status };
      const done = stored.matches.filter((m) => m.result !== null).length;
      const line = `${t.game} ${t.format}: round ${stored.roundsCreated}/${t.plannedRounds} ${bar(done, plannedMatches(t))}`;
      if (tty) process.stderr.write(`\r${line}`);
      if (now.status === 'finished') {
        process.stderr.write(tty ? '\n' : `${line}\n`);
        break;
      }
      await sleep(200);
    }
    await app.get(RatingsProjector).catchUp();
    now = await service.get(t.id);
    console.log(
      `\n${now.game} ${now.format}, ${now.plannedRounds} rounds, finished in ${((Date.now() - started) / 1000).toFixed(1)} s (tournament ${now.id})\n`,
    );
    console.log(
      `${'#'.padStart(3)}  ${'entrant'.padEnd(16)} ${'points'.padStart(7)} ${'played'.padStart(7)} ${'Buchholz'.padStart(9)} ${'rating'.padStart(8)}`,
    );
    now.standings.forEach((s, i) => {
      console.log(
        `${String(i + 1).padStart(3)}  ${s.name.padEnd(16)} ${s.points.toFixed(1).padStart(7)} ${String(s.played).padStart(7)} ${s.buchholz.toFixed(1).padStart(9)} ${(s.rating === null ? '-' : s.rating.toFixed(2)).padStart(8)}`,
      );
    });
    console.log('\nratings: OpenSkill (Weng-Lin), mu - 3 sigma, over every rated match of these names in this store');
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
