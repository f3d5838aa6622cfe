/**
 * `GET /players/me/events`: one stream for every seat a player holds. `event: turn` whenever one of its seats
 * is to move (`{ game, matchId, seat, version, deadlineAt }`), `event: finished` when one of its matches ends
 * (`{ game, matchId, seat, outcome }`). The `id:` of each is the feed's own cursor: the commit position of the
 * event that caused it (PlayerFeedStore), so a client that resumes from it misses nothing and repeats nothing.
 *
 * Only the match as it is now counts: of several events of one match read together, the last decides, and a
 * turn is sent only for the match's latest version (a bot never gets a turn it could only answer with a 409).
 * Without a cursor the feed starts with the turns open now.
 *
 * A match's first turn is in the same order as every other (the store's version-0 position: see
 * MatchReadModel.playerEvents), whatever made the match. The feed hears of a match made for it, or a seat it
 * joined, from a seat hint (MatchNotifier.seated, from every instance), and from its re-check every
 * `recheckMs` if a hint is lost.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AnyEngine } from '../engine/core';
import { hijackStream } from '../common/logging';
import { ENGINES } from '../common/tokens';
import { MatchService } from '../matches/match.service';
import { LiveLimits } from './limits';
import { LIVE_CONFIG, type LiveConfig } from './live-config';
import { MatchNotifier } from './notifier';
import {
  type FeedCursor,
  type FeedRow,
  PLAYER_FEED_STORE,
  type PlayerFeedStore,
  formatCursor,
} from './player-feed.port';
import { SseResponse, sseFrame } from './sse';

const PAGE = 200;
/** A new connection also hears of seeks matched this long before it opened (a client reconnecting after a drop). */
const SEEK_LOOKBACK_MS = 60_000;
/** A hinted event not yet readable (a transaction begun before it still runs): retry soon, then less often. */
const RETRY_MS = [20, 50, 100, 250, 500, 1000];

class PlayerFeed {
  cursor: FeedCursor | null;
  readonly watching = new Map<string, () => void>();
  /** Events hinted but not yet read, by match: the highest seq. */
  readonly hinted = new Map<string, number>();
  /** Seeks whose `matched` event this connection sent; matched ones are looked for from a minute before it opened. */
  readonly seeksSent = new Set<string>();
  readonly seeksSince = new Date(Date.now() - SEEK_LOOKBACK_MS);
  reading = false;
  dirty = false;
  retry = 0;
  timer: NodeJS.Timeout | null = null;
  unwatchSeats: () => void = () => undefined;
  /** Matches named by a seat hint since the last read of the player's matches began. */
  readonly seated = new Set<string>();

  constructor(
    readonly playerId: string,
    cursor: FeedCursor | null,
    readonly sse: SseResponse,
  ) {
    this.cursor = cursor;
  }
}

@Injectable()
export class PlayerFeeds implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Live');
  private readonly feeds = new Set<PlayerFeed>();
  private tick: NodeJS.Timeout | null = null;

  constructor(
    @Inject(PLAYER_FEED_STORE) private readonly store: PlayerFeedStore,
    private readonly matches: MatchService,
    private readonly notifier: MatchNotifier,
    private readonly limits: LiveLimits,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
  ) {}

  onModuleInit(): void {
    // Matches a player joined since: found on the next tick. And a lost notification: covered by the same read.
    this.tick = setInterval(() => {
      for (const feed of this.feeds) {
        void this.watchMatches(feed);
        void this.sendMatchedSeeks(feed);
        this.poke(feed);
      }
    }, this.config.recheckMs);
    this.tick.unref();
  }

  onModuleDestroy(): void {
    if (this.tick) clearInterval(this.tick);
    for (const feed of [...this.feeds]) feed.sse.end();
  }

  open(playerId: string, cursor: FeedCursor | null, limitKey: string, reply: FastifyReply): void {
    const release = this.limits.acquire(limitKey, 'feed');
    hijackStream(reply);
    const sse = new SseResponse(reply.raw, this.config.maxBufferedBytes, reply.getHeaders());
    const feed = new PlayerFeed(playerId, cursor, sse);
    this.feeds.add(feed);
    sse.whenClosed(() => {
      release();
      this.feeds.delete(feed);
      if (feed.timer) clearTimeout(feed.timer);
      feed.unwatchSeats();
      for (const unwatch of feed.watching.values()) unwatch();
    });
    // A match made for the player, or a seat it joined (on any instance): watch it, and read until its row is seen.
    feed.unwatchSeats = this.notifier.watchSeats(playerId, (matchId, seq) => {
      this.watch(feed, matchId);
      feed.seated.add(matchId);
      feed.hinted.set(matchId, Math.max(seq, feed.hinted.get(matchId) ?? 0));
      this.poke(feed);
      if (seq === 0) void this.sendMatchedSeeks(feed); // a new match: perhaps a seek's
    });
    void this.watchMatches(feed).then(() => this.poke(feed));
    void this.sendMatchedSeeks(feed);
  }

  /**
   * `event: matched` for each of the player's seeks matched since the connection opened (and a minute before),
   * once per connection: `{ game, matchId, seat, seekId }`. Seeks are not in the feed's commit order: the `id:`
   * repeats the feed's cursor (none before the first event), and a client that reconnects after more than a
   * minute reads its seek with GET /seeks/{id}.
   */
  private async sendMatchedSeeks(feed: PlayerFeed): Promise<void> {
    try {
      for (const s of await this.store.matchedSeeks(feed.playerId, feed.seeksSince)) {
        if (feed.sse.closed || feed.seeksSent.has(s.id)) continue;
        feed.seeksSent.add(s.id);
        const data = { game: s.game, matchId: s.matchId, seat: s.seat, seekId: s.id };
        // The feed's position does not move: the id repeats the cursor (a resume from it misses nothing), or is absent before any.
        feed.sse.write(
          feed.cursor === null
            ? `event: matched\ndata: ${JSON.stringify(data)}\n\n`
            : sseFrame(formatCursor(feed.cursor), 'matched', data),
        );
      }
    } catch (error) {
      this.logger.warn(`player feed: seeks not read: ${(error as Error).message}`);
    }
  }

  get openFeeds(): number {
    return this.feeds.size;
  }

  private async watchMatches(feed: PlayerFeed): Promise<void> {
    try {
      feed.seated.clear();
      const ids = new Set(await this.store.matchesOf(feed.playerId));
      if (feed.sse.closed) return;
      for (const id of ids) this.watch(feed, id);
      for (const [id, unwatch] of feed.watching) {
        // A match a seat hint named during this read may have been made after it: kept until the next one.
        if (!ids.has(id) && !feed.seated.has(id)) {
          unwatch();
          feed.watching.delete(id);
        }
      }
    } catch (error) {
      this.logger.warn(`player feed: matches not read: ${(error as Error).message}`);
    }
  }

  private watch(feed: PlayerFeed, id: string): void {
    if (feed.watching.has(id) || feed.sse.closed) return;
    feed.watching.set(
      id,
      this.notifier.watch(id, (seq) => {
        feed.hinted.set(id, Math.max(seq, feed.hinted.get(id) ?? 0));
        this.poke(feed);
      }),
    );
  }

  private poke(feed: PlayerFeed): void {
    feed.dirty = true;
    if (feed.reading || feed.sse.closed) return;
    feed.reading = true;
    void this.read(feed).finally(() => {
      feed.reading = false;
    });
  }

  private async read(feed: PlayerFeed): Promise<void> {
    while (feed.dirty && !feed.sse.closed) {
      feed.dirty = false;
      try {
        for (;;) {
          const rows = await this.store.after(feed.playerId, feed.cursor, PAGE);
          await this.send(feed, rows);
          if (rows.length < PAGE) break;
        }
      } catch (error) {
        this.logger.warn(`player feed: read failed: ${(error as Error).message}`);
      }
    }
    // A hinted event a running transaction still hides: read again shortly.
    if (feed.hinted.size > 0 && !feed.sse.closed && !feed.timer) {
      const delay = RETRY_MS[Math.min(feed.retry++, RETRY_MS.length - 1)] as number;
      feed.timer = setTimeout(() => {
        feed.timer = null;
        this.poke(feed);
      }, delay);
    } else if (feed.hinted.size === 0) feed.retry = 0;
    // A hint whose row never comes (its match ended before a feed without a cursor read it): the re-check covers the rest.
    if (feed.retry > RETRY_MS.length + 30) {
      feed.hinted.clear();
      feed.retry = 0;
    }
  }

  private async send(feed: PlayerFeed, rows: readonly FeedRow[]): Promise<void> {
    const lastOfMatch = new Map<string, number>();
    rows.forEach((row, i) => lastOfMatch.set(row.matchId, i));
    const initial = feed.cursor === null;
    for (const [i, row] of rows.entries()) {
      if ((feed.hinted.get(row.matchId) ?? Infinity) <= row.seq) feed.hinted.delete(row.matchId);
      const latest = lastOfMatch.get(row.matchId) === i && row.seq === row.version;
      let frame: string | null = null;
      if (latest && row.status === 'active' && row.toMove) {
        frame = sseFrame(formatCursor(row), 'turn', {
          game: row.game,
          matchId: row.matchId,
          seat: row.seat,
          version: row.version,
          deadlineAt: row.deadlineAt?.toISOString() ?? null,
        });
      } else if (latest && row.status === 'finished' && !initial) {
        const engine = this.engines.get(row.game);
        const match = engine ? await this.matches.get(engine, row.matchId, undefined) : null;
        frame = sseFrame(formatCursor(row), 'finished', {
          game: row.game,
          matchId: row.matchId,
          seat: row.seat,
          outcome: match?.outcome ?? null,
        });
      }
      if (frame !== null && !feed.sse.write(frame)) return;
      feed.cursor = row;
    }
  }
}
