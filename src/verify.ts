/**
 * `npm run verify`: replays every stored match log in DATABASE_URL (or the embedded PGlite) under this
 * build's rules versions and prints each match that no longer replays. Exit code 0 when every log replays,
 * 1 when some do not, 2 when the check itself could not run. Run it with the new build before deploying a
 * new rules version.
 */
import { configFromEnv } from './common/config';
import { GAMES } from './games/games';
import { openDatabase } from './store/database';
import { runVerify } from './verify/run-verify';

async function main(): Promise<number> {
  const db = await openDatabase(configFromEnv());
  try {
    return await runVerify(
      db,
      GAMES.map((g) => g.engine),
      (line) => console.log(line),
      (line) => console.error(line),
    );
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`verify could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
