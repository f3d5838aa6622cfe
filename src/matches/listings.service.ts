import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import type { AnyEngine } from '../engine/core';
import { decodeCursor, page } from './list-cursor';
import type { MatchStatus } from './event-store.port';
import { LISTING_STORE, type ListingStore } from './listing-store.port';
import { playersOf } from './match-presenter';
import { MatchRepository } from './match-repository';
import { botDueOf, deadlineOf } from './projection';
import type { MatchListResponse, PlayerMatchesResponse } from './match.types';

/**
 * The lobby and "my matches": read-only projections of the logs (the status, seat holders and seats to move
 * that every append writes along with its event), served from indexes without replaying anything.
 */
@Injectable()
export class ListingsService {
  constructor(
    @Inject(LISTING_STORE) private readonly store: ListingStore,
    private readonly access: MatchRepository,
  ) {}

  /**
   * Rebuilds one match's projections from its log alone (the fold from creation, never the cache), should
   * they ever be lost or wrong. Answers the version they were rebuilt at.
   */
  async rebuild(engine: AnyEngine, id: string): Promise<number> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { match } = await this.access.loadRecord(engine, id);
      const events = (await this.access.events(match.id)).filter((e) => e.seq <= match.version);
      const state = this.access.fold(engine, match, this.access.initial(engine, match), events);
      if (state.version !== match.version)
        throw new ApiError(
          'REPLAY_FAILED',
          `The log of match ${match.id} ends at ${state.version}, not at its version ${match.version}.`,
        );
      const toMove = this.access.decider(engine).toMove(state);
      const projection = {
        status: state.status,
        toMove,
        deadlineAt: deadlineOf(state),
        botDueAt: botDueOf(state, toMove, match.updatedAt.getTime()),
      };
      if (await this.store.writeProjection(match.id, state.version, projection, state.seats)) return state.version;
    }
    throw new ApiError('VERSION_CONFLICT', 'The match kept moving while its projections were rebuilt; try again.');
  }

  async lobby(
    engine: AnyEngine,
    status: MatchStatus,
    cursor: string | undefined,
    limit: number,
  ): Promise<MatchListResponse> {
    const rows = await this.store.listMatches(engine.id, status, decodeCursor(cursor), limit + 1);
    const { rows: shown, nextCursor } = page(rows, limit, (r) => r.match);
    return {
      matches: shown.map(({ match, seats, toMove }) => ({
        id: match.id,
        game: match.game,
        status: match.status,
        version: match.version,
        players: playersOf(seats),
        openSeats: seats.flatMap((s, seat) => (s.open ? [seat] : [])),
        toMove: [...toMove],
        createdAt: match.createdAt.toISOString(),
        updatedAt: match.updatedAt.toISOString(),
      })),
      nextCursor,
    };
  }

  async playerMatches(
    playerId: string,
    filter: { status?: MatchStatus; toMove?: boolean },
    cursor: string | undefined,
    limit: number,
  ): Promise<PlayerMatchesResponse> {
    const rows = await this.store.playerMatches(playerId, filter, decodeCursor(cursor), limit + 1);
    const { rows: shown, nextCursor } = page(rows, limit, (r) => r);
    return {
      matches: shown.map(({ game, id, seat, version, status, toMove }) => ({
        game,
        id,
        seat,
        version,
        status,
        toMove,
      })),
      nextCursor,
    };
  }
}
