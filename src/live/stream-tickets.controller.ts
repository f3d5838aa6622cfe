import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';
import { respond } from '../common/openapi';
import { StreamTickets, TICKET_PATTERN } from './stream-tickets';

@ApiTags('streams')
@Controller('stream-tickets')
export class StreamTicketsController {
  constructor(private readonly tickets: StreamTickets) {}

  @Post()
  @HttpCode(201)
  @LimitedAs('stream') // a ticket is a stream opening to come: it spends the same per-address budget
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'A single-use ticket for a stream, so that its URL carries no secret',
    description:
      'With a seat token or player key as Authorization: Bearer. A stream (GET …/matches/{id}/events, GET /players/me/events) ' +
      'takes the ticket as ?ticket= instead of ?token=, and shows what the token would have shown. A ticket opens one stream, ' +
      'within 60 s; a used, unknown or expired one is 401 UNAUTHENTICATED (reason ticket/unknown or ticket/expired).',
  })
  @respond(
    [
      {
        status: 201,
        description: 'The ticket.',
        schema: {
          type: 'object',
          additionalProperties: false,
          required: ['ticket', 'expiresAt'],
          properties: {
            ticket: {
              type: 'string',
              pattern: TICKET_PATTERN.source,
              description: 'Single use: pass as ?ticket= to one stream.',
            },
            expiresAt: {
              type: 'string',
              format: 'date-time',
              description: 'Unused after this, it opens nothing (60 s after issue).',
            },
          },
        },
      },
    ],
    { errors: [401] },
  )
  issue(@SeatToken() token: string | undefined): Promise<{ ticket: string; expiresAt: string }> {
    return this.tickets.issue(token);
  }
}
