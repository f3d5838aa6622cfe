import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorSchemaRef } from '../games/openapi';
import { CreateTournamentDto } from './dto';
import { tournamentSchema } from './openapi';
import type { TournamentResponse } from './tournament.types';
import { TournamentService } from './tournament.service';
import { TournamentStream } from './tournament-stream';
import { ApiError } from '../common/api-error';

@ApiTags('tournaments')
@Controller('tournaments')
export class TournamentsController {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly stream: TournamentStream,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Start a tournament of bots (built-in or HTTP) and players',
    description: 'round-robin: every pair (every table of seatsPerMatch) meets `rounds` times, seat order alternating. swiss: `rounds` rounds paired by points. '
      + 'The first round is created with the tournament; each next one when every match of the last has ended. The entrants of HTTP bots carry their webhookSecret in this response only.',
  })
  @ApiCreatedResponse({ schema: tournamentSchema(true) })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED or INVALID_OPTIONS', schema: errorSchemaRef })
  create(@Body() body: CreateTournamentDto): Promise<TournamentResponse> {
    return this.tournaments.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A tournament: its standings (points, then Buchholz, then Sonneborn-Berger) and its rounds' })
  @ApiOkResponse({ schema: tournamentSchema(false) })
  @ApiNotFoundResponse({ description: 'TOURNAMENT_NOT_FOUND', schema: errorSchemaRef })
  get(@Param('id') id: string): Promise<TournamentResponse> {
    return this.tournaments.get(id);
  }

  @Get(':id/events')
  @ApiOperation({
    summary: 'Server-Sent Events of a tournament',
    description: 'One event per step: round.started, match.finished, tournament.finished (then the stream ends); id: the progress count (rounds created + matches scored + 1 at the end); '
      + 'data: { progress, tournament }. Resumes after Last-Event-ID or ?after=N; a comment line at least every 15 s.',
  })
  @ApiOkResponse({ description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ description: 'TOURNAMENT_NOT_FOUND', schema: errorSchemaRef })
  async events(@Param('id') id: string, @Query('after') after: string | undefined, @Headers('last-event-id') lastEventId: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const raw = lastEventId ?? after ?? '0';
    const from = Number(raw);
    if (!Number.isInteger(from) || from < 0) throw new ApiError('VALIDATION_FAILED', 'after / Last-Event-ID: a whole number >= 0.', 'after/invalid');
    await this.stream.serve(id, from, reply);
  }
}
