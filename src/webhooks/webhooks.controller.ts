import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/api-error';
import { SeatToken } from '../common/seat-token.decorator';
import { ENGINES } from '../common/tokens';
import type { AnyEngine } from '../engine/core';
import { errorSchemaRef } from '../games/openapi';
import { WEBHOOK_STORE, type WebhookStore } from './webhook-store.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

export const webhookDeliveriesSchema = {
  type: 'object',
  required: ['deliveries'],
  properties: {
    deliveries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'url', 'seq', 'type', 'status', 'attempts', 'createdAt', 'nextAttemptAt', 'deliveredAt'],
        properties: {
          id: { type: 'string', description: 'The webhook-id header: the same on every attempt.' },
          url: { type: 'string' },
          seq: { type: 'integer', description: 'The event\'s seq (0: the match started at its creation).' },
          type: { type: 'string', enum: ['match.started', 'turn.started', 'match.finished'] },
          status: { type: 'string', enum: ['pending', 'delivered', 'failed', 'disabled'], description: 'failed: given up after the retry window; disabled: the endpoint answered 410.' },
          createdAt: { type: 'string', format: 'date-time' },
          nextAttemptAt: { type: 'string', format: 'date-time' },
          deliveredAt: { type: 'string', format: 'date-time', nullable: true },
          attempts: {
            type: 'array',
            items: {
              type: 'object',
              required: ['n', 'at', 'statusCode', 'error', 'durationMs'],
              properties: {
                n: { type: 'integer' }, at: { type: 'string', format: 'date-time' },
                statusCode: { type: 'integer', nullable: true, description: 'Null when there was no answer.' },
                error: { type: 'string', nullable: true }, durationMs: { type: 'integer' },
              },
            },
          },
        },
      },
    },
  },
};

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
  @ApiOperation({ summary: 'The match\'s webhook deliveries and their attempts', description: 'Authorization: Bearer <the webhookSecret from the match\'s creation>.' })
  @ApiOkResponse({ schema: webhookDeliveriesSchema })
  @ApiUnauthorizedResponse({ schema: errorSchemaRef })
  @ApiNotFoundResponse({ schema: errorSchemaRef })
  async deliveries(@Param('game') game: string, @Param('id') id: string, @SeatToken() token: string | undefined): Promise<unknown> {
    if (!this.engines.has(game)) throw new ApiError('NOT_FOUND', `No game ${game.slice(0, 40)}.`);
    if (!UUID.test(id)) throw new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
    const secrets = await this.store.secretsOf(id.toLowerCase());
    if (secrets === null) throw new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
    if (token === undefined || !secrets.some((s) => timingSafeEqual(digest(s), digest(token)))) {
      throw new ApiError('UNAUTHENTICATED', 'The delivery history needs the match\'s webhook secret: Authorization: Bearer whsec_….');
    }
    const history = await this.store.history(id.toLowerCase());
    return {
      deliveries: history.map((d) => ({
        id: d.messageId, url: d.url, seq: d.seq, type: d.type, status: d.status,
        createdAt: d.createdAt.toISOString(), nextAttemptAt: d.nextAttemptAt.toISOString(), deliveredAt: d.deliveredAt?.toISOString() ?? null,
        attempts: d.attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
      })),
    };
  }
}
