import { Controller, Get, Headers, Param, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type as ToType } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { MAX_VERSION } from '../common/paging';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';
import type { AnyEngine } from '../engine/core';
import { ref, respond } from '../common/openapi';
import { EVENT_TYPES } from '../matches/event-types';
import { MatchService } from '../matches/match.service';
import { LiveStreams } from './live-streams';
import { type Redeemed, StreamTickets, TICKET_PATTERN, streamCredential } from './stream-tickets';

export class EventsQueryDto {
  @ApiPropertyOptional({
    description:
      'Start after this seq (0 replays the whole log). Without it, and without Last-Event-ID, the stream starts after the current version.',
  })
  @IsOptional()
  @ToType(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_VERSION)
  after?: number;

  @ApiPropertyOptional({
    description:
      "The seat token, for clients that cannot send headers (a browser's EventSource). Authorization: Bearer is preferred.",
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_\-.~+/=]{1,200}$/, { message: 'token must be a seat token' })
  token?: string;

  @ApiPropertyOptional({
    description:
      'A stream ticket (POST /stream-tickets): opens the stream as the token it was issued for, once, within 60 s. Keeps the token out of the URL.',
  })
  @IsOptional()
  @Matches(TICKET_PATTERN, { message: 'ticket must be a stream ticket (tbt_…)' })
  ticket?: string;
}

/** The `id:` a client resumes from; anything but a seq is refused rather than read as 0. */
export function parseLastEventId(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d{1,10}$/.test(raw.trim()) || Number(raw) > MAX_VERSION) {
    throw new ApiError(
      'VALIDATION_FAILED',
      'Last-Event-ID must be the id of an event of this stream (a seq).',
      'live/last-event-id',
    );
  }
  return Number(raw);
}

/** What the live routes need of a game (a GameDefinition of src/games/ is one): its engine and its schemas' prefix. */
export interface LiveGame {
  readonly engine: AnyEngine;
  readonly schemaName: string;
}

/** The per-match event stream of one game: `GET /games/{game}/matches/{id}/events`. */
export function createLiveController(game: LiveGame): Type<unknown> {
  const { engine, schemaName } = game;

  @ApiTags(engine.id)
  @Controller(`games/${engine.id}/matches`)
  class LiveController {
    constructor(
      private readonly matches: MatchService,
      private readonly streams: LiveStreams,
      private readonly tickets: StreamTickets,
    ) {}

    @Get(':id/events')
    @LimitedAs('stream')
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'The match as a stream of Server-Sent Events',
      description:
        `One event per log entry, in order: \`id:\` its seq, \`event:\` its type (${EVENT_TYPES.join(', ')}; see MatchEventType), \`data:\` ` +
        '`{ "entry", "match" }`: the log entry and the match just after it (match.version = seq), both as the caller may see them. ' +
        'Answers 200 at once; resumes after Last-Event-ID, else after ?after=, else after the current version. A comment line ' +
        '(": heartbeat") at least every 15 s. The token as Authorization: Bearer, ?ticket= (POST /stream-tickets: no secret in the URL) or ?token=. A client that does not read is ' +
        'dropped, and resumes from its last id.',
    })
    @ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description: 'The last id received: the stream resumes after it (wins over ?after=).',
    })
    @ApiOkResponse({
      description: 'An endless text/event-stream.',
      content: {
        'text/event-stream': {
          schema: {
            type: 'array',
            description:
              'The stream, as a sequence of events (each written as id:, event:, data: lines and a blank line).',
            items: ref(`${schemaName}StreamEvent`),
          },
        },
      },
    })
    @respond([], { match: true }) // 400 a bad after, token, ticket or Last-Event-ID; 401 a used or expired ticket; 429 too many open streams (per token, address, or here)
    async events(
      @Param('id') id: string,
      @SeatToken() bearer: string | undefined,
      @Query() query: EventsQueryDto,
      @Headers('last-event-id') lastEventId: string | undefined,
      @Req() req: FastifyRequest,
      @Res() reply: FastifyReply,
    ): Promise<void> {
      const resumeAfter = parseLastEventId(lastEventId) ?? query.after;
      // Everything that may fail does so before the 200: a bad token, ticket or id is an ordinary JSON error.
      const { token, ticket, limitKey } = await streamCredential(this.tickets, bearer, query, req.ip);
      const { match, viewer } = ticket
        ? await this.viewerByTicket(id, ticket)
        : await this.matches.viewerOf(engine, id, token);
      this.streams.open({
        engine,
        match,
        viewer,
        after: resumeAfter ?? match.version,
        token,
        address: req.ip,
        limitKey,
        reply,
      });
    }

    private async viewerByTicket(id: string, ticket: Redeemed): ReturnType<MatchService['viewerOf']> {
      try {
        return await this.matches.viewerAs(engine, id, ticket.credential);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'FORBIDDEN')
          throw new ApiError('FORBIDDEN', 'This ticket was issued for a seat of another match.', 'ticket/other-match');
        throw error;
      }
    }
  }

  Object.defineProperty(LiveController, 'name', { value: `${schemaName}LiveController` });
  return LiveController;
}
