/**
 * `GET …/moves?after=N&wait=S`: the log page at once when it has an entry after N; otherwise the request
 * waits (at most 60 s) for a hint that the match moved on, re-reads the page, and answers the first one with
 * entries, or the empty page at the end of the wait. A client that leaves ends the wait and the work.
 */
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { AnyEngine, Viewer } from '../engine/core';
import { MatchService } from '../matches/match.service';
import type { LogResponse } from '../matches/match.types';
import { LiveLimits } from './limits';
import { MatchNotifier } from './notifier';

export const MAX_WAIT_SECONDS = 60;

type Woken = 'event' | 'timeout' | 'gone' | 'shutdown';

@Injectable()
export class LongPoll implements OnModuleDestroy {
  /** Every wait in progress, to end them all at shutdown. */
  private readonly waits = new Set<(why: Woken) => void>();

  constructor(
    private readonly matches: MatchService,
    private readonly notifier: MatchNotifier,
    private readonly limits: LiveLimits,
  ) {}

  onModuleDestroy(): void {
    for (const stop of [...this.waits]) stop('shutdown');
  }

  async log(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
    after: number,
    limit: number,
    waitSeconds: number,
    res: ServerResponse,
    address: string,
  ): Promise<{ log: LogResponse; viewer: Viewer }> {
    const first = await this.matches.log(engine, id, token, after, limit);
    const { viewer } = first;
    let page = first.log;
    if (page.entries.length > 0 || waitSeconds <= 0) return first;
    const release = this.limits.acquire(LiveLimits.keyOf(token, address), 'longpoll');
    let latest = page.version;
    let wake: ((why: Woken) => void) | null = null;
    // Watch before the next read, so an event appended in between is not waited for until the re-check.
    const unwatch = this.notifier.watch(page.id, (version) => {
      if (version > latest) {
        latest = version;
        wake?.('event');
      }
    });
    const deadline = Date.now() + Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000;
    try {
      for (;;) {
        const why = latest > page.version ? 'event' : await this.sleep(deadline, res, (w) => (wake = w));
        wake = null;
        // Nobody is left to answer, or the server is stopping (the database may close any moment): the page
        // as last read, with no more work.
        if (why === 'gone' || why === 'shutdown') return { log: page, viewer };
        page = (await this.matches.log(engine, id, token, after, limit)).log;
        if (page.entries.length > 0 || why === 'timeout' || res.destroyed) return { log: page, viewer };
        latest = Math.max(latest, page.version);
      }
    } finally {
      unwatch();
      release();
    }
  }

  private sleep(deadline: number, res: ServerResponse, onWake: (wake: (why: Woken) => void) => void): Promise<Woken> {
    return new Promise((resolve) => {
      const stop = (why: Woken): void => {
        clearTimeout(timer);
        res.off('close', gone);
        this.waits.delete(stop);
        resolve(why);
      };
      const gone = (): void => stop('gone');
      const timer = setTimeout(() => stop('timeout'), Math.max(0, deadline - Date.now()));
      res.on('close', gone);
      this.waits.add(stop);
      onWake(stop);
    });
  }
}
