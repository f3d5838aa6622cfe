import { Worker } from 'node:worker_threads';
import { extname, join } from 'node:path';
import { type ThinkAnswer, type ThinkRequest, think } from './bot-worker';

/**
 * Where the thinking bots' turns run: worker threads (bot-worker.ts), so a second of search never holds the
 * server's event loop (requests, streams, sweeps go on meanwhile). The engine stays pure; only the runner
 * decides where a turn runs, and the move is the same either way (same state, seat, seed and budget).
 *
 * The worker file is the runner's sibling with the runner's own extension: `dist/bots/bot-worker.js` in
 * production; under jest (which runs the TypeScript sources through swc) `src/bots/bot-worker.ts`, which the
 * worker's first lines compile with the same `@swc/core` (a dev dependency, so never needed in production).
 * A worker that cannot start or dies fails its turns over to the in-process call, with one warning.
 */
const BOOT = `
const { workerData } = require('node:worker_threads');
const file = workerData.file;
if (file.endsWith('.ts')) {
  const swc = require(require.resolve('@swc/core', { paths: [file] }));
  const fs = require('node:fs');
  require.extensions['.ts'] = (m, f) => m._compile(swc.transformSync(fs.readFileSync(f, 'utf8'), {
    filename: f, jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' },
  }).code, f);
}
require(file);
`;

type Pending = { resolve: (answer: ThinkAnswer) => void; reject: (e: Error) => void };

export class ThinkPool {
  private readonly workers: { worker: Worker; pending: Map<number, Pending> }[] = [];
  private next = 0;
  private seq = 0;
  private broken: Error | null = null;
  private closed = false;

  /** `size` workers at most, started on first use. */
  constructor(
    private readonly size: number,
    private readonly warn: (m: string) => void = () => undefined,
  ) {}

  /** The bot's move in its wire form (engine.encodeMove). */
  async move(req: Omit<ThinkRequest, 'id'>): Promise<unknown> {
    let answer: ThinkAnswer;
    if (this.broken || this.closed) answer = think({ ...req, id: 0 });
    else {
      try {
        answer = await this.remote(req);
      } catch (error) {
        // The worker itself failed (not the bot): this turn and the next ones run here.
        if (!this.broken && !this.closed) {
          this.broken = error as Error;
          this.warn(`think worker failed (${(error as Error).message}): bots think in-process from now on`);
        }
        answer = think({ ...req, id: 0 });
      }
    }
    if (!answer.ok) throw new Error(answer.error);
    return answer.move;
  }

  private remote(req: Omit<ThinkRequest, 'id'>): Promise<ThinkAnswer> {
    const slot = this.slot();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ ...req, id });
    });
  }

  /** A worker for the next turn: a new one while fewer than `size` run, else round robin. */
  private slot(): { worker: Worker; pending: Map<number, Pending> } {
    if (this.workers.length < Math.max(1, this.size)) {
      const file = join(__dirname, `bot-worker${extname(__filename)}`);
      const worker = new Worker(BOOT, { eval: true, workerData: { file } });
      worker.unref();
      const entry = { worker, pending: new Map<number, Pending>() };
      const fail = (error: Error): void => {
        for (const p of entry.pending.values()) p.reject(error);
        entry.pending.clear();
        const k = this.workers.indexOf(entry);
        if (k >= 0) this.workers.splice(k, 1);
      };
      worker.on('message', (answer: ThinkAnswer) => {
        const p = entry.pending.get(answer.id);
        if (!p) return;
        entry.pending.delete(answer.id);
        p.resolve(answer);
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`think worker exited with ${code}`)));
      this.workers.push(entry);
      return entry;
    }
    return this.workers[this.next++ % this.workers.length] as { worker: Worker; pending: Map<number, Pending> };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.splice(0).map((w) => w.worker.terminate()));
  }
}
