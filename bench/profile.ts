/**
 * `npm run bench:profile`: where a durable move's CPU goes. The real server (`node dist/main.js`) runs with V8's
 * sampling profiler preloaded (bench/cpu-profile-preload.ts) on a fresh `turnbase_bench` database (embedded, or
 * on the server of DATABASE_URL); after a warm-up, BENCH_SECONDS (10) of Reversi moves at BENCH_CONNECTIONS (32)
 * connections, as `npm run bench` sends them. Then the profile of that window is summed by layer (Nest,
 * Fastify, Prisma, pg, our engine, our match code, …) and by function, and printed as microseconds of the
 * server's CPU per move. The profile is kept in bench/results/move.cpuprofile (open it in Chrome's DevTools).
 * BENCH_PROFILE_WHAT=create profiles match creation instead (BENCH_PROFILE_CREATES, 5000, 16 at a time).
 * A profile, not a benchmark: the sampler itself costs some percent.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Lane, createMatches, runLoad } from './http-load';
import { analyze, startPostgres } from './postgres';
import { startServer } from './server';
import { envInt, sleep } from './util';

const ROOT = resolve(__dirname, '..', '..');
const OUT = join(ROOT, 'bench', 'results', 'move.cpuprofile');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The layer a frame belongs to, from its script's path. */
export function layerOf(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'V8: garbage collection';
  if (fn === '(idle)') return '(idle)';
  if (fn === '(program)') return 'V8/native (program)';
  if (url === '') return 'native';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    const name = pkg[1] as string;
    if (name.startsWith('@nestjs/')) return `nest (${name})`;
    if (name.startsWith('@prisma/') || name === 'prisma' || name.startsWith('pglite')) return `prisma (${name})`;
    if (
      name === 'fastify' ||
      name.startsWith('@fastify/') ||
      [
        'find-my-way',
        'light-my-request',
        'avvio',
        'fast-json-stringify',
        'pino',
        'fast-querystring',
        'secure-json-parse',
      ].includes(name)
    )
      return `fastify (${name})`;
    if (name.startsWith('pg') || name === 'postgres-array' || name === 'postgres-date') return `pg (${name})`;
    return `package ${name}`;
  }
  const ours = /\/dist\/(?:src\/)?([^/]+)\/?([^/]*)/.exec(url);
  if (ours) {
    const dir = ours[1] as string;
    if (dir === 'engine') return `ours: engine`;
    if (dir === 'generated') return 'prisma (generated client)';
    return `ours: ${dir}${dir.endsWith('.js') ? '' : '/'}`;
  }
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0] ?? url}`;
  return url;
}

export function summarize(profile: CpuProfile, moves: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const layers = new Map<string, number>();
  const fns = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id) as ProfileNode;
    const layer = layerOf(n.callFrame.url, n.callFrame.functionName);
    if (layer === '(idle)') continue;
    busy += us;
    layers.set(layer, (layers.get(layer) ?? 0) + us);
    const where = n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
    const key = `${n.callFrame.functionName || '(anonymous)'}  ${where}:${n.callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const wall = profile.endTime - profile.startTime;
  const lines = [
    `profiled ${(wall / 1e6).toFixed(1)} s; the server's main thread busy ${(busy / 1e6).toFixed(2)} s (${((100 * busy) / wall).toFixed(0)}%) for ${moves} moves: ${(busy / moves).toFixed(0)} µs of CPU per move`,
    '',
    'by layer (self time, µs per move, share of busy):',
  ];
  for (const [layer, us] of [...layers].sort((a, b) => b[1] - a[1])) {
    if (us / busy < 0.003) continue;
    lines.push(`  ${(us / moves).toFixed(1).padStart(7)} µs  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${layer}`);
  }
  lines.push('', 'top functions (self time):');
  for (const [fn, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    lines.push(`  ${(us / moves).toFixed(1).padStart(7)} µs  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${fn}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const seconds = envInt('BENCH_SECONDS', 10);
  const connections = envInt('BENCH_CONNECTIONS', 32);
  const log = (line: string): void => console.log(line);
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const pg = await startPostgres(log, () => undefined);
  const srv = await startServer(ROOT, pg.url, log, () => undefined, { CPU_PROFILE_PATH: OUT }, [
    '--require',
    join(ROOT, 'dist-bench', 'bench', 'cpu-profile-preload.js'),
    ...(process.env.BENCH_PROFILE_REQUIRE ? ['--require', process.env.BENCH_PROFILE_REQUIRE] : []),
  ]);
  try {
    const warmLanes: Lane[] = [];
    await runLoad({
      base: srv.base,
      label: 'warmup',
      connections,
      seconds: 3,
      matches: await createMatches(srv.base, 4 * connections, 16),
      lanes: warmLanes,
    });
    const matches = await createMatches(srv.base, Math.ceil((seconds * 4000) / 58) + 4 * connections, 16);
    await analyze(pg.url); // as npm run bench does: the plans cached in the warm-up's few rows are made again
    process.kill(srv.pid as number, 'SIGUSR2'); // drops start-up, warm-up and creation from the profile
    await sleep(300);
    if (process.env.BENCH_PROFILE_WHAT === 'create') {
      // Match creation instead of moves: as part 2 creates them, 16 at a time.
      const t0 = performance.now();
      const created = await createMatches(srv.base, envInt('BENCH_PROFILE_CREATES', 5000), 16);
      const s = (performance.now() - t0) / 1000;
      process.kill(srv.pid as number, 'SIGUSR2');
      await sleep(1500);
      if (process.env.BENCH_PROFILE_REQUIRE) log(srv.tail());
      log(
        `creations: ${created.length} in ${s.toFixed(2)} s (${(created.length / s).toFixed(0)}/s, with the profiler on)`,
      );
      log(
        summarize(JSON.parse(readFileSync(OUT, 'utf8')) as CpuProfile, created.length).replace(
          /per move/g,
          'per creation',
        ),
      );
      return;
    }
    const lanes: Lane[] = [];
    const load = await runLoad({ base: srv.base, label: 'profile', connections, seconds, matches, lanes });
    process.kill(srv.pid as number, 'SIGUSR2');
    await sleep(1500);
    if (process.env.BENCH_PROFILE_REQUIRE) log(srv.tail());
    log(
      `moves: ${load.ok200} in ${load.seconds} s (${load.movesPerSecond.toFixed(0)}/s, p99 ${load.latencyMs.p99.toFixed(1)} ms, with the profiler on), non-200 ${load.non200}`,
    );
    const profile = JSON.parse(readFileSync(OUT, 'utf8')) as CpuProfile;
    log(summarize(profile, load.ok200 + load.matchesCreatedDuringRun));
    log(`\nprofile: ${OUT}`);
  } catch (error) {
    log(`server output:\n${srv.tail()}`);
    throw error;
  } finally {
    await srv.stop();
    await pg.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
