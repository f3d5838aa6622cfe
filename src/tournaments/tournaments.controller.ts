import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorSchemaRef } from '../games/openapi';
import { CreateTournamentDto } from './dto';
import { tournamentSchema } from './openapi';
import type { TournamentResponse } from './tournament.types';
import { TournamentService } from './tournament.service';

@ApiTags('tournaments')
@Controller('tournaments')
export class TournamentsController {
  constructor(private readonly tournaments: TournamentService) {}

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
}
