/**
 * `node examples/dist/play.js [--simulate] http://localhost:3000 reversi qwirkle deblockle split`: one match of
 * each, to the end. With `--simulate`, each game is first simulated locally with `turnbase/engines`
 * (simulate.ts), and that line is printed before the match played over HTTP.
 */
import { type Game, playMatch } from './bot';
import { simulate } from './simulate';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const simulateFirst = args.includes('--simulate');
  const [baseUrl = 'http://localhost:3000', ...games] = args.filter((a) => !a.startsWith('--'));
  for (const [i, game] of (games.length > 0 ? games : ['reversi', 'qwirkle', 'deblockle', 'split']).entries()) {
    if (simulateFirst) console.log(JSON.stringify(simulate(game as Game, i + 1)));
    const t0 = Date.now();
    const played = await playMatch(baseUrl, game as Game, i + 1);
    console.log(JSON.stringify({ ...played, ms: Date.now() - t0 }));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
