/**
 * The memory one open stream costs the server, measured with garbage collection forced (the bench's RSS
 * figure includes garbage not yet collected). Not part of `npm run bench`; after it (which builds dist/):
 *   DATABASE_URL=postgresql://… node dist-bench/bench/stream-memory.js
 * Starts the app in a child process with --expose-gc, creates 500 Reversi matches, opens 500 then 500 more
 * streams (one per seat token), and prints the heap and RSS growth per stream after each step.
 */
import { fork } from 'node:child_process';
import { type IncomingMessage, get } from 'node:http';
import { join, resolve } from 'node:path';

interface Usage {
  heapUsed: number;
  rss: number;
}

const ROOT = resolve(__dirname, '..', '..');

if (process.argv[2] === 'server') {
  // The child: the app, and its memory (after GC) on request.
  void (async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createApp } = require(join(ROOT, 'dist', 'app')) as typeof import('../src/app');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { configFromEnv } = require(join(ROOT, 'dist', 'common', 'config')) as typeof import('../src/common/config');
    const app = await createApp(configFromEnv(), ['error']);
    await app.listen(0, '127.0.0.1');
    process.send?.({ port: (app.getHttpServer().address() as { port: number }).port });
    process.on('message', (m) => {
      void (async () => {
        if (m === 'measure') {
          for (let i = 0; i < 5; i++) {
            (globalThis as { gc?: () => void }).gc?.();
            await new Promise((r) => setTimeout(r, 50));
          }
          const u = process.memoryUsage();
          process.send?.({ heapUsed: u.heapUsed, rss: u.rss });
        } else if (m === 'stop') {
          await app.close();
          process.exit(0);
        }
      })();
    });
  })();
} else {
  void (async () => {
    if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (a database this may write to)');
    const child = fork(__filename, ['server'], { execArgv: ['--expose-gc'] });
    const next = <T>(): Promise<T> => new Promise((r) => child.once('message', (m) => r(m as T)));
    const { port } = await next<{ port: number }>();
    const base = `http://127.0.0.1:${port}`;
    const matches: { id: string; seats: { token: string }[] }[] = [];
    for (let i = 0; i < 500; i++) {
      const res = await fetch(`${base}/games/reversi/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ players: [{ name: 'a' }, { name: 'b' }] }),
      });
      matches.push((await res.json()) as (typeof matches)[number]);
    }
    const measure = async (): Promise<Usage> => {
      child.send('measure');
      return next<Usage>();
    };
    const open = async (seat: number): Promise<IncomingMessage[]> => {
      const out: IncomingMessage[] = [];
      for (const m of matches) {
        out.push(
          await new Promise((r) =>
            get(
              `${base}/games/reversi/matches/${m.id}/events`,
              { headers: { authorization: `Bearer ${m.seats[seat]?.token}` } },
              r,
            ),
          ),
        );
      }
      return out;
    };
    const kib = (bytes: number): string => (bytes / 1024 / matches.length).toFixed(1);
    const m0 = await measure();
    const first = await open(0);
    const m1 = await measure();
    const second = await open(1);
    const m2 = await measure();
    process.stdout.write(
      `per open stream (GC forced): first ${matches.length}: heap ${kib(m1.heapUsed - m0.heapUsed)} KiB, RSS ${kib(m1.rss - m0.rss)} KiB; ` +
        `next ${matches.length}: heap ${kib(m2.heapUsed - m1.heapUsed)} KiB, RSS ${kib(m2.rss - m1.rss)} KiB\n`,
    );
    for (const r of [...first, ...second]) r.destroy();
    child.send('stop');
  })();
}
