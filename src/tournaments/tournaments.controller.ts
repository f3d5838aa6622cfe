import { Body, Controller, Get, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ref, respond } from '../common/openapi';
import { CreateTournamentDto } from './dto';
import type { TournamentResponse } from './tournament.types';
import { TournamentService } from './tournament.service';
import { TournamentStream } from './tournament-stream';
import { ApiError } from '../common/api-error';
import { MAX_VERSION } from '../common/paging';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';

@ApiTags('tournaments')
@Controller('tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly stream: TournamentStream,
  ) {}

  @Post()
  @LimitedAs('create') // one creation, as docs/api.md says; its size is bounded by TOURNAMENT_MAX_MATCHES
  @ApiOperation({
    summary: 'Start a tournament of bots (built-in or HTTP) and players',
    description:
      'round-robin: every pair (every table of seatsPerMatch) meets `rounds` times, seat order alternating. swiss: `rounds` rounds paired by points. ' +
      'The first round is created with the tournament, or at its startsAt (upcoming until then: no match, clock or bot turn); each next one when every match of the last has ended. ' +
      'The entrants of HTTP bots carry the webhookSecret the server made for them in this response only (a bot that brought its own is not answered it). ' +
      'A { player } entrant must be the player whose key the request carries (403 FORBIDDEN otherwise; an unknown key is 401).',
  })
  @ApiBody({ schema: ref('CreateTournamentRequest') })
  @ApiBearerAuth()
  @respond(
    [
      {
        status: 201,
        description:
          "The tournament, its first round created (unless it starts later); HTTP bots' secrets shown this once.",
        schema: ref('CreatedTournament'),
      },
    ],
    { body: true, errors: [401, 403] },
  )
  create(@Body() body: CreateTournamentDto, @SeatToken() bearer: string | undefined): Promise<TournamentResponse> {
    return this.tournaments.create(body, bearer);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'A tournament: its standings (points, then Buchholz, then Sonneborn-Berger) and its rounds',
  })
  @respond([{ status: 200, description: 'The tournament.', schema: ref('Tournament') }], { errors: [404] })
  get(@Param('id') id: string): Promise<TournamentResponse> {
    return this.tournaments.get(id);
  }

  @Get(':id/events')
  @LimitedAs('stream')
  @ApiOperation({
    summary: 'Server-Sent Events of a tournament',
    description:
      'One event per step: round.started, match.finished, tournament.finished (then the stream ends); id: the progress count (rounds created + matches scored + 1 at the end); ' +
      'data: { progress, round, tournament } (the tournament as read when the event was sent). Steps are never merged: several between two reads each get their event. Resumes after Last-Event-ID or ?after=N; a comment line at least every 15 s. ' +
      "Each open stream holds one of its client address's live places (LIVE_STREAMS_PER_TOKEN, shared with tokenless match streams): past them, 429.",
  })
  @ApiResponse({
    status: 200,
    description: 'The events, as text/event-stream.',
    content: {
      'text/event-stream': {
        schema: {
          type: 'array',
          description:
            'The stream, as a sequence of events (each written as id:, event:, data: lines and a blank line).',
          items: ref('TournamentStreamEvent'),
        },
      },
    },
  })
  @respond([], { errors: [404] })
  async events(
    @Param('id') id: string,
    @Query('after') after: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const raw = lastEventId ?? after ?? '0';
    const from = Number(raw);
    // Bounded as every other cursor is (a match stream's Last-Event-ID, a log's after): 0 to 2,000,000,000.
    if (!Number.isInteger(from) || from < 0 || from > MAX_VERSION)
      throw new ApiError(
        'VALIDATION_FAILED',
        `after / Last-Event-ID: a whole number from 0 to ${MAX_VERSION}.`,
        'after/invalid',
      );
    await this.stream.serve(id, from, req.ip, reply);
  }
}
