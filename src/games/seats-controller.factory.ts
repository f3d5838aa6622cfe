import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, type Type } from '@nestjs/common';
import {
  ApiBearerAuth, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SeatToken } from '../common/seat-token.decorator';
import { ListingsService } from '../matches/listings.service';
import type { MatchListResponse, SeatedResponse } from '../matches/match.types';
import { SeatsService } from '../matches/seats.service';
import { JoinDto, ListQueryDto } from './dto';
import type { GameDefinition } from './game-definition';
import { etagOf } from './if-match';
import { errorSchemaRef, matchListSchema, matchResponseSchema, seatedResponseSchema } from './openapi';

/**
 * The lobby and the routes that change who holds a seat, for one game: list, join, rematch, replace a seat
 * token. Thin: each method hands over to the match services with the game's engine.
 */
export function createSeatsController(game: GameDefinition): Type<unknown> {
  const { engine, schemaName } = game;
  const seated = seatedResponseSchema(matchResponseSchema(schemaName));
  const errors = { schema: errorSchemaRef };

  @ApiTags(engine.id)
  @Controller(`games/${engine.id}/matches`)
  class SeatsController {
    constructor(
      private readonly seats: SeatsService,
      private readonly listings: ListingsService,
    ) {}

    @Get()
    @ApiOperation({
      summary: 'The lobby: listed matches in one status, newest first',
      description: 'status=waiting (the default) lists matches with open seats to join; also active and finished. Unlisted matches never appear. Page with cursor=nextCursor (null at the end).',
    })
    @ApiOkResponse({ schema: matchListSchema })
    list(@Query() query: ListQueryDto): Promise<MatchListResponse> {
      return this.listings.lobby(engine, query.status ?? 'waiting', query.cursor, query.limit ?? 50);
    }

    @Post(':id/join')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'Take an open seat',
      description: 'By name (the answer carries a new seat token), or with a player key (the seat becomes that player\'s; name defaults to the player\'s). '
        + 'seat: the one to take; the first open one when absent. Of concurrent joins on one seat exactly one wins. The match becomes active once every seat is held.',
    })
    @ApiBody({ schema: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 40 }, seat: { type: 'integer', minimum: 0 }, bot: { type: 'string', description: 'Seat a server-side bot (GET /games/{game}/bots); the token answered is the bot seat\'s (it can resign it).' } } } })
    @ApiOkResponse({ schema: seated })
    @ApiConflictResponse({ description: 'SEAT_TAKEN, NO_OPEN_SEAT, ALREADY_SEATED or GAME_OVER (the match expired)', ...errors })
    @ApiUnauthorizedResponse(errors)
    async join(@Param('id') id: string, @SeatToken() token: string | undefined, @Body() body: JoinDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SeatedResponse> {
      const joined = await this.seats.join(engine, id, token, body);
      reply.header('ETag', etagOf(joined.version));
      return joined;
    }

    @Post(':id/rematch')
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'The next match, same holders, seats rotated by one',
      description: 'On a finished match, by one of its seats. Seat i becomes seat (i + 1) mod n. 201 when this call created it, 200 after: every call by any seat answers the same match, '
        + 'with the caller\'s new seat and always the same token for it (derived from the credential that asks; ask with the same one).',
    })
    @ApiCreatedResponse({ schema: seated })
    @ApiOkResponse({ schema: seated })
    @ApiConflictResponse({ description: 'MATCH_NOT_FINISHED', ...errors })
    @ApiForbiddenResponse(errors)
    async rematch(@Param('id') id: string, @SeatToken() token: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<SeatedResponse> {
      const { response, created } = await this.seats.rematch(engine, id, token);
      reply.status(created ? 201 : 200).header('ETag', etagOf(response.version)).header('Location', `/games/${engine.id}/matches/${response.id}`);
      return response;
    }

    @Post(':id/seat-token')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Replace the caller\'s seat token', description: 'With the seat token or the player key of the seat; the seat\'s previous token stops working at once. The new token is shown this once.' })
    @ApiOkResponse({ schema: { type: 'object', required: ['seat', 'token'], properties: { seat: { type: 'integer' }, token: { type: 'string' } } } })
    @ApiUnauthorizedResponse(errors)
    @ApiForbiddenResponse(errors)
    replaceToken(@Param('id') id: string, @SeatToken() token: string | undefined): Promise<{ seat: number; token: string }> {
      return this.seats.replaceToken(engine, id, token);
    }
  }

  Object.defineProperty(SeatsController, 'name', { value: `${schemaName}SeatsController` });
  return SeatsController;
}
