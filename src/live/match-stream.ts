/**
 * One client's stream of one match: a cursor (the last `seq` sent), who is looking, and the response. Whatever
 * it is given, it sends each event after its cursor exactly once and in order: a batch that starts past the
 * cursor makes it read the missing events itself first. Its work is queued, so frames never interleave.
 */
import type { AnyEngine, Viewer } from '../engine/core';
import type { Step } from '../matches/match-repository';
import type { MatchService } from '../matches/match.service';
import type { CachedState } from '../matches/state-cache';
import { type SseResponse, sseFrame } from './sse';

/** Steps read once for every stream of a match on this instance, rendered once per kind of viewer. */
export class Batch {
  private readonly frames = new Map<Viewer, string[]>();

  constructor(
    private readonly matches: MatchService,
    private readonly engine: AnyEngine,
    readonly steps: readonly Step[],
    private readonly now: CachedState<unknown>,
  ) {}

  get first(): number {
    return (this.steps[0] as Step).event.seq;
  }

  get last(): number {
    return (this.steps[this.steps.length - 1] as Step).event.seq;
  }

  framesFor(viewer: Viewer): string[] {
    let frames = this.frames.get(viewer);
    if (!frames) {
      frames = this.steps.map((step) =>
        sseFrame(step.event.seq, step.event.type, this.matches.present(this.engine, step, this.now, viewer)),
      );
      this.frames.set(viewer, frames);
    }
    return frames;
  }
}

export class MatchStream {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly matches: MatchService,
    readonly engine: AnyEngine,
    readonly matchId: string,
    readonly viewer: Viewer,
    /** The seq of the last event sent (or the one to start after). */
    public cursor: number,
    readonly sse: SseResponse,
    private readonly config: { readonly pageSize: number; readonly slowReaderMs: number },
  ) {}

  get closed(): boolean {
    return this.sse.closed;
  }

  /** Sends the batch's events after the cursor (reading any the batch does not hold first). */
  deliver(batch: Batch): void {
    this.enqueue(async () => {
      if (this.cursor >= batch.last) return;
      if (this.cursor < batch.first - 1) await this.catchUp(batch.first - 1);
      const frames = batch.framesFor(this.viewer);
      batch.steps.forEach((step, i) => {
        if (step.event.seq === this.cursor + 1 && this.sse.write(frames[i] as string)) this.cursor = step.event.seq;
      });
    });
  }

  /** Reads and sends the events after the cursor up to `target` (or to the end of the log). */
  catchUpTo(target: number): void {
    this.enqueue(() => this.catchUp(target));
  }

  private async catchUp(target: number): Promise<void> {
    let known: CachedState<unknown> | undefined;
    while (this.cursor < target && !this.closed) {
      const read = await this.matches.stepsAfter(this.engine, this.matchId, this.cursor, this.config.pageSize, known);
      if (!read || read.steps.length === 0) return;
      const batch = new Batch(this.matches, this.engine, read.steps, read.now);
      const frames = batch.framesFor(this.viewer);
      for (let i = 0; i < frames.length && this.sse.write(frames[i] as string); i++)
        this.cursor = (read.steps[i] as Step).event.seq;
      known = (read.steps[read.steps.length - 1] as Step).after;
      await this.sse.drained(this.config.slowReaderMs);
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await task();
      } catch {
        this.sse.end(); // the client reconnects with its last id and loses nothing
      }
    });
  }
}
