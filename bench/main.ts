/**
 * `npm run bench`: a benchmark, not a test (nothing here asserts on timings). In one run:
 *  1. the Reversi engine: perft(9) and legal-move generation per position;
 *  2. durable moves over HTTP: the real server (`node dist/main.js`) as a child process on a real Postgres,
 *     autocannon with BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (10, rounded to BENCH_WINDOWS whole
 *     windows) after a BENCH_WARMUP_SECONDS (2) warm-up, each connection playing its own Reversi matches (created
 *     first, 200 one at a time, then 16 workers for 5 s); the creation and the moves run in windows that alternate
 *     with boardgame.io's (part 4: A B B A …); then a durability check in the database;
 *     then whether a move's cost grows with the match's length (a Deblockle match, moves ~500 against ~5);
 *  3. the database's ceiling for the same one-statement append, from as many `pg` clients, with unnamed
 *     statements and with a named (prepared) one as pgbench sends it;
 *  4. the peer: boardgame.io 0.50.2 in memory (installed into a cache folder, not a project dependency), its
 *     REST match creation and its moves over socket.io at as many clients, in the windows between ours;
 *  5. bots (bench/bots.ts): bot-vs-bot matches per second per game, a 16-bot Reversi round robin (BENCH_BOTS=0 skips);
 * and the ratios of issue 13's goals, all measured in this run.
 * Postgres: DATABASE_URL when set (a fresh database `turnbase_bench` is made on that server and dropped at
 * the end unless BENCH_KEEP_DB=1), else an embedded one started and stopped here.
 * Prints a table and writes the same figures to bench/results/latest.json (`npm run bench:compare` compares it
 * with the last recorded run, bench/baseline.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type BgioCreateResult,
  type BgioMovesResult,
  type BgioServer,
  bgioCreateWarmup,
  bgioCreateWindow,
  ensureBgio,
  openBgioSession,
  startBgio,
} from './boardgameio';
import { type CeilingResult, runCeiling } from './db-ceiling';
import { checkDurability } from './durability';
import { runEngineBench } from './engine';
import { type LiveResult, formatLive, runLiveBench } from './live';
import {
  type CreatedMatch,
  type Lane,
  type LoadResult,
  createMatches,
  createWindow,
  mergeLoads,
  runLoad,
} from './http-load';
import { runLongMatch } from './long-match';
import { type BenchPostgres, analyze, describePostgres, startPostgres } from './postgres';
import { goalRatios } from './goals';
import { formatTable } from './report';
import { type BenchServer, startServer } from './server';
import { type BotBenchResult, runBotBench } from './bots';
import { runWebhookBench } from './webhooks';
import {
  type CpuSnapshot,
  type CpuUsage,
  type Tracked,
  cpuSnapshot,
  cpuUsage,
  cpuUsageOver,
  envInt,
  quantile,
  sleep,
} from './util';
import { runReads } from './reads';

const ROOT = resolve(__dirname, '..', '..'); // dist-bench/bench -> the repository
const RESULTS = join(ROOT, 'bench', 'results', 'latest.json');

const log = (line: string): void => {
  process.stdout.write(`[bench ${(performance.now() / 1000).toFixed(1).padStart(5)} s] ${line}\n`);
};

// ---- everything the bench starts, and how to stop it, whatever happens ----
let server: BenchServer | null = null;
let peer: BgioServer | null = null;
const liveServers: BenchServer[] = [];
let pgStop: (() => Promise<void>) | null = null;
let pgPid: () => number | null = () => null;
let cleaning: Promise<void> | null = null;

async function withTimeout(p: Promise<void>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  try {
    await Promise.race([p, t]);
  } finally {
    clearTimeout(timer);
  }
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    if (peer) {
      const p = peer;
      await withTimeout(p.stop(), 8000, 'stopping boardgame.io').catch(() => p.kill());
    }
    if (server) {
      const s = server;
      await withTimeout(s.stop(), 8000, 'stopping the server').catch((e: Error) => {
        log(`cleanup: ${e.message}; killing it`);
        s.kill();
      });
    }
    for (const s of liveServers) await withTimeout(s.stop(), 8000, 'stopping a server').catch(() => s.kill());
    if (pgStop)
      await withTimeout(pgStop(), 15000, 'stopping Postgres').catch((e: Error) => log(`cleanup: ${e.message}`));
  })();
  return cleaning;
}

function lastResort(): void {
  // Synchronous: runs in process.on('exit') when cleanup could not finish.
  server?.kill();
  peer?.kill();
  for (const s of liveServers) s.kill();
  const pid = pgPid();
  if (pid) {
    try {
      process.kill(pid, 'SIGQUIT'); // immediate shutdown of our embedded postmaster
    } catch {
      // already gone
    }
  }
}

let interrupted = false;
function onSignal(signal: NodeJS.Signals): void {
  if (interrupted) {
    lastResort();
    process.exit(130);
  }
  interrupted = true;
  log(`${signal}: stopping what the bench started...`);
  void cleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
}
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, onSignal);
process.on('exit', lastResort);
const fatal = (error: unknown): void => {
  if (interrupted) return; // failures after Ctrl-C are the stop itself; the signal handler is cleaning up
  process.stderr.write(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  if (server) process.stderr.write(`\nserver output (last lines):\n${server.tail()}\n`);
  void cleanup().finally(() => process.exit(1));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

// ---- the run ----
async function main(): Promise<number> {
  const started = Date.now();
  const seconds = envInt('BENCH_SECONDS', 10);
  const warmup = envInt('BENCH_WARMUP_SECONDS', 2, 0);
  const connections = envInt('BENCH_CONNECTIONS', 32);
  const ncpu = cpus().length;
  const machine = {
    cpus: ncpu,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
    loadavgAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
  };
  log(`${ncpu} cpus (${machine.cpuModel}), node ${process.version}, load average ${machine.loadavgAtStart.join(' ')}`);

  const tracked: Record<string, Tracked> = { bench: { pid: process.pid, tree: false } };
  /** Runs `fn`, with the CPU used meanwhile; `fn` may call `end()` to close the window early. */
  const phase = async <T>(fn: (end: () => void) => Promise<T> | T): Promise<{ value: T; cpu: CpuUsage | null }> => {
    const a: CpuSnapshot | null = cpuSnapshot(tracked);
    let b: CpuSnapshot | null = null;
    const value = await fn(() => {
      b = cpuSnapshot(tracked);
    });
    return { value, cpu: cpuUsage(a, b ?? cpuSnapshot(tracked), ncpu) };
  };

  // How busy is the machine before we start anything? (1 s sample; ours is idle meanwhile)
  const idle = await phase(() => sleep(1000));
  log(`machine before the run: ${idle.cpu ? `${idle.cpu.machine.toFixed(2)} of ${ncpu} cores busy` : 'no /proc'}`);

  // boardgame.io into its cache folder first (once), so no install runs while anything is measured.
  const bgioDir = await ensureBgio(log);

  // 1. engine
  const engine = await phase(() => runEngineBench(log));

  // 2. Postgres and the server
  const pg: BenchPostgres = await startPostgres(log, (stop, pid) => {
    pgStop = stop;
    pgPid = pid;
  });
  tracked.postgres = { pid: pg.pid, tree: true };
  const pgInfo = await describePostgres(pg.url);
  log(
    `Postgres ${pgInfo.server_version}: fsync ${pgInfo.fsync}, synchronous_commit ${pgInfo.synchronous_commit}, shared_buffers ${pgInfo.shared_buffers}`,
  );
  const srv = await startServer(ROOT, pg.url, log, (s) => {
    server = s;
  });
  tracked.server = { pid: srv.pid, tree: false };

  // The peer, beside our server until the moves are measured. It is idle except in its own windows: from here
  // on, each side's creation and moves run in windows that alternate, ours then the peer's, then the peer's
  // then ours (A B B A …), so a machine whose speed drifts within a minute slows both sides alike.
  const bg = await startBgio(bgioDir, log, (p) => {
    peer = p;
  });
  tracked.boardgameio = { pid: bg.pid, tree: false };
  const windows = envInt('BENCH_WINDOWS', 4);
  const sides = (i: number): Array<'ours' | 'peer'> => (i % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours']);
  const pattern = Array.from({ length: windows }, (_, i) =>
    sides(i)
      .map((x) => (x === 'ours' ? 'A' : 'B'))
      .join(''),
  ).join(' ');
  /** Each side's window `i` for i = 0 … windows − 1, in the order of `sides(i)`. */
  const alternate = async (run: Record<'ours' | 'peer', (i: number) => Promise<void>>): Promise<void> => {
    for (let i = 0; i < windows; i++) for (const side of sides(i)) await run[side](i);
  };
  /** Runs `fn` with the CPU used meanwhile added to `pairs`. */
  const windowed = async <T>(
    pairs: Array<[CpuSnapshot | null, CpuSnapshot | null]>,
    fn: () => Promise<T>,
  ): Promise<T> => {
    const a = cpuSnapshot(tracked);
    const value = await fn();
    pairs.push([a, cpuSnapshot(tracked)]);
    return value;
  };

  const lanesWarm: Lane[] = [];
  const lanesMain: Lane[] = [];
  const AVG_MOVES = 58; // a random Reversi game is about 58-60 moves
  let warm: LoadResult | null = null;
  let estimate = 8000; // moves/s, until the warm-up measures it
  if (warmup > 0) {
    // Few matches: when they run out, the warm-up's connections create more themselves (one POST each).
    const pool = await createMatches(srv.base, 2 * connections, 16);
    log(`warm-up: ${pool.length} matches created; ${warmup} s of moves...`);
    warm = await runLoad({
      base: srv.base,
      label: 'warmup',
      connections,
      seconds: warmup,
      matches: pool,
      lanes: lanesWarm,
    });
    estimate = warm.movesPerSecond;
    log(`warm-up: ${warm.movesPerSecond.toFixed(0)} moves/s, ${warm.non200} non-200`);
  }
  // Creation, each side warmed up by 200 one at a time, then 16 workers for 5 s in `windows` windows each; the
  // moves' pool is taken from the matches ours made (topped up untimed if needed): twice what the warm-up rate
  // needs, plus 4 per connection, plus one per connection and window (a window's last matches are left unfinished).
  const created = await createMatches(srv.base, 200, 1);
  await bgioCreateWarmup(bg.base);
  const createWindowSeconds = 5 / windows;
  let oursCreated = 0;
  let oursCreateSeconds = 0;
  let bgCreated = 0;
  let bgCreateSeconds = 0;
  await alternate({
    ours: async () => {
      const w = await createWindow(srv.base, createWindowSeconds, 16, created);
      oursCreated += w.created;
      oursCreateSeconds += w.seconds;
    },
    peer: async () => {
      const w = await bgioCreateWindow(bg.base, 16, createWindowSeconds);
      bgCreated += w.created;
      bgCreateSeconds += w.seconds;
    },
  });
  const createPerSecond = oursCreated / oursCreateSeconds;
  const bgCreate: BgioCreateResult = {
    concurrency: 16,
    created: bgCreated,
    seconds: bgCreateSeconds,
    createPerSecond: bgCreated / bgCreateSeconds,
  };
  log(
    `creation, ${windows} windows of ${createWindowSeconds.toFixed(2)} s each (${pattern}): ours ${oursCreated} in ${oursCreateSeconds.toFixed(1)} s (${createPerSecond.toFixed(0)}/s), boardgame.io ${bgCreated} in ${bgCreateSeconds.toFixed(1)} s (${bgCreate.createPerSecond.toFixed(0)}/s)`,
  );
  // autocannon runs whole seconds: each side's windows are seconds / windows rounded, at least 1 s.
  const moveWindowSeconds = Math.max(1, Math.round(seconds / windows));
  // The warm-up's rate understates a warm server's: at least 5,000 moves/s are planned for.
  const count =
    Math.ceil((windows * moveWindowSeconds * Math.max(estimate, 5000) * 2) / AVG_MOVES) + (4 + windows) * connections;
  // The most recent ones: a server holds the state of the matches it touched last (the state cache), as it
  // held every match of the pool when the pool was all the bench created.
  const pool: CreatedMatch[] =
    count <= created.length
      ? created.slice(-count)
      : [...created, ...(await createMatches(srv.base, count - created.length, 16))];
  log(
    `ANALYZE after creating the matches: ${await analyze(pg.url)} ms (as autovacuum would within a minute; bench/README.md, "Statistics")`,
  );

  // Moves: the peer's clients connect and warm up as ours did; then `windows` windows of seconds / windows each.
  const session = await openBgioSession(bgioDir, bg.base, connections);
  if (warmup > 0) await session.run(warmup);
  log(
    `moves: ${pool.length} matches in the pool; ${windows} windows of ${moveWindowSeconds.toFixed(2)} s each side (${pattern}), ${connections} connections...`,
  );
  const oursCpu: Array<[CpuSnapshot | null, CpuSnapshot | null]> = [];
  const bgCpu: Array<[CpuSnapshot | null, CpuSnapshot | null]> = [];
  const oursSamples: number[] = [];
  const bgSamples: number[] = [];
  const oursWindows: LoadResult[] = [];
  let bgMoved = 0;
  let bgSeconds = 0;
  let used = 0;
  await alternate({
    ours: async (i) => {
      const lanes: Lane[] = [];
      const w = await windowed(oursCpu, () =>
        runLoad({
          base: srv.base,
          label: `main-${i}`,
          connections,
          seconds: moveWindowSeconds,
          matches: pool.slice(used),
          lanes,
          sink: oursSamples,
        }),
      );
      used += lanes.length;
      lanesMain.push(...lanes);
      oursWindows.push(w);
      log(
        `  window ${i + 1}, ours: ${w.ok200} moves in ${w.seconds.toFixed(2)} s = ${w.movesPerSecond.toFixed(0)}/s, p99 ${w.latencyMs.p99.toFixed(1)} ms`,
      );
    },
    peer: async (i) => {
      const w = await windowed(bgCpu, () => session.run(moveWindowSeconds, bgSamples));
      bgMoved += w.moves;
      bgSeconds += w.seconds;
      log(
        `  window ${i + 1}, boardgame.io: ${w.moves} moves in ${w.seconds.toFixed(2)} s = ${(w.moves / w.seconds).toFixed(0)}/s`,
      );
    },
  });
  const lost = session.lost;
  session.close();
  await bg.stop();
  peer = null;
  delete tracked.boardgameio;
  const http = mergeLoads('main', oursWindows, oursSamples);
  const bgSorted = Float64Array.from(bgSamples).sort();
  const bgMoves: BgioMovesResult = {
    clients: connections,
    seconds: bgSeconds,
    moves: bgMoved,
    movesPerSecond: bgMoved / bgSeconds,
    lost,
    latencyMs: {
      p50: quantile(bgSorted, 0.5),
      p99: quantile(bgSorted, 0.99),
      max: bgSorted.length ? (bgSorted[bgSorted.length - 1] as number) : NaN,
    },
  };
  const load = { cpu: cpuUsageOver(oursCpu, ncpu) };
  const bgPhase = { cpu: cpuUsageOver(bgCpu, ncpu) };
  log(
    `HTTP: ${http.ok200} moves in ${http.seconds.toFixed(2)} s = ${http.movesPerSecond.toFixed(0)} moves/s, p50 ${http.latencyMs.p50.toFixed(2)} ms, p99 ${http.latencyMs.p99.toFixed(2)} ms, non-200 ${http.non200}`,
  );
  log(
    `boardgame.io: ${bgMoves.moves} moves in ${bgSeconds.toFixed(2)} s = ${bgMoves.movesPerSecond.toFixed(0)} moves/s, p50 ${bgMoves.latencyMs.p50.toFixed(2)} ms, p99 ${bgMoves.latencyMs.p99.toFixed(2)} ms`,
  );
  for (const b of [...(warm?.bugs ?? []), ...http.bugs]) log(`bench bug: ${b}`);

  // 2c. reads of a match, as a client that polls reads it (bench/reads.ts).
  const readSeconds = Math.max(1, Math.round(seconds / 2));
  const reads = await runReads(srv.base, pool.slice(0, connections), connections, readSeconds);
  log(
    `reads: ${reads.reads} GETs of a match in ${reads.seconds.toFixed(2)} s = ${reads.readsPerSecond.toFixed(0)}/s, p50 ${reads.latencyMs.p50} ms, p99 ${reads.latencyMs.p99} ms, non-200 ${reads.non200}, wrong ${reads.wrong}`,
  );

  const long = await runLongMatch(srv.base, log);
  log(
    `move cost vs length (${long.game}): moves ${long.oldFrom}-${long.oldFrom + long.window - 1} median ${long.oldMedianMs.toFixed(2)} ms, moves 1-${long.window} median ${long.freshMedianMs.toFixed(2)} ms: ${long.ratio.toFixed(2)}x`,
  );

  // Stop the server before checking, so no reply still in flight can be written meanwhile.
  await srv.stop();
  server = null;
  const durability = await checkDurability(pg.url, [...lanesWarm, ...lanesMain]);
  log(
    `durability: ${durability.ok ? 'OK' : 'MISMATCH'}: ${durability.matchEventRows} MatchEvent rows; ${durability.acknowledged200} moves answered 200 + ${durability.committedUnread} of ${durability.unread} unread replies committed`,
  );
  for (const e of durability.examples) log(`  ${e}`);

  // 2b. webhooks (bench/webhooks.ts), on a fresh server after the durability check (which counts every Reversi event).
  const hooked = await startServer(ROOT, pg.url, log, (s) => {
    server = s;
  });
  const webhooks = await runWebhookBench(hooked.base, log, {
    connections: envInt('BENCH_WEBHOOK_CONNECTIONS', 16),
    phaseSeconds: envInt('BENCH_WEBHOOK_SECONDS', 3),
  });
  log(
    `webhooks: one webhook costs ${webhooks.costRatio.toFixed(2)}x per move (${webhooks.meanMoveMsOne.toFixed(2)} vs ${webhooks.meanMoveMsNone.toFixed(2)} ms); deliveries ${webhooks.deliveriesPerSecondSteady.toFixed(0)}/s at steady state for ${webhooks.webhookEventsPerSecond.toFixed(0)} events/s; backlog ${webhooks.backlogAtEnd}, drained at ${webhooks.drainPerSecond?.toFixed(0) ?? '-'}/s; ${webhooks.duplicates} duplicates`,
  );
  await hooked.stop();
  server = null;

  // 3. the database's ceiling for the same statement
  log(`DB ceiling: ${connections} pg clients, ${seconds} s of the append statement (unnamed)...`);
  const ceilingPhase = await phase((end) => runCeiling(pg.url, connections, seconds, false, end));
  const ceiling: CeilingResult = ceilingPhase.value;
  log(
    `DB ceiling: ${ceiling.statementsPerSecond.toFixed(0)} statements/s (${ceiling.statements} in ${ceiling.seconds.toFixed(1)} s), ${ceiling.noRow} appended nothing`,
  );
  log(`DB ceiling: ${connections} pg clients, ${seconds} s of the append statement (named, prepared)...`);
  const preparedPhase = await phase((end) => runCeiling(pg.url, connections, seconds, true, end));
  const prepared: CeilingResult = preparedPhase.value;
  log(
    `DB ceiling, prepared: ${prepared.statementsPerSecond.toFixed(0)} statements/s (${prepared.statements} in ${prepared.seconds.toFixed(1)} s), ${prepared.noRow} appended nothing`,
  );

  // 4. waiting for your turn: two instances, 1,000 streams, log pages (BENCH_LIVE=0 skips it), on our Postgres
  let live: LiveResult | null = null;
  if (envInt('BENCH_LIVE', 1, 0) > 0) live = await runLiveBench(ROOT, pg.url, log, (s) => liveServers.push(s));

  // 5. bots (before the peer, on our Postgres), on a server started again (after the durability check, which counts every MatchEvent row)
  let bots: BotBenchResult | null = null;
  if (envInt('BENCH_BOTS', 1, 0) > 0) {
    const botServer = await startServer(ROOT, pg.url, log, (s) => {
      server = s;
    });
    tracked.server = { pid: botServer.pid, tree: false };
    bots = (await phase(() => runBotBench(botServer.base, log))).value;
    await botServer.stop();
    server = null;
  }

  await cleanup(); // our server and Postgres
  cleaning = null;
  pgStop = null;
  pgPid = () => null;

  const totalSeconds = (Date.now() - started) / 1000;

  const results = {
    machine: {
      ...machine,
      busyCoresBeforeRun: idle.cpu?.machine ?? null,
      loadavgAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    postgres: {
      kind: pg.kind,
      where: pg.where,
      ...pgInfo,
      serverPoolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    },
    config: { seconds, warmupSeconds: warmup, connections, windows, pattern },
    engine: { ...engine.value, cpu: engine.cpu },
    http: {
      ...http,
      warmup: warm && {
        seconds: warm.seconds,
        ok200: warm.ok200,
        movesPerSecond: warm.movesPerSecond,
        non200: warm.non200,
      },
      matchesPreCreated: pool.length,
      createPerSecond,
      cpu: load.cpu,
    },
    durability,
    webhooks,
    moveCostByLength: long,
    reads,
    dbCeiling: { ...ceiling, cpu: ceilingPhase.cpu },
    dbCeilingPrepared: { ...prepared, cpu: preparedPhase.cpu },
    httpOverCeiling: http.movesPerSecond / ceiling.statementsPerSecond,
    bots,
    boardgameio: {
      version: '0.50.2',
      game: 'fill (bench/bgio-server.ts)',
      create: bgCreate,
      moves: { ...bgMoves, cpu: bgPhase.cpu },
    },
    live,
    totalSeconds,
  };
  const withGoals = { ...results, goals: goalRatios(results) };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const round = (_key: string, v: unknown): unknown =>
    typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(6)) : v;
  writeFileSync(RESULTS, `${JSON.stringify(withGoals, round, 2)}\n`);
  process.stdout.write(
    `\n${formatTable(withGoals)}\n${live ? `\n${formatLive(live)}\n` : ''}\nwritten to bench/results/latest.json; whole run ${totalSeconds.toFixed(0)} s (builds not included)\n`,
  );

  // Not timings: things that must hold whatever the speed. Reported, and the exit code says so.
  const problems = [
    !engine.value.perft.correct &&
      `perft(${engine.value.perft.depth}) is ${engine.value.perft.leaves}, not ${engine.value.perft.expected}`,
    http.non200 + (warm?.non200 ?? 0) > 0 && `${http.non200 + (warm?.non200 ?? 0)} non-200 move responses`,
    http.desyncs + (warm?.desyncs ?? 0) > 0 &&
      `${http.desyncs + (warm?.desyncs ?? 0)} replies disagree with the locally played state`,
    !durability.ok && 'MatchEvent rows do not match the moves answered 200',
    reads.non200 + reads.wrong > 0 && `${reads.non200} non-200 and ${reads.wrong} wrong answers to reads`,
    ceiling.noRow + prepared.noRow > 0 && `${ceiling.noRow + prepared.noRow} ceiling statements appended nothing`,
    bgMoves.lost > 0 && `${bgMoves.lost} boardgame.io moves never acknowledged`,
    http.bugs.length + (warm?.bugs.length ?? 0) > 0 && 'errors inside the load generator (see above)',
    live !== null &&
      live.eventsMissing > 0 &&
      `${live.eventsMissing} events never reached a stream on the other instance`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length) {
    process.stdout.write(`\nPROBLEMS:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}

main().then((code) => cleanup().finally(() => process.exit(code)), fatal);
