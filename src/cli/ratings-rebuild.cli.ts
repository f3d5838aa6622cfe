/**
 * `npm run ratings:rebuild`: rebuilds every game's ratings from the match logs (DATABASE_URL, or the embedded
 * default), replacing the projection in one transaction, and prints each game's leaderboard head.
 */
import { cliContext } from './cli-context';
import { displayed } from '../ratings/rating-model';
import { RATINGS_STORE, type RatingsStore } from '../ratings/ratings-store.port';
import { RatingsProjector } from '../ratings/ratings.projector';

async function main(): Promise<void> {
  const app = await cliContext({
    botSweepMs: 0,
    clockSweepMs: 0,
    expirySweepSeconds: 0,
    tournamentSweepMs: 0,
    ratingsSweepMs: 0,
    webhookPollMs: 0,
  });
  try {
    const started = Date.now();
    const folded = await app.get(RatingsProjector).rebuild();
    const all = await app.get<RatingsStore>(RATINGS_STORE).all();
    console.log(`ratings rebuilt from ${folded} finished matches in ${Date.now() - started} ms: ${all.length} ratings`);
    for (const game of [...new Set(all.map((r) => r.game))]) {
      const top = all
        .filter((r) => r.game === game)
        .sort((a, b) => displayed(b) - displayed(a))
        .slice(0, 5);
      console.log(`${game}: ${top.map((r) => `${r.name} ${displayed(r).toFixed(2)} (${r.matches})`).join(', ')}`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
