import { readFileSync, readdirSync } from 'node:fs';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export { freePort } from '../test/support/embedded-postgres';

/** The value at quantile q (0..1) of an ascending array (nearest rank). */
export function quantile(sorted: Float64Array | number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

export function envInt(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, not "${raw}"`);
  return n;
}

/**
 * CPU accounting from /proc (Linux): how busy the whole machine was during a phase, and how much of that was
 * ours, to tell how much other work (other people's tests) shared the cores. Values are in cores (0..ncpu).
 */
export interface CpuSnapshot {
  readonly machineBusy: number;
  readonly machineTotal: number;
  readonly procs: Record<string, number>;
}

export interface CpuUsage {
  /** Cores busy on the whole machine, averaged over the phase. */
  machine: number;
  /** Cores used by each tracked process (tree), averaged over the phase. */
  procs: Record<string, number>;
  /** machine − the tracked processes: other people's work (and, with an external Postgres, our backends too). */
  others: number;
}

function statFields(pid: number | string): string[] {
  // Fields after the command name (which may hold spaces): f[1] is the ppid, f[11] f[12] utime stime,
  // f[13] f[14] the cutime cstime of waited-for children.
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** CPU ticks of a process; with `tree`, plus its children's, live and exited (Postgres backends). */
function procTicks(pid: number, tree: boolean): number {
  let f: string[];
  try {
    f = statFields(pid);
  } catch {
    return 0;
  }
  let total = Number(f[11]) + Number(f[12]);
  if (!tree) return total;
  total += Number(f[13]) + Number(f[14]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const c = statFields(name);
      if (Number(c[1]) === pid) total += Number(c[11]) + Number(c[12]);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface Tracked {
  readonly pid: number | null;
  /** Count the process's children too (a Postgres postmaster and its backends). */
  readonly tree: boolean;
}

export function cpuSnapshot(tracked: Record<string, Tracked>): CpuSnapshot | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] as string;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0); // guest time is already inside user time
    const idle = (v[3] ?? 0) + (v[4] ?? 0);
    const procs: Record<string, number> = {};
    for (const [label, t] of Object.entries(tracked)) if (t.pid) procs[label] = procTicks(t.pid, t.tree);
    return { machineBusy: total - idle, machineTotal: total, procs };
  } catch {
    return null;
  }
}

export function cpuUsage(a: CpuSnapshot | null, b: CpuSnapshot | null, ncpu: number): CpuUsage | null {
  if (!a || !b || b.machineTotal <= a.machineTotal) return null;
  const perCore = (b.machineTotal - a.machineTotal) / ncpu;
  const machine = (b.machineBusy - a.machineBusy) / perCore;
  const procs: Record<string, number> = {};
  let ours = 0;
  for (const label of Object.keys(b.procs)) {
    const used = Math.max(0, ((b.procs[label] ?? 0) - (a.procs[label] ?? 0)) / perCore);
    procs[label] = used;
    ours += used;
  }
  return { machine, procs, others: Math.max(0, machine - ours) };
}

/** The CPU used over several windows (each a pair of snapshots), as one phase of their summed length. */
export function cpuUsageOver(
  pairs: ReadonlyArray<readonly [CpuSnapshot | null, CpuSnapshot | null]>,
  ncpu: number,
): CpuUsage | null {
  let machineBusy = 0;
  let machineTotal = 0;
  const procs: Record<string, number> = {};
  for (const [a, b] of pairs) {
    if (!a || !b) return null;
    machineBusy += b.machineBusy - a.machineBusy;
    machineTotal += b.machineTotal - a.machineTotal;
    for (const label of Object.keys(b.procs))
      procs[label] = (procs[label] ?? 0) + Math.max(0, (b.procs[label] ?? 0) - (a.procs[label] ?? 0));
  }
  return cpuUsage({ machineBusy: 0, machineTotal: 0, procs: {} }, { machineBusy, machineTotal, procs }, ncpu);
}
