import { Inject, Injectable } from '@nestjs/common';
import type { AnyEngine, Seat, Viewer } from '../engine/core';
import { ApiError } from '../common/api-error';
import { isPlayerKey } from '../players/player-key';
import { PlayerDirectory } from '../players/player-directory';
import { type Credential, EVENT_STORE, type EventStore, type MatchRecord } from './event-store.port';
import { MatchRepository, assertMatchId } from './match-repository';
import { LruMap } from './state-cache';
import { hashToken } from './tokens';

export interface Authorized {
  match: MatchRecord;
  viewer: Viewer;
  /** Absent for a spectator. */
  credential?: Credential;
}

/**
 * Who the caller is: the credential a bearer token stands for (resolved once per request), and the seat it
 * opens in a match (read with the match, in one round trip). Remembers the seats it saw opened, as a hint for
 * the move path's one round trip: every append re-checks it.
 */
@Injectable()
export class MatchAuthorizer {
  /** Seats opened before, by credential and match. Only a hint: every write re-checks it in its append. */
  private readonly seatsByCredential = new LruMap<Seat>(20000);

  constructor(
    private readonly repository: MatchRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly players: PlayerDirectory,
  ) {}

  /** The credential a bearer token stands for: a player key is 401 if unknown; a seat token is checked per match. */
  async credentialOf(token: string | undefined): Promise<Credential | undefined> {
    if (token === undefined) return undefined;
    if (!isPlayerKey(token)) return { tokenHash: hashToken(token) };
    const player = await this.players.identify(token);
    if (!player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
    return { playerId: player.id };
  }

  /** Whether a seat token opens a seat in any match (to tell 403 from 401). */
  tokenExists(tokenHash: string): Promise<boolean> {
    return this.store.tokenExists(tokenHash);
  }

  /** A seat this instance has seen the credential open, without asking the store. */
  knownSeat(credential: Credential, matchId: string): Seat | undefined {
    return this.seatsByCredential.get(credentialKey(credential, matchId));
  }

  /** Records that `credential` opens `seat` (a hint only: every append checks it again). */
  knowSeat(credential: Credential, matchId: string, seat: Seat): void {
    this.seatsByCredential.set(credentialKey(credential, matchId), seat);
  }

  forgetSeat(credential: Credential, matchId: string): void {
    this.seatsByCredential.delete(credentialKey(credential, matchId));
  }

  async authorize(
    engine: AnyEngine,
    id: string,
    token: string | undefined,
    seatRequired: boolean,
  ): Promise<Authorized> {
    assertMatchId(id);
    return this.authorizeAs(engine, id, await this.credentialOf(token), seatRequired);
  }

  /** As `authorize`, for a credential already resolved (earlier in the request, or a stream ticket's). */
  async authorizeAs(
    engine: AnyEngine,
    id: string,
    credential: Credential | undefined,
    seatRequired: boolean,
  ): Promise<Authorized> {
    const found = await this.repository.loadRecord(engine, id, credential);
    if (credential === undefined) {
      if (seatRequired)
        throw new ApiError(
          'UNAUTHENTICATED',
          'This needs a seat token or a player key: Authorization: Bearer <token>.',
        );
      return { match: found.match, viewer: 'spectator' };
    }
    if (found.seat === null) {
      if ('playerId' in credential) throw new ApiError('FORBIDDEN', 'This player holds no seat in this match.');
      if (await this.store.tokenExists(credential.tokenHash))
        throw new ApiError('FORBIDDEN', 'This seat token belongs to another match.');
      throw new ApiError('UNAUTHENTICATED', 'Unknown seat token.');
    }
    this.seatsByCredential.set(credentialKey(credential, found.match.id), found.seat);
    return { match: found.match, viewer: found.seat, credential };
  }
}

const credentialKey = (c: Credential, matchId: string): string =>
  'tokenHash' in c ? `t:${c.tokenHash}:${matchId}` : `p:${c.playerId}:${matchId}`;
