import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';
import { ListingsService } from '../matches/listings.service';
import type { MatchListResponse, SeatedResponse } from '../matches/match.types';
import { SeatsService } from '../matches/seats.service';
import { JoinDto, ListQueryDto } from './dto';
import type { GameDefinition } from './game-definition';
import { etagOf } from './if-match';
import { headers, ref, respond } from '../common/openapi';

/**
 * The lobby and the routes that change who holds a seat, for one game: list, join, rematch, replace a seat
 * token. Thin: each method hands over to the match services with the game's engine.
 */
export function createSeatsController(game: GameDefinition): Type<unknown> {
  const { engine, schemaName: n } = game;

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
      description:
        'status=waiting (the default) lists matches with open seats to join; also active and finished. Unlisted matches never appear. Page with cursor=nextCursor (null at the end).',
    })
    @respond([{ status: 200, description: 'A page of match summaries.', schema: ref('MatchPage') }])
    list(@Query() query: ListQueryDto): Promise<MatchListResponse> {
      return this.listings.lobby(engine, query.status ?? 'waiting', query.cursor, query.limit ?? 50);
    }

    @Post(':id/join')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'Take an open seat',
      description:
        "By name (the answer carries a new seat token), or with a player key (the seat becomes that player's; name defaults to the player's). " +
        'seat: the one to take; the first open one when absent. Of concurrent joins on one seat exactly one wins: 409 SEAT_TAKEN or NO_OPEN_SEAT for the others. ' +
        'The match becomes active with the last join; a join on a match past its waiting time finds it aborted (409 GAME_OVER).',
    })
    @ApiBody({ schema: ref('JoinRequest') })
    @respond(
      [
        {
          status: 200,
          description: 'The match as the new seat sees it, with the seat and its token.',
          schema: ref(`${n}SeatedMatch`),
          headers: headers.etag,
        },
      ],
      { body: true, match: true, errors: [409] },
    )
    async join(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Body() body: JoinDto,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<SeatedResponse> {
      const joined = await this.seats.join(engine, id, token, body);
      reply.header('ETag', etagOf(joined.version, joined.seat));
      return joined;
    }

    @Post(':id/rematch')
    @LimitedAs('create')
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'The next match, same holders, seats rotated by one',
      description:
        'On a finished match, by one of its seats (seat token or player key). Seat i becomes seat (i + 1) mod n. 201 when this call created it, 200 after: every call by any seat answers the same match, ' +
        "with the caller's new seat and always the same token for it (derived from the credential that asks: ask with the same one). 409 MATCH_NOT_FINISHED before the match is over.",
    })
    @respond(
      [
        {
          status: 201,
          description: "The rematch, created by this call, as the caller's new seat sees it.",
          schema: ref(`${n}SeatedMatch`),
          headers: headers.created,
        },
        {
          status: 200,
          description: "The rematch, created before, as the caller's new seat sees it.",
          schema: ref(`${n}SeatedMatch`),
          headers: headers.created,
        },
      ],
      { body: true, match: true, errors: [409] },
    )
    async rematch(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<SeatedResponse> {
      const { response, created } = await this.seats.rematch(engine, id, token);
      reply
        .status(created ? 201 : 200)
        .header('ETag', etagOf(response.version, response.seat))
        .header('Location', `/games/${engine.id}/matches/${response.id}`);
      return response;
    }

    @Post(':id/seat-token')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({
      summary: "Replace the caller's seat token",
      description:
        "With the seat token or the player key of the seat; the seat's previous token stops working at once. The new token is shown this once.",
    })
    @respond([{ status: 200, description: 'The seat and its new token.', schema: ref('SeatToken') }], {
      body: true,
      match: true,
    })
    replaceToken(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
    ): Promise<{ seat: number; token: string }> {
      return this.seats.replaceToken(engine, id, token);
    }
  }

  Object.defineProperty(SeatsController, 'name', { value: `${n}SeatsController` });
  return SeatsController;
}
