import { Inject, Injectable } from '@nestjs/common';
import type { AnyEngine } from '../engine/core';
import { decodeCursor, page } from './cursor';
import { EVENT_STORE, type EventStore, type MatchStatus } from './event-store.port';
import { playersOf } from './match-access';
import type { MatchListResponse, PlayerMatchesResponse } from './match.types';

/**
 * The lobby and "my matches": read-only projections of the logs (the status, seat holders and seats to move
 * that every append writes along with its event), served from indexes without replaying anything.
 */
@Injectable()
export class ListingsService {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async lobby(engine: AnyEngine, status: MatchStatus, cursor: string | undefined, limit: number): Promise<MatchListResponse> {
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

  async playerMatches(playerId: string, filter: { status?: MatchStatus; toMove?: boolean }, cursor: string | undefined, limit: number): Promise<PlayerMatchesResponse> {
    const rows = await this.store.playerMatches(playerId, filter, decodeCursor(cursor), limit + 1);
    const { rows: shown, nextCursor } = page(rows, limit, (r) => r);
    return { matches: shown.map(({ game, id, seat, version, status, toMove }) => ({ game, id, seat, version, status, toMove })), nextCursor };
  }
}
