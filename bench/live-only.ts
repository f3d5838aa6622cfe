/**
 * `npm run bench:live`: part 6 alone (waiting for your turn: two instances, 1,000 streams, log pages), on
 * DATABASE_URL's server or an embedded Postgres, as in the whole run. Stops everything it started, whatever happens.
 */
import { resolve } from 'node:path';
import { formatLive, runLiveBench } from './live';
import { startPostgres } from './postgres';
import type { BenchServer } from './server';

const ROOT = resolve(__dirname, '..', '..');
const log = (line: string): void => void process.stdout.write(`[bench:live] ${line}\n`);
const servers: BenchServer[] = [];
let stopPg: (() => Promise<void>) | null = null;

async function main(): Promise<void> {
  const pg = await startPostgres(log, (stop) => {
    stopPg = stop;
  });
  const live = await runLiveBench(ROOT, pg.url, log, (s) => servers.push(s));
  process.stdout.write(`\n${formatLive(live)}\n`);
  if (live.eventsMissing > 0) process.exitCode = 1;
}

const stopAll = async (): Promise<void> => {
  for (const s of servers) await s.stop().catch(() => s.kill());
  await stopPg?.().catch(() => undefined);
};
process.on('SIGINT', () => void stopAll().finally(() => process.exit(130)));
main().then(stopAll, async (error: unknown) => {
  process.stderr.write(
    `bench:live failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  await stopAll();
  process.exit(1);
});
