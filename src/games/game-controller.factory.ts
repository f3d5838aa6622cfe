import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, type Type } from '@nestjs/common';
import {
  ApiBearerAuth, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse,
  ApiOperation, ApiTags, ApiUnauthorizedResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SeatToken } from '../common/seat-token.decorator';
import { MatchService } from '../matches/match.service';
import type { CreatedMatchResponse, LegalMovesResponse, LogResponse, MatchResponse } from '../matches/match.types';
import { CreateMatchDto, LegalMovesQueryDto, LogQueryDto, MoveDto, ResignDto } from './dto';
import type { GameDefinition } from './game-definition';
import { etagOf, expectedVersionOf, parseIdempotencyKey } from './if-match';
import { CREATE_CLOCK_AND_WEBHOOK_PROPERTIES, errorSchemaRef, matchResponseSchema } from './openapi';

/**
 * Builds the one thin controller every game gets under `/games/{id}/matches`: each method hands over to the
 * game-agnostic MatchService with the game's engine. No rules live here.
 */
export function createGameController(game: GameDefinition): Type<unknown> {
  const { engine, schemaName } = game;
  const response = matchResponseSchema(schemaName);
  const errors = { schema: errorSchemaRef };

  @ApiTags(engine.id)
  @Controller(`games/${engine.id}/matches`)
  class GameController {
    constructor(private readonly matches: MatchService) {}

    @Post()
    @HttpCode(201)
    @ApiOperation({ summary: `Create a ${game.title} match`, description: 'Returns each named seat\'s secret token, shown this once. With open seats the match is waiting until they are joined, and expires if they are not (WAITING_MATCH_TTL_SECONDS).' })
    @ApiBody({
      schema: {
        type: 'object', required: ['players'], additionalProperties: false,
        properties: {
          players: {
            type: 'array',
            description: 'One entry per seat, in seat order: { "name" } (a seat with its own token) or { "open": true } (an open seat; the match waits until it is joined).',
            items: {
              oneOf: [
                { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 40 } } },
                { type: 'object', required: ['open'], additionalProperties: false, properties: { open: { type: 'boolean', enum: [true] } } },
              ],
            },
          },
          options: { $ref: `#/components/schemas/${schemaName}Options` },
          unlisted: { type: 'boolean', default: false, description: 'Keeps the match out of the lobby.' },
          ...CREATE_CLOCK_AND_WEBHOOK_PROPERTIES,
        },
      },
    })
    @ApiCreatedResponse({
      schema: {
        allOf: [response, {
          type: 'object',
          properties: {
            seats: { type: 'array', items: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' }, token: { type: 'string' } } } },
            webhookSecret: { type: 'string', pattern: '^whsec_', description: 'With webhooks: the secret that signs their deliveries (Standard Webhooks), shown this once. It also opens GET …/webhook-deliveries.' },
          },
        }],
      },
    })
    async create(@Body() body: CreateMatchDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<CreatedMatchResponse> {
      const created = await this.matches.create(engine, body);
      reply.header('ETag', etagOf(created.version)).header('Location', `/games/${engine.id}/matches/${created.id}`);
      return created;
    }

    @Get(':id')
    @ApiBearerAuth()
    @ApiOperation({ summary: 'The match as the caller may see it', description: 'With a seat token, that seat\'s view (its own hand); without, the spectator view. Answers 304 to If-None-Match with the current ETag.' })
    @ApiOkResponse({ schema: response })
    @ApiNotFoundResponse(errors)
    @ApiUnauthorizedResponse(errors)
    async get(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Headers('if-none-match') ifNoneMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<MatchResponse | undefined> {
      const match = await this.matches.get(engine, id, token);
      reply.header('ETag', etagOf(match.version));
      if (ifNoneMatch !== undefined && ifNoneMatch.replace(/^W\//, '') === etagOf(match.version)) {
        reply.status(304);
        return undefined;
      }
      return match;
    }

    @Post(':id/moves')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({ summary: 'Submit a move', description: 'Guarded by the version: a stale expectedVersion (or If-Match) is 409 VERSION_CONFLICT and writes nothing. An Idempotency-Key makes retries safe.' })
    @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag the move was decided on; may replace expectedVersion.' })
    @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Same key and body → the first response again, nothing written; same key, other body → 422.' })
    @ApiBody({
      schema: {
        type: 'object', required: ['move'], additionalProperties: false,
        properties: { move: { $ref: `#/components/schemas/${schemaName}Move` }, expectedVersion: { type: 'integer', minimum: 0 } },
      },
    })
    @ApiOkResponse({ schema: response })
    @ApiConflictResponse({ description: 'NOT_YOUR_TURN, VERSION_CONFLICT, GAME_OVER, or TIMED_OUT (the seat\'s deadline passed)', ...errors })
    @ApiUnprocessableEntityResponse({ description: 'ILLEGAL_MOVE (with a reason) or IDEMPOTENCY_KEY_REUSED', ...errors })
    async move(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Body() body: MoveDto,
      @Headers('if-match') ifMatch: string | undefined,
      @Headers('idempotency-key') idempotencyKey: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<MatchResponse> {
      const { response: match, replayed } = await this.matches.move(engine, id, token, {
        move: body.move,
        expectedVersion: expectedVersionOf(body.expectedVersion, ifMatch),
        idempotencyKey: parseIdempotencyKey(idempotencyKey),
      });
      reply.header('ETag', etagOf(match.version));
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return match;
    }

    @Get(':id/moves')
    @ApiBearerAuth()
    @ApiOperation({ summary: 'The move log, redacted for the caller', description: 'Entries in seq order; page with after=nextAfter.' })
    @ApiOkResponse({
      schema: {
        type: 'object',
        properties: {
          id: { type: 'string' }, version: { type: 'integer' }, nextAfter: { type: 'integer', nullable: true },
          entries: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                seq: { type: 'integer' }, seat: { type: 'integer', nullable: true, description: 'Null for MatchAborted.' }, type: { type: 'string', enum: ['MoveMade', 'PlayerResigned', 'SeatJoined', 'MatchAborted', 'TimedOut'] },
                move: { type: 'object', description: 'The move as this caller may see it.' }, at: { type: 'string', format: 'date-time' },
              },
            },
          },
        },
      },
    })
    async log(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Query() query: LogQueryDto,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<LogResponse> {
      const log = await this.matches.log(engine, id, token, query.after ?? 0, query.limit ?? 100);
      reply.header('ETag', etagOf(log.version));
      return log;
    }

    @Get(':id/legal-moves')
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'The caller\'s legal moves now',
      description: `Each in the form POST …/moves takes; empty when it is not the caller's turn. Paged in a fixed order: pass nextCursor as cursor (limit ≤ 1000, default 200). ${game.legalMovesNote ?? ''}`.trim(),
    })
    @ApiOkResponse({
      schema: {
        type: 'object',
        properties: {
          version: { type: 'integer' }, seat: { type: 'integer' }, nextCursor: { type: 'string', nullable: true },
          moves: { type: 'array', items: { $ref: `#/components/schemas/${schemaName}Move` } },
        },
      },
    })
    async legalMoves(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Query() query: LegalMovesQueryDto,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<LegalMovesResponse> {
      const moves = await this.matches.legalMoves(engine, id, token, Number(query.cursor ?? 0), query.limit ?? 200);
      reply.header('ETag', etagOf(moves.version));
      return moves;
    }

    @Post(':id/resign')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({ summary: 'The caller\'s seat resigns', description: 'Ends the match; every other seat shares the win.' })
    @ApiOkResponse({ schema: response })
    async resign(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Body() body: ResignDto,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<MatchResponse> {
      const match = await this.matches.resign(engine, id, token, expectedVersionOf(body?.expectedVersion, ifMatch));
      reply.header('ETag', etagOf(match.version));
      return match;
    }
  }

  Object.defineProperty(GameController, 'name', { value: `${schemaName}Controller` });
  return GameController;
}
