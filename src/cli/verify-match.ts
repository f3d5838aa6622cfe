/**
 * `npm run verify-match -- <game> <id> [responses.json]`: verifies a finished match with chance from the
 * database the server uses (DATABASE_URL, or the embedded PGlite in TURNBASE_DATA_DIR; stop the server
 * first in that case, PGlite opens its files for one process only). See `verifyMatch` in
 * src/matches/fairness.ts for what is checked. The optional file is a JSON array of match responses a
 * player kept; each view in it is checked against the seed too.
 *
 * Exit status: 0 verified, 1 verification failed, 2 bad usage or no such finished match.
 */
import { readFileSync } from 'node:fs';
import { configFromEnv } from '../common/config';
import { engines, isGameId } from '../engine';
import { type SeenResponse, verifyStoredMatch } from '../matches/fairness';
import { openDatabase } from '../store/database';
import { PrismaEventStore } from '../store/prisma-event-store';

const USAGE_PROBLEMS = new Set(['not-found', 'not-over', 'no-commitment']);

async function main(args: string[]): Promise<number> {
  const [game, id, seenFile] = args;
  if (!game || !id || !isGameId(game)) {
    console.error(`usage: npm run verify-match -- <${Object.keys(engines).join('|')}> <match id> [responses.json]`);
    return 2;
  }
  const seen = seenFile ? (JSON.parse(readFileSync(seenFile, 'utf8')) as SeenResponse[]) : [];
  const db = await openDatabase(configFromEnv());
  try {
    const result = await verifyStoredMatch(new PrismaEventStore(db.prisma), engines[game], id, seen);
    if (result.ok) {
      console.log(`verified: ${game} match ${id}: the commitment matches SHA-256(salt + seed), all ${result.events} events replay from the seed`
        + (seen.length ? `, and all ${result.viewsChecked} kept views are what the seed gives.` : '.'));
      return 0;
    }
    console.error(`${USAGE_PROBLEMS.has(result.problem) ? '' : 'NOT VERIFIED: '}${result.message}`);
    return USAGE_PROBLEMS.has(result.problem) ? 2 : 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
