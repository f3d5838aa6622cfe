/**
 * `npm run fuzz`: FUZZ_REQUESTS (100,000) requests generated from the server's own /openapi.json, sent
 * FUZZ_CONCURRENCY (16) at a time to the real server (`node dist/main.js`, a child process, rate limits on with budgets it never reaches)
 * on a fresh Postgres database, from FUZZ_SEED (1). Checks: no 5xx, every error in the error format, no long
 * path echoed back, and in the store no write that no answer acknowledged (test/support/fuzz). Exit code 1
 * when any check fails. Postgres: as for `npm run bench` (DATABASE_URL, else an embedded one).
 */
import { resolve } from 'node:path';
import { Pool } from 'pg';
import { FUZZ_SERVER_ENV, httpSend, runFuzz, storeTotals, unexpectedWrites } from '../test/support/fuzz/run-fuzz';
import { SpecFuzzer } from '../test/support/fuzz/spec-fuzzer';
import { startPostgres } from './postgres';
import { type BenchServer, startServer } from './server';
import { envInt } from './util';

const ROOT = resolve(__dirname, '..', '..'); // dist-bench/bench -> the repository
const log = (line: string): void => {
  process.stdout.write(`[fuzz ${(performance.now() / 1000).toFixed(1).padStart(6)} s] ${line}\n`);
};

async function main(): Promise<number> {
  const total = envInt('FUZZ_REQUESTS', 100_000);
  const concurrency = envInt('FUZZ_CONCURRENCY', 16);
  const seed = envInt('FUZZ_SEED', 1, 0);
  let server: BenchServer | null = null;
  let stopPg: (() => Promise<void>) | null = null;
  const stopAll = async (): Promise<void> => {
    await server?.stop();
    await stopPg?.();
  };
  for (const s of ['SIGINT', 'SIGTERM'] as const)
    process.once(s, () => void stopAll().finally(() => process.exit(130)));
  try {
    const pg = await startPostgres(log, (stop) => {
      stopPg = stop;
    });
    server = await startServer(
      ROOT,
      pg.url,
      log,
      (s) => {
        server = s;
      },
      FUZZ_SERVER_ENV,
    );
    const doc = (await (await fetch(`${server.base}/openapi.json`)).json()) as Record<string, unknown>;
    const fuzzer = new SpecFuzzer(doc, seed);
    log(`${fuzzer.routes.length} routes in /openapi.json; ${total} requests, ${concurrency} at a time, seed ${seed}`);
    const pool = new Pool({ connectionString: pg.url, max: 2 });
    const before = await storeTotals(pool);
    const started = performance.now();
    await runFuzz(fuzzer, httpSend(server.base), total, concurrency, (done) => log(`${done} requests`));
    const seconds = (performance.now() - started) / 1000;
    const writes = await unexpectedWrites(pool, fuzzer, before);
    const after = await storeTotals(pool);
    await pool.end();

    const { stats } = fuzzer;
    log(`done: ${stats.requests} requests in ${seconds.toFixed(0)} s (${(stats.requests / seconds).toFixed(0)}/s)`);
    log(
      `statuses: ${Object.entries(stats.byStatus)
        .map(([k, v]) => `${k}×${v}`)
        .join(', ')}`,
    );
    log(
      `routes (requests, mean ms): ${Object.entries(stats.byRoute)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k} ${v} ${((stats.msByRoute[k] ?? 0) / v).toFixed(0)}`)
        .join('; ')}`,
    );
    log(
      `store: ${after.matches - before.matches} matches and ${after.events - before.events} events written; ` +
        `${fuzzer.created.size} creations and ${stats.acknowledgedWrites - fuzzer.created.size} other writes acknowledged`,
    );
    log(
      `5xx: ${stats.serverErrors}; errors outside the format: ${stats.badErrorBodies}; paths echoed: ${stats.echoedPaths}; ` +
        `unacknowledged or lost writes: ${writes.length}`,
    );
    for (const p of [...stats.problems, ...writes.slice(0, 20)]) log(`PROBLEM ${p}`);
    if (stats.serverErrors > 0) log(`the server's last lines:\n${server.tail()}`);
    return stats.problems.length === 0 && writes.length === 0 ? 0 : 1;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`fuzz failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(2);
  },
);
