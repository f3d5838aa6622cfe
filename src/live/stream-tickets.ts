/**
 * Stream tickets (docs/api.md "Waiting for your turn"): a browser's EventSource cannot set headers, so without a
 * ticket its stream's URL carries the seat token or player key itself, and URLs end up in access logs, proxy
 * logs and browser history (issue 25, L6). `POST /stream-tickets` (token as Bearer) answers a ticket that a
 * stream takes as `?ticket=`: single use, good for 60 s, and it opens the stream as the token would have.
 *
 * Kept in the database, not in this instance's memory: behind a load balancer the ticket is often redeemed on
 * another instance than the one that issued it, and "single use" holds only if one place decides it (the
 * redeeming DELETE … RETURNING). A signed stateless ticket was rejected for the same reason (it could be used
 * twice) and because it needs a secret shared by every instance. Rows hold hashes only, as seats and players
 * do; expired ones are swept by the issuing instance at most once a minute.
 */
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { CLOCK, type Clock } from '../common/clock';
import type { Credential } from '../matches/event-store.port';
import { MatchAuthorizer } from '../matches/match-authorizer';
import { hashToken } from '../matches/tokens';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';
import { LiveLimits } from './limits';

export const TICKET_TTL_MS = 60_000;
export const TICKET_PATTERN = /^tbt_[A-Za-z0-9_-]{43}$/;

export interface Redeemed {
  readonly credential: Credential;
  /** The hash of the token or key the ticket was issued for: the per-token live limit counts it. */
  readonly credentialHash: string;
}

@Injectable()
export class StreamTickets {
  private sweptAt = 0;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly access: MatchAuthorizer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A ticket for the seat token or player key `token`; 401 without one, or for one the server does not know. */
  async issue(token: string | undefined): Promise<{ ticket: string; expiresAt: string }> {
    if (token === undefined)
      throw new ApiError(
        'UNAUTHENTICATED',
        'A ticket is issued for a seat token or a player key: Authorization: Bearer <token>.',
      );
    const credential = await this.access.credentialOf(token); // an unknown player key is 401 here
    if (credential && 'tokenHash' in credential && !(await this.access.tokenExists(credential.tokenHash))) {
      throw new ApiError('UNAUTHENTICATED', 'Unknown seat token.');
    }
    const playerId = credential && 'playerId' in credential ? credential.playerId : null;
    const now = this.clock.now().getTime();
    await this.sweep(now);
    const ticket = `tbt_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(now + TICKET_TTL_MS);
    await this.db.prisma.$executeRaw`
      INSERT INTO "StreamTicket" ("hash", "credentialHash", "playerId", "expiresAt")
      VALUES (${hashToken(ticket)}, ${hashToken(token)}, ${playerId}::uuid, ${expiresAt})`;
    return { ticket, expiresAt: expiresAt.toISOString() };
  }

  /** Uses the ticket up (whatever happens next) and answers whom it stands for; 401 if used, unknown or expired. */
  async redeem(ticket: string): Promise<Redeemed> {
    const rows = await this.db.prisma.$queryRaw<
      { credentialHash: string; playerId: string | null; expiresAt: Date | string }[]
    >`
      DELETE FROM "StreamTicket" WHERE "hash" = ${hashToken(ticket)}
      RETURNING "credentialHash", "playerId"::text AS "playerId", "expiresAt"`;
    const row = rows[0];
    if (!row) {
      throw new ApiError(
        'UNAUTHENTICATED',
        'Unknown stream ticket: it was used already (a ticket opens one stream) or never issued. POST /stream-tickets for another.',
        'ticket/unknown',
      );
    }
    if (new Date(row.expiresAt).getTime() <= this.clock.now().getTime()) {
      throw new ApiError(
        'UNAUTHENTICATED',
        'This stream ticket expired (a ticket is good for 60 s). POST /stream-tickets for another.',
        'ticket/expired',
      );
    }
    return {
      credential: row.playerId === null ? { tokenHash: row.credentialHash } : { playerId: row.playerId },
      credentialHash: row.credentialHash,
    };
  }

  /** Deletes tickets expired a minute ago or more (the ones expired since still say so when used). */
  private async sweep(now: number): Promise<void> {
    if (now - this.sweptAt < TICKET_TTL_MS) return;
    this.sweptAt = now;
    await this.db.prisma.$executeRaw`DELETE FROM "StreamTicket" WHERE "expiresAt" < ${new Date(now - TICKET_TTL_MS)}`;
  }
}

/** Whom a stream shows, from a ticket, the Bearer token or ?token= (at most one of them). */
export async function streamCredential(
  tickets: StreamTickets,
  bearer: string | undefined,
  query: { token?: string; ticket?: string },
  address: string,
): Promise<{ token: string | undefined; ticket?: Redeemed; limitKey: string }> {
  const token = bearer ?? query.token;
  if (query.ticket === undefined) return { token, limitKey: LiveLimits.keyOf(token, address) };
  if (token !== undefined)
    throw new ApiError('VALIDATION_FAILED', 'Send a ticket or a token, not both.', 'ticket/with-token');
  const ticket = await tickets.redeem(query.ticket);
  return { token: undefined, ticket, limitKey: LiveLimits.keyOfHash(ticket.credentialHash, address) };
}
