import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import type { AppConfig } from '../common/config';
import { APP_CONFIG, ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { clockSettings, fromEngineError } from '../matches/match.service';
import { PlayerDirectory } from '../players/player-directory';
import { isPlayerKey } from '../players/player-key';
import type { PlayerRecord } from '../players/player-store.port';
import { displayed } from '../ratings/rating-model';
import { RATINGS_STORE, type RatingsStore } from '../ratings/ratings-store.port';
import type { CreateSeekDto } from './dto';
import { SEEK_STORE, type SeekRecord, type SeekStore } from './seek-store.port';
import { seekSeatToken, seekSeatTokenHash } from './seek-token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often a long-polling read looks at its seek again (the matcher pairs at most once per SEEK_SWEEP_MS). */
const WAIT_POLL_MS = 250;
export const MAX_WAIT_SECONDS = 60;

export interface SeekResponse {
  id: string;
  game: string;
  status: SeekRecord['status'];
  seats: number;
  rating: number;
  ratingRange: number;
  botAfterSeconds: number | null;
  createdAt: string;
  expiresAt: string;
  match: { game: string; id: string; seat: number; token: string } | null;
}

/** Posts, reads (with a long-poll) and cancels seeks; the seek matcher does the pairing. */
@Injectable()
export class SeeksService {
  constructor(
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
    @Inject(SEEK_STORE) private readonly store: SeekStore,
    @Inject(RATINGS_STORE) private readonly ratings: RatingsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly players: PlayerDirectory,
  ) {}

  async create(game: string, input: CreateSeekDto, token: string | undefined): Promise<SeekResponse> {
    const { player, key } = await this.caller(token);
    const engine = this.engines.get(game);
    if (!engine) throw new ApiError('NOT_FOUND', `No game ${JSON.stringify(game.slice(0, 40))}; see GET /games.`);
    const seats = input.seats ?? engine.seats.min;
    if (seats < engine.seats.min || seats > engine.seats.max) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `seats: ${engine.id} takes ${engine.seats.min} to ${engine.seats.max} seats.`,
        'seek/seats',
      );
    }
    const options = engine.parseOptions(input.options ?? {}, seats);
    if (!options.ok) throw fromEngineError(options.error);
    const clock = clockSettings({ timeControl: input.timeControl, onTimeout: input.onTimeout });
    const ttl = this.config.seekTtlSeconds;
    if (input.botAfterSeconds != null && input.botAfterSeconds > ttl) {
      throw new ApiError(
        'VALIDATION_FAILED',
        `botAfterSeconds: at most ${ttl}, the seek's lifetime (SEEK_TTL_SECONDS); a seek waiting longer has expired.`,
        'seek/bot-after-ttl',
      );
    }
    const [rated] = await this.ratings.ratings(engine.id, [`player:${player.id}`]);
    const now = this.clock.now();
    const id = randomUUID();
    const created = await this.store.create(
      {
        id,
        game: engine.id,
        playerId: player.id,
        name: player.name,
        pool: canonical({ seats, clock, options: options.value }),
        options: options.value,
        clock,
        seats,
        ratingRange: input.ratingRange ?? 5,
        botAfterSeconds: input.botAfterSeconds ?? null,
        rating: rated ? displayed(rated) : 0,
        tokenHash: seekSeatTokenHash(key, id),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttl * 1000),
      },
      this.config.seeksPerPlayer,
    );
    if (!created) {
      const limit = this.config.seeksPerPlayer;
      throw new ApiError(
        'TOO_MANY_SEEKS',
        `A player holds at most ${limit} waiting seeks (SEEKS_PER_PLAYER): cancel one, or wait until one is matched or expires.`,
        'seek/too-many',
      );
    }
    return this.respond(await this.mustFind(id), key);
  }

  /** The seek, for its player only; with `waitSeconds`, held until it is no longer waiting (or the wait ends, or `signal` aborts). */
  async get(id: string, token: string | undefined, waitSeconds: number, signal?: AbortSignal): Promise<SeekResponse> {
    const { player, key } = await this.caller(token);
    let seek = await this.own(id, player);
    const until = Date.now() + Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000;
    while (seek.status === 'waiting' && Date.now() < until && !signal?.aborted) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_POLL_MS, until - Date.now())));
      seek = await this.mustFind(seek.id);
    }
    return this.respond(seek, key);
  }

  async cancel(id: string, token: string | undefined): Promise<SeekResponse> {
    const { player, key } = await this.caller(token);
    const seek = await this.own(id, player);
    const after = (await this.store.cancel(seek.id, this.clock.now())) ?? seek;
    if (after.status === 'matched')
      throw new ApiError(
        'ALREADY_MATCHED',
        'The seek is matched already: play the match, or resign it.',
        'seek/already-matched',
      );
    return this.respond(after, key);
  }

  private async caller(key: string | undefined): Promise<{ player: PlayerRecord; key: string }> {
    if (key === undefined || !isPlayerKey(key))
      throw new ApiError('UNAUTHENTICATED', 'A seek needs a player key: Authorization: Bearer tbp_….');
    const player = await this.players.identify(key);
    if (!player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
    return { player, key };
  }

  private async own(id: string, player: PlayerRecord): Promise<SeekRecord> {
    const seek = UUID.test(id) ? await this.store.find(id.toLowerCase()) : null;
    if (!seek) throw new ApiError('NOT_FOUND', `No seek ${id.slice(0, 64)}.`, 'seek/not-found');
    if (seek.playerId !== player.id)
      throw new ApiError('FORBIDDEN', "This seek is another player's.", 'seek/not-yours');
    return seek;
  }

  private async mustFind(id: string): Promise<SeekRecord> {
    const seek = await this.store.find(id);
    if (!seek) throw new ApiError('NOT_FOUND', `No seek ${id}.`, 'seek/not-found');
    return seek;
  }

  private respond(s: SeekRecord, key: string): SeekResponse {
    return {
      id: s.id,
      game: s.game,
      status: s.status,
      seats: s.seats,
      rating: s.rating,
      ratingRange: s.ratingRange,
      botAfterSeconds: s.botAfterSeconds,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      match:
        s.status === 'matched' && s.matchId !== null && s.seat !== null
          ? { game: s.game, id: s.matchId, seat: s.seat, token: seekSeatToken(key, s.id) }
          : null,
    };
  }
}

/** JSON with object keys sorted: the same settings always give the same pool. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
