/**
 * The metrics against the real parts: Debian's Prometheus (installed by .ci/run; run here with a config and
 * data folder of its own, scraping every second) scrapes the real server (src/main.ts in a child process,
 * METRICS_PORT on a free port) while a burst of moves is played, and its HTTP API then answers the move rate;
 * promtool checks a scrape, the alert rules and their unit tests; the dashboard's queries are PromQL that
 * this Prometheus accepts, over families the server serves.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/embedded-postgres';
import { scrape, valueOf } from './support/prom-text';
import { type ServerProcess, startServerProcess } from './support/server-process';

const ROOT = join(__dirname, '..');
const RULES = join(ROOT, 'docs', 'prometheus', 'turnbase-alerts.yml');
const DASHBOARD = join(ROOT, 'docs', 'grafana', 'turnbase-dashboard.json');
const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';

function run(
  file: string,
  args: string[],
  stdin?: string,
  cwd = ROOT,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One instant query against Prometheus's HTTP API. */
async function query(
  prom: string,
  expr: string,
): Promise<{
  status: string;
  error?: string;
  data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
}> {
  const res = await fetch(`${prom}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return (await res.json()) as {
    status: string;
    error?: string;
    data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** Plays `moves` moves of a new Reversi match over HTTP (the first legal move each turn); answers how many it made. */
async function playMatch(base: string, moves: number): Promise<number> {
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const created = (await (
    await post('/games/reversi/matches', { players: [{ name: 'a' }, { name: 'b' }] })
  ).json()) as { id: string; seats: { token: string }[] };
  let made = 0;
  for (let i = 0; i < moves; i++) {
    const match = (await (await fetch(`${base}/games/reversi/matches/${created.id}`)).json()) as {
      version: number;
      toMove: number[];
      status: string;
    };
    if (match.status !== 'active') break;
    const token = (created.seats[match.toMove[0] as number] as { token: string }).token;
    const legal = (await (
      await fetch(`${base}/games/reversi/matches/${created.id}/legal-moves`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { moves: unknown[] };
    const res = await post(
      `/games/reversi/matches/${created.id}/moves`,
      { move: legal.moves[0], expectedVersion: match.version },
      token,
    );
    if (res.status !== 200) throw new Error(`move: ${res.status} ${await res.text()}`);
    made++;
  }
  return made;
}

describe('metrics with the real Prometheus and promtool', () => {
  let server: ServerProcess | null = null;
  let prometheus: ChildProcess | null = null;
  let dir: string | null = null;
  let metricsPort = 0;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServerProcess({ METRICS_PORT: String(metricsPort) });
  }, 120_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus?.once('exit', r));
      prometheus.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      if (prometheus.exitCode === null) prometheus.kill('SIGKILL');
    }
    await server?.kill9();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("promtool check metrics accepts a scrape (only prom-client's own style notes)", async () => {
    await playMatch(server?.base as string, 3); // a few families with samples: events, creations, requests
    const text = await scrape(metricsPort);
    const checked = await run(PROMTOOL, ['check', 'metrics'], text);
    // 0: clean; 3: lint notes only (1 would be a parse error). The notes allowed: prom-client's default gauges named *_total.
    expect([0, 3]).toContain(checked.code);
    const notes = `${checked.stdout}${checked.stderr}`.split('\n').filter((l) => l.trim() !== '');
    for (const note of notes)
      expect(note).toMatch(/^nodejs_\w+_total non-counter metrics should not have "_total" suffix$/);
  });

  it('promtool checks the alert rules and their unit tests', async () => {
    const checked = await run(PROMTOOL, ['check', 'rules', RULES]);
    expect(`${checked.stdout}${checked.stderr}`).toContain('SUCCESS: 5 rules found');
    expect(checked.code).toBe(0);
    const tested = await run(
      PROMTOOL,
      ['test', 'rules', 'turnbase-alerts.test.yml'],
      undefined,
      join(ROOT, 'docs', 'prometheus'),
    );
    expect(`${tested.stdout}${tested.stderr}`).toContain('SUCCESS');
    expect(tested.code).toBe(0);
  });

  it('Prometheus scrapes the server and finds the move rate after a burst of moves', async () => {
    dir = mkdtempSync(join(tmpdir(), 'turnbase-prometheus-'));
    const webPort = await freePort();
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        `rule_files: [${JSON.stringify(RULES)}]`,
        'scrape_configs:',
        '  - job_name: turnbase',
        '    static_configs:',
        `      - targets: ["127.0.0.1:${metricsPort}"]`,
        '',
      ].join('\n'),
    );
    let output = '';
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${webPort}`,
        '--log.level=warn',
        '--storage.tsdb.retention.time=1h',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
    prometheus.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
    const prom = `http://127.0.0.1:${webPort}`;
    await until(`Prometheus ready (${output})`, 30_000, async () => {
      if (prometheus?.exitCode !== null) throw new Error(`prometheus exited: ${output}`);
      return (await fetch(`${prom}/-/ready`).catch(() => null))?.ok ? true : undefined;
    });
    await until('the first scrape', 20_000, async () => {
      const up = await query(prom, 'up{job="turnbase"}');
      return up.data?.result[0]?.value[1] === '1' ? true : undefined;
    });

    const before = valueOf(await scrape(metricsPort), 'turnbase_events_total', { game: 'reversi', type: 'MoveMade' });
    const made = (await Promise.all(Array.from({ length: 8 }, () => playMatch(server?.base as string, 12)))).reduce(
      (a, b) => a + b,
      0,
    );
    expect(made).toBe(96);

    // Prometheus's latest sample has every move of the burst...
    const total = before + made;
    await until(`Prometheus to see ${total} moves`, 20_000, async () => {
      const r = await query(prom, 'sum(turnbase_events_total{game="reversi", type="MoveMade"})');
      return Number(r.data?.result[0]?.value[1]) === total ? true : undefined;
    });
    // ...and the move rate over the burst is above zero.
    const rate = await query(prom, 'sum(rate(turnbase_events_total{type="MoveMade"}[30s]))');
    expect(rate.status).toBe('success');
    expect(Number(rate.data?.result[0]?.value[1])).toBeGreaterThan(0);
    const routes = await query(prom, 'sum by (route) (turnbase_http_request_duration_seconds_count{method="POST"})');
    expect(routes.data?.result.map((r) => r.metric.route)).toEqual(
      expect.arrayContaining(['/games/{game}/matches/{id}/moves', '/games/{game}/matches']),
    );

    // The alert rules loaded, and none fires on a healthy server.
    const rules = (await (await fetch(`${prom}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; state: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((g) => g.rules);
    expect(loaded.map((r) => r.name).sort()).toEqual([
      'TurnbaseClockLag',
      'TurnbaseEventLoopLag',
      'TurnbaseListenerDown',
      'TurnbaseServiceUnavailable',
      'TurnbaseWebhookBacklogGrowing',
    ]);
    for (const r of loaded) expect(r.state).toBe('inactive');

    // Every query of the dashboard is PromQL this Prometheus runs, over families the server serves.
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    // Families by their # TYPE lines: a labelled family not counted yet (a bot's turn) has no sample, but is served.
    const served = new Set([...(await scrape(metricsPort)).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string));
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets) {
        const runnable = expr.replace(/\$__rate_interval/g, '15s').replace(/\$job/g, 'turnbase');
        const r = await query(prom, runnable);
        if (r.status !== 'success') throw new Error(`${panel.title}: ${expr}: ${r.error}`);
        for (const name of expr.match(/\b(turnbase|nodejs|process)_[a-z_0-9]+/g) ?? []) {
          const family = name.replace(/_(bucket|count|sum)$/, '');
          if (!served.has(family) && !served.has(name)) throw new Error(`${panel.title}: ${name} is not served`);
        }
      }
    }
  }, 120_000);
});
