/**
 * The start-up pass that stores the snapshots long logs lack (issue 25, L5: a 100,000-event log written before
 * snapshots existed blocked its first read for 2.5 s).
 *
 * Why a background pass and not "lazily, on the first read": the lazy way was already there (a read that folds
 * past a missing snapshot stores it, match-repository.ts `walk`), and it is exactly what L5 measured: the first
 * reader pays for the whole log, in one synchronous fold that also stalls every other request on the event
 * loop. This pass pays it before a reader comes, in steps of SNAPSHOT_EVERY events (one statement to read
 * them, a fold of 64, one to store the snapshot), and the event loop serves requests between steps. It also
 * covers what a bump of SNAPSHOT_FORMAT or of a game's rulesVersion leaves behind (older snapshots are
 * ignored). A read that comes before the pass reaches its match still folds it once, as before.
 *
 * Every instance runs it at start-up (SNAPSHOT_BACKFILL=0 turns it off); two instances starting together may
 * both store the same snapshot, which is harmless (a snapshot is a fold of the log, and `save` keeps the first).
 * A match that does not replay is left to `npm run verify` and logged here once.
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { type Loaded, MatchRepository } from './match-repository';
import { SNAPSHOT_EVERY, SNAPSHOT_STORE, type SnapshotStore, snapshotFormat } from './snapshots';

const PAGE = 100;

export interface BackfillSummary {
  readonly matches: number;
  readonly snapshots: number;
}

@Injectable()
export class SnapshotBackfill implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Snapshots');
  private stopped = false;
  private running: Promise<BackfillSummary> | null = null;

  constructor(
    @Inject(SNAPSHOT_STORE) private readonly snapshots: SnapshotStore,
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: MatchRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.snapshotBackfill) return;
    this.run().then(
      (s) => {
        if (s.snapshots > 0) this.logger.log(`stored ${s.snapshots} missing snapshots of ${s.matches} long logs`);
      },
      (error: unknown) => {
        if (!this.stopped) this.logger.warn(`the snapshot pass stopped: ${(error as Error).message}`);
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** Stores every missing snapshot of every long log (joins a pass already running); answers what it stored. */
  run(): Promise<BackfillSummary> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<BackfillSummary> {
    const formats = Object.fromEntries([...this.engines.values()].map((e) => [e.id, snapshotFormat(e)]));
    let after = '00000000-0000-0000-0000-000000000000';
    let matches = 0;
    let snapshots = 0;
    while (!this.stopped) {
      const page = await this.snapshots.lacking(formats, after, PAGE);
      for (const m of page) {
        if (this.stopped) break;
        const stored = await this.backfill(m.id, this.engines.get(m.game) as AnyEngine, m.latest);
        if (stored > 0) matches++;
        snapshots += stored;
      }
      if (page.length < PAGE) break;
      after = (page[page.length - 1] as { id: string }).id;
    }
    return { matches, snapshots };
  }

  /** Folds one log from its latest snapshot in steps of SNAPSHOT_EVERY, storing a snapshot after each; answers how many. */
  private async backfill(id: string, engine: AnyEngine, latest: number): Promise<number> {
    const match = await this.access.find(id);
    if (!match) return 0;
    let from = latest;
    let at: Loaded | undefined;
    let stored = 0;
    try {
      while (!this.stopped && from + SNAPSHOT_EVERY <= match.version) {
        const upTo = from - (from % SNAPSHOT_EVERY) + SNAPSHOT_EVERY;
        ({ at } = await this.access.walk(engine, match, from, upTo, at)); // stores the snapshot at upTo
        from = upTo;
        stored++;
        await nextTurn(); // let requests in between steps
      }
    } catch (error) {
      if (this.stopped) return stored;
      this.logger.warn(`match ${id}: no snapshots stored past event ${from}: ${(error as Error).message}`);
    }
    return stored;
  }
}
