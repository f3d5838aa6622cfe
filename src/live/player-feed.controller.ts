import { Controller, Get, Headers, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';
import { ref, respond } from '../common/openapi';
import { PlayerDirectory } from '../players/player-directory';
import { isPlayerKey } from '../players/player-key';
import { parseCursor } from './player-feed.port';
import { PlayerFeeds } from './player-feeds';
import { StreamTickets, TICKET_PATTERN, streamCredential } from './stream-tickets';

export class PlayerEventsQueryDto {
  @ApiPropertyOptional({
    description: "The player key, for clients that cannot send headers (a browser's EventSource).",
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_\-.~+/=]{1,200}$/, { message: 'token must be a player key' })
  token?: string;

  @ApiPropertyOptional({
    description:
      'A stream ticket (POST /stream-tickets with the player key): once, within 60 s; keeps the key out of the URL.',
  })
  @IsOptional()
  @Matches(TICKET_PATTERN, { message: 'ticket must be a stream ticket (tbt_…)' })
  ticket?: string;
}

@ApiTags('players')
@Controller('players')
export class PlayerFeedController {
  constructor(
    private readonly directory: PlayerDirectory,
    private readonly feeds: PlayerFeeds,
    private readonly tickets: StreamTickets,
  ) {}

  @Get('me/events')
  @LimitedAs('stream')
  @ApiBearerAuth()
  @ApiOperation({
    summary: "The player's feed: its turns and finished matches, across all its seats",
    description:
      "`event: turn` `{ game, matchId, seat, version, deadlineAt }` whenever one of the player's seats is to move (for the " +
      "match's latest version), `event: finished` `{ game, matchId, seat, outcome }` when one of its matches ends, `event: matched` `{ game, matchId, seat, seekId }` when one of its seeks is matched (its `id:` repeats the cursor). Each `id:` is the " +
      "feed's own cursor: resume after it with Last-Event-ID. Without one, the feed starts with the turns open now.",
  })
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: 'The last id received: the feed resumes after it.',
  })
  @ApiOkResponse({
    description: 'An endless text/event-stream.',
    content: {
      'text/event-stream': {
        schema: {
          type: 'array',
          description:
            'The stream, as a sequence of events (each written as id:, event:, data: lines and a blank line), one of the kinds below by `event`.',
          items: ref('PlayerFeedEvent'),
        },
      },
    },
  })
  @respond([], { errors: [401] })
  async events(
    @SeatToken() bearer: string | undefined,
    @Query() query: PlayerEventsQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { token: key, ticket, limitKey } = await streamCredential(this.tickets, bearer, query, req.ip);
    let playerId: string;
    if (ticket) {
      if (!('playerId' in ticket.credential))
        throw new ApiError(
          'UNAUTHENTICATED',
          'This needs a player key: this ticket was issued for a seat token.',
          'ticket/not-a-player',
        );
      playerId = ticket.credential.playerId;
    } else {
      if (key === undefined || !isPlayerKey(key))
        throw new ApiError('UNAUTHENTICATED', 'This needs a player key: Authorization: Bearer tbp_….');
      const player = await this.directory.identify(key);
      if (!player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
      playerId = player.id;
    }
    let cursor = null;
    if (lastEventId !== undefined && lastEventId.trim() !== '') {
      cursor = parseCursor(lastEventId);
      if (!cursor)
        throw new ApiError('VALIDATION_FAILED', 'Last-Event-ID must be an id of this feed.', 'live/last-event-id');
    }
    this.feeds.open(playerId, cursor, limitKey, reply);
  }
}
