/**
 * `npm run bench:compare`: the figures of the last run (bench/results/latest.json) against the last recorded
 * one (bench/baseline.json, committed; or the file given as the first argument), with the change of each.
 * `npm run bench:compare -- --record` makes the last run the recorded one (then commit bench/baseline.json).
 * Ratios measured within one run are the figures to trust on a shared machine; absolute ones drift with load.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..'); // dist-bench/bench -> the repository
const LATEST = join(ROOT, 'bench', 'results', 'latest.json');
const BASELINE = join(ROOT, 'bench', 'baseline.json');

type Json = Record<string, unknown>;

/** Figure name, path in the result file, and whether higher is better. */
const FIGURES: [string, string, boolean][] = [
  ['perft(9) nodes/s', 'engine.perft.leavesPerSecond', true],
  ['legalMoves ns/position (public)', 'engine.legalMoves.publicNsPerPosition', false],
  ['HTTP moves/s', 'http.movesPerSecond', true],
  ['HTTP p99 ms', 'http.latencyMs.p99', false],
  ['HTTP creation/s', 'http.createPerSecond', true],
  ['HTTP reads/s (GET a match)', 'reads.readsPerSecond', true],
  ['move ~500 ÷ move ~5', 'moveCostByLength.ratio', false],
  ['DB ceiling unnamed/s', 'dbCeiling.statementsPerSecond', true],
  ['DB ceiling prepared/s', 'dbCeilingPrepared.statementsPerSecond', true],
  ['boardgame.io moves/s', 'boardgameio.moves.movesPerSecond', true],
  ['boardgame.io creation/s', 'boardgameio.create.createPerSecond', true],
];

const at = (o: Json, path: string): number | null => {
  let v: unknown = o;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Json)[k] : undefined;
  return typeof v === 'number' ? v : null;
};

const fmt = (v: number | null): string =>
  v === null ? '—' : Math.abs(v) >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(2);

function main(): number {
  const args = process.argv.slice(2);
  if (!existsSync(LATEST)) {
    process.stderr.write(`${LATEST} is missing: run \`npm run bench\` first\n`);
    return 1;
  }
  if (args.includes('--record')) {
    copyFileSync(LATEST, BASELINE);
    process.stdout.write(`recorded: ${LATEST} -> ${BASELINE}\n`);
    return 0;
  }
  const basePath = args.find((a) => !a.startsWith('--')) ?? BASELINE;
  if (!existsSync(basePath)) {
    process.stderr.write(`${basePath} is missing: nothing recorded yet (npm run bench:compare -- --record)\n`);
    return 1;
  }
  const now = JSON.parse(readFileSync(LATEST, 'utf8')) as Json;
  const before = JSON.parse(readFileSync(basePath, 'utf8')) as Json;
  const date = (o: Json): string => String(((o.machine as Json | undefined)?.date as string | undefined) ?? '?');
  const rows: string[][] = [['figure', `recorded (${date(before)})`, `latest (${date(now)})`, 'change']];
  const row = (name: string, a: number | null, b: number | null, higherIsBetter: boolean): void => {
    let change = '';
    if (a !== null && b !== null && a !== 0) {
      const pct = ((b - a) / Math.abs(a)) * 100;
      const better = higherIsBetter ? pct > 0 : pct < 0;
      change = `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}%${Math.abs(pct) >= 10 ? (better ? ' better' : ' WORSE') : ''}`;
    }
    rows.push([name, fmt(a), fmt(b), change]);
  };
  for (const [name, path, up] of FIGURES) row(name, at(before, path), at(now, path), up);
  const goalsOf = (o: Json): Map<string, { value: number; kind: string }> =>
    new Map(((o.goals as { name: string; value: number; kind: string }[] | undefined) ?? []).map((g) => [g.name, g]));
  const gb = goalsOf(before);
  for (const [name, g] of goalsOf(now)) row(`goal: ${name}`, gb.get(name)?.value ?? null, g.value, g.kind === 'min');
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows)
    process.stdout.write(`${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}\n`);
  return 0;
}

process.exit(main());
