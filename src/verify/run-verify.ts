import type { AnyEngine } from '../engine/core';
import { type VerifyDatabase, verifyLogs } from './verify-logs';

/** The command's report: one line per failed match, a closing line; returns the exit code (0 all replay, 1 not). */
export async function runVerify(
  db: VerifyDatabase,
  engines: readonly AnyEngine[],
  print: (line: string) => void,
  progress: (line: string) => void,
): Promise<number> {
  const rules = engines.map((e) => `${e.id} ${e.rulesVersion}`).join(', ');
  let lastProgress = Date.now();
  const summary = await verifyLogs(db, engines, {
    onFailure: (f) => print(`FAIL ${f.game} ${f.id}${f.seq === null ? '' : ` at event ${f.seq}`}: ${f.problem}`),
    onProgress: (s) => {
      if (Date.now() - lastProgress < 5000) return;
      lastProgress = Date.now();
      progress(`… ${s.matches} matches, ${s.events} events, ${s.failed} failed`);
    },
  });
  print(
    `verified ${summary.matches} matches (${summary.events} events) under rules versions ${rules}: ` +
      `${summary.failed === 0 ? 'every log replays' : `${summary.failed} no longer replay`}`,
  );
  return summary.failed === 0 ? 0 : 1;
}
