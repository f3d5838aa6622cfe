/**
 * The fan-out of one instance: for each match with open streams here, one channel that re-reads the log once
 * per hint (a notification or the periodic re-check) and hands the new events to each of its streams, rendered
 * once per kind of viewer. Streams behind the channel catch up on their own reads first.
 *
 * Memory: a channel holds the match's state at its version (a few KB: Qwirkle's full state is about 5 KB);
 * a stream holds its cursor, its viewer and its socket (measured per stream by `npm run bench`).
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AnyEngine } from '../engine/core';
import type { Step } from '../matches/match-repository';
import { MatchService } from '../matches/match.service';
import type { CachedState } from '../matches/state-cache';
import { LIVE_CONFIG, type LiveConfig } from './live-config';
import { Batch, MatchStream } from './match-stream';
import { MatchNotifier } from './notifier';

class Channel {
  readonly streams = new Set<MatchStream>();
  known: CachedState<unknown> | undefined;
  reading = false;
  dirty = false;
  unwatch: () => void = () => undefined;

  constructor(
    readonly engine: AnyEngine,
    readonly matchId: string,
    /** The last seq handed to the streams. */
    public version: number,
  ) {}
}

@Injectable()
export class LiveHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Live');
  private readonly channels = new Map<string, Channel>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly matches: MatchService,
    private readonly notifier: MatchNotifier,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
  ) {}

  onModuleInit(): void {
    // One timer for every stream, rather than one each.
    this.heartbeat = setInterval(() => {
      for (const channel of this.channels.values()) for (const s of channel.streams) s.sse.heartbeat();
    }, this.config.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream (clients resume elsewhere from their last id), before the server stops. */
  onModuleDestroy(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const channel of this.channels.values()) for (const s of channel.streams) s.sse.end();
  }

  get openStreams(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.streams.size;
    return n;
  }

  /**
   * Adds a stream to its match's channel. `current` is the match's version as read when the stream opened: a
   * new channel starts there, and a stream further behind catches up on its own reads, at its reader's pace.
   */
  join(stream: MatchStream, current: number): void {
    let channel = this.channels.get(stream.matchId);
    if (!channel) {
      const created = new Channel(stream.engine, stream.matchId, current);
      created.unwatch = this.notifier.watch(stream.matchId, (version) => {
        if (version > created.version) this.refresh(created);
      });
      this.channels.set(stream.matchId, (channel = created));
    }
    channel.streams.add(stream);
    stream.sse.whenClosed(() => this.leave(channel, stream));
    if (stream.cursor < channel.version) stream.catchUpTo(channel.version);
    // Anything appended before the watch began is found by one re-read now.
    this.refresh(channel);
  }

  private leave(channel: Channel, stream: MatchStream): void {
    channel.streams.delete(stream);
    if (channel.streams.size === 0 && this.channels.get(channel.matchId) === channel) {
      channel.unwatch();
      this.channels.delete(channel.matchId);
    }
  }

  private refresh(channel: Channel): void {
    channel.dirty = true;
    if (channel.reading) return;
    channel.reading = true;
    void this.read(channel).finally(() => {
      channel.reading = false;
    });
  }

  private async read(channel: Channel): Promise<void> {
    while (channel.dirty && channel.streams.size > 0) {
      channel.dirty = false;
      try {
        for (;;) {
          const got = await this.matches.stepsAfter(
            channel.engine,
            channel.matchId,
            channel.version,
            this.config.pageSize,
            channel.known,
          );
          if (!got || got.steps.length === 0) break;
          const batch = new Batch(this.matches, channel.engine, got.steps, got.now);
          for (const s of channel.streams) s.deliver(batch);
          const last = got.steps[got.steps.length - 1] as Step;
          channel.version = last.event.seq;
          channel.known = last.after;
          if (channel.version >= got.now.version) break;
        }
      } catch (error) {
        // The next hint (at the latest the periodic re-check) tries again.
        this.logger.warn(`match ${channel.matchId}: stream read failed: ${(error as Error).message}`);
      }
    }
  }
}
