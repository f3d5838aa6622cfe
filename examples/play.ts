/** `node examples/dist/play.js http://localhost:3000 reversi qwirkle deblockle split`: one match of each, to the end. */
import { type Game, playMatch } from './bot';

async function main(): Promise<void> {
  const [baseUrl = 'http://localhost:3000', ...games] = process.argv.slice(2);
  for (const [i, game] of (games.length > 0 ? games : ['reversi', 'qwirkle', 'deblockle', 'split']).entries()) {
    const t0 = Date.now();
    const played = await playMatch(baseUrl, game as Game, i + 1);
    console.log(JSON.stringify({ ...played, ms: Date.now() - t0 }));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
