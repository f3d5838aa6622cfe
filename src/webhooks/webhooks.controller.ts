import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { SeatToken } from '../common/seat-token.decorator';
import { ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { ref, respond } from '../common/openapi';
import { WEBHOOK_STORE, type WebhookStore } from './webhook-store.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** The delivery history of a match's webhooks, for its creator: the one who holds the webhook secret. */
@ApiTags('webhooks')
@Controller('games/:game/matches/:id/webhook-deliveries')
export class WebhooksController {
  constructor(
    @Inject(WEBHOOK_STORE) private readonly store: WebhookStore,
    @Inject(ENGINES) private readonly engines: ReadonlyMap<string, AnyEngine>,
  ) {}

  @Get()
  @ApiBearerAuth()
  @ApiOperation({
    summary: "The match's webhook deliveries and their attempts",
    description: "Authorization: Bearer <the webhookSecret from the match's creation>.",
  })
  @respond(
    [
      {
        status: 200,
        description: 'The deliveries in event order, each with its attempts.',
        schema: ref('WebhookDeliveries'),
      },
    ],
    { errors: [401, 404] },
  )
  async deliveries(
    @Param('game') game: string,
    @Param('id') id: string,
    @SeatToken() token: string | undefined,
  ): Promise<unknown> {
    if (!this.engines.has(game)) throw new ApiError('NOT_FOUND', `No game ${game.slice(0, 40)}.`);
    if (!UUID.test(id)) throw new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
    const secrets = await this.store.secretsOf(id.toLowerCase());
    if (secrets === null) throw new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
    if (token === undefined || !secrets.some((s) => timingSafeEqual(digest(s), digest(token)))) {
      throw new ApiError(
        'UNAUTHENTICATED',
        "The delivery history needs the match's webhook secret: Authorization: Bearer whsec_….",
      );
    }
    const history = await this.store.history(id.toLowerCase());
    return {
      deliveries: history.map((d) => ({
        id: d.messageId,
        url: d.url,
        seq: d.seq,
        type: d.type,
        status: d.status,
        createdAt: d.createdAt.toISOString(),
        nextAttemptAt: d.nextAttemptAt.toISOString(),
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
        attempts: d.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
      })),
    };
  }
}
