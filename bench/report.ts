import type { BgioCreateResult, BgioMovesResult } from './boardgameio';
import type { CeilingResult } from './db-ceiling';
import { type Goal, formatGoal } from './goals';
import type { DurabilityResult } from './durability';
import type { EngineResult } from './engine';
import type { LoadResult } from './http-load';
import type { LongMatchResult } from './long-match';
import type { CpuUsage } from './util';
import type { ReadsResult } from './reads';

export interface Results {
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    date: string;
    busyCoresBeforeRun: number | null;
    loadavgAtStart: number[];
  };
  postgres: {
    kind: string;
    where: string;
    server_version?: string;
    fsync?: string;
    synchronous_commit?: string;
    serverPoolSize: number;
  };
  config: { seconds: number; warmupSeconds: number; connections: number };
  engine: EngineResult & { cpu: CpuUsage | null };
  http: LoadResult & { matchesPreCreated: number; createPerSecond: number; cpu: CpuUsage | null };
  durability: DurabilityResult;
  moveCostByLength: LongMatchResult;
  /** Absent in result files from before 2026-12-01 (late evening). */
  reads?: ReadsResult;
  dbCeiling: CeilingResult & { cpu: CpuUsage | null };
  dbCeilingPrepared: CeilingResult & { cpu: CpuUsage | null };
  httpOverCeiling: number;
  boardgameio: {
    version: string;
    game: string;
    create: BgioCreateResult;
    moves: BgioMovesResult & { cpu: CpuUsage | null };
  };
  goals: Goal[];
  totalSeconds: number;
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const ms = (n: number): string => (n < 10 ? n.toFixed(2) : n.toFixed(1));

function cpuLine(c: CpuUsage | null, ncpu: number): string {
  if (!c) return 'n/a';
  const ours = Object.entries(c.procs)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');
  return `${c.machine.toFixed(2)} of ${ncpu} busy: ${ours}; others ${c.others.toFixed(2)}`;
}

export function formatTable(r: Results): string {
  const {
    engine: e,
    http: h,
    dbCeiling: d,
    dbCeilingPrepared: dp,
    durability: du,
    boardgameio: bg,
    moveCostByLength: lm,
  } = r;
  const n = r.machine.cpus;
  const rows: [string, string][] = [];
  const section = (title: string): void => {
    rows.push([title, '']);
  };
  section('Reversi engine');
  rows.push([
    `  perft(${e.perft.depth}) from the start`,
    `${int(e.perft.leaves)} leaves ${e.perft.correct ? '(correct)' : `(WRONG, expected ${int(e.perft.expected)})`}, ${(e.perft.ms / 1000).toFixed(2)} s, ${(e.perft.leavesPerSecond / 1e6).toFixed(2)} M nodes/s`,
  ]);
  rows.push([
    '  legal moves, moveMask (bitboards)',
    `${(e.legalMoves.rawNsPerPosition / 1000).toFixed(2)} µs / position`,
  ]);
  rows.push([
    '  legal moves, reversiEngine.legalMoves',
    `${(e.legalMoves.publicNsPerPosition / 1000).toFixed(2)} µs / position (parses the board string)`,
  ]);
  rows.push([
    '  positions',
    `${int(e.legalMoves.positions)} from ${e.legalMoves.playouts} seeded playouts, ${int(e.legalMoves.totalMoves)} legal moves`,
  ]);
  section(`Durable moves over HTTP (${h.connections} connections, ${h.seconds} s, Postgres ${r.postgres.kind})`);
  rows.push(['  throughput', `${int(h.movesPerSecond)} moves/s`]);
  rows.push([
    '  latency p50 / p99 (max)',
    `${ms(h.latencyMs.p50)} ms / ${ms(h.latencyMs.p99)} ms (${ms(h.latencyMs.max)} ms)`,
  ]);
  rows.push([
    '  moves answered 200',
    `${int(h.ok200)} in ${int(h.matchesUsed)} matches (${int(h.matchesFinished)} played to the end)`,
  ]);
  const errs = h.non200 + h.desyncs + h.connErrors + h.timeouts;
  rows.push([
    '  non-200 responses',
    `${int(h.non200)}${h.non200 ? ` ${JSON.stringify(h.non200ByStatus)}` : ''}${errs - h.non200 ? `; desyncs ${h.desyncs}, connection errors ${h.connErrors}, timeouts ${h.timeouts}` : ''}`,
  ]);
  rows.push([
    '  durability (MatchEvent rows)',
    `${du.ok ? 'OK' : 'MISMATCH'}: ${int(du.matchEventRows)} rows = ${int(du.acknowledged200)} answered 200 (warm-up included) + ${du.committedUnread} of ${du.unread} in flight at the stop`,
  ]);
  rows.push(['  match creation (16 at a time)', `${int(h.createPerSecond)} matches/s`]);
  rows.push([
    `  move cost vs length (${lm.game})`,
    `moves ${lm.oldFrom}–${lm.oldFrom + lm.window - 1}: median ${ms(lm.oldMedianMs)} ms; moves 1–${lm.window}: median ${ms(lm.freshMedianMs)} ms`,
  ]);
  if (r.reads) {
    const rd = r.reads;
    rows.push([
      `  reads of a match (GET, ${rd.connections} connections)`,
      `${int(rd.readsPerSecond)} reads/s, p50 ${rd.latencyMs.p50} ms / p99 ${rd.latencyMs.p99} ms (autocannon's whole ms), non-200 ${int(rd.non200)}${rd.wrong ? `, ${rd.wrong} WRONG` : ''}`,
    ]);
  }
  if (h.matchesCreatedDuringRun)
    rows.push([
      '  NOTE',
      `the ${int(h.matchesPreCreated)} pre-created matches ran out: ${h.matchesCreatedDuringRun} created during the run`,
    ]);
  section(`Database ceiling (${d.clients} pg clients, the same one-statement append)`);
  const ceilingRow = (c: CeilingResult): string =>
    `${int(c.statementsPerSecond)} (${int(c.statements)} in ${c.seconds.toFixed(1)} s, p50 ${ms(c.latencyMs.p50)} ms, p99 ${ms(c.latencyMs.p99)} ms${c.noRow ? `, ${c.noRow} appended NOTHING` : ''})`;
  rows.push(['  statements/s, unnamed (as Prisma)', ceilingRow(d)]);
  rows.push(['  statements/s, named (as pgbench -M prepared)', ceilingRow(dp)]);
  rows.push(['  HTTP moves/s ÷ unnamed ceiling', `${r.httpOverCeiling.toFixed(2)}`]);
  section(`boardgame.io ${bg.version}, in memory, nothing durable (game ${bg.game})`);
  rows.push([
    '  REST creation (16 at a time)',
    `${int(bg.create.createPerSecond)} matches/s (${int(bg.create.created)} in ${bg.create.seconds.toFixed(1)} s)`,
  ]);
  rows.push([
    `  moves over socket.io (${bg.moves.clients} clients)`,
    `${int(bg.moves.movesPerSecond)} moves/s, p50 ${ms(bg.moves.latencyMs.p50)} ms / p99 ${ms(bg.moves.latencyMs.p99)} ms (${ms(bg.moves.latencyMs.max)} ms)${bg.moves.lost ? `, ${bg.moves.lost} LOST` : ''}`,
  ]);
  section("Issue 13's goals (ratios from this run)");
  for (const g of r.goals) rows.push([`  ${g.name}`, formatGoal(g)]);
  section('Machine');
  rows.push(['  run', `${r.machine.date}, node ${r.machine.node}, ${n} × ${r.machine.cpuModel}`]);
  rows.push([
    '  Postgres',
    `${r.postgres.server_version ?? '?'} ${r.postgres.kind} at ${r.postgres.where}, fsync ${r.postgres.fsync}, synchronous_commit ${r.postgres.synchronous_commit}, server pool ${r.postgres.serverPoolSize}`,
  ]);
  rows.push([
    '  busy before the run',
    r.machine.busyCoresBeforeRun === null
      ? 'n/a'
      : `${r.machine.busyCoresBeforeRun.toFixed(2)} of ${n} cores (load average ${r.machine.loadavgAtStart.join(' ')})`,
  ]);
  rows.push(['  cores, engine phase', cpuLine(e.cpu, n)]);
  rows.push(['  cores, HTTP phase', cpuLine(h.cpu, n)]);
  rows.push(['  cores, DB ceiling phase', cpuLine(d.cpu, n)]);
  rows.push(['  cores, DB ceiling phase (prepared)', cpuLine(dp.cpu, n)]);
  rows.push(['  cores, boardgame.io moves', cpuLine(bg.moves.cpu, n)]);

  const w = Math.max(...rows.filter(([, v]) => v !== '').map(([k]) => k.length));
  return rows.map(([k, v]) => (v === '' ? k : `${k.padEnd(w)}  ${v}`)).join('\n');
}
