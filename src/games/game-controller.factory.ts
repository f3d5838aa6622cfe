import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken, seatTokenOf } from '../common/seat-token.decorator';
import { AppValidationPipe } from './validation.pipe';
import type { Viewer } from '../engine/core';
import { LongPoll } from '../live/long-poll';
import { parseCursor } from '../matches/cursor';
import { MatchService } from '../matches/match.service';
import type { CreatedMatchResponse, LegalMovesResponse, LogResponse, MatchResponse } from '../matches/match.types';
import { CreateMatchDto, LegalMovesQueryDto, LogQueryDto, MoveDto, ResignDto } from './dto';
import type { GameDefinition } from './game-definition';
import { etagOf, expectedVersionOf, notModified, parseIdempotencyKey, parseVersion } from './if-match';
import { headers, ref, respond } from '../common/openapi';

/**
 * A GET answer for one viewer: its ETag, kept private to that viewer, and 304 when If-None-Match names it.
 * Returns undefined (no body) for a 304.
 */
function cached<T>(
  reply: FastifyReply,
  ifNoneMatch: string | undefined,
  version: number,
  viewer: Viewer,
  body: T,
): T | undefined {
  const etag = etagOf(version, viewer);
  // Added to what CORS may already vary on (Origin), not in its place.
  const vary = [reply.getHeader('vary'), 'Authorization']
    .flat()
    .filter((v) => v !== undefined && v !== '')
    .join(', ');
  reply.header('ETag', etag).header('Vary', vary).header('Cache-Control', 'private, no-cache');
  if (!notModified(ifNoneMatch, etag)) return body;
  reply.status(304);
  return undefined;
}

/**
 * Builds the one thin controller every game gets under `/games/{id}/matches`: each method hands over to the
 * game-agnostic MatchService with the game's engine. No rules live here.
 */
/** The move route's body check: the pipe every other route's body goes through (app.ts). */
const moveBodies = new AppValidationPipe();

export function createGameController(game: GameDefinition): Type<unknown> {
  const { engine, schemaName: n } = game;

  @ApiTags(engine.id)
  @Controller(`games/${engine.id}/matches`)
  class GameController {
    constructor(
      private readonly matches: MatchService,
      private readonly longPoll: LongPoll,
    ) {}

    @Post()
    @HttpCode(201)
    @LimitedAs('create')
    @ApiOperation({
      summary: `Create a ${game.title} match`,
      description:
        "Returns each named seat's secret token, shown this once. With open seats the match is waiting until they are joined, and expires if they are not (WAITING_MATCH_TTL_SECONDS).",
    })
    @ApiBody({ schema: ref(`${n}CreateMatchRequest`) })
    @respond(
      [
        {
          status: 201,
          description: "The match, as a spectator sees it, and each seat's token.",
          schema: ref(`${n}CreatedMatch`),
          headers: headers.created,
        },
      ],
      { body: true },
    )
    async create(
      @Body() body: CreateMatchDto,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<CreatedMatchResponse> {
      const created = await this.matches.create(engine, body);
      reply.header('ETag', etagOf(created.version)).header('Location', `/games/${engine.id}/matches/${created.id}`);
      return created;
    }

    @Get(':id')
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'The match as the caller may see it',
      description:
        "With a seat token, that seat's view (its own hand); without, the spectator view. Answers 304 to If-None-Match with the current ETag.",
    })
    @respond(
      [{ status: 200, description: 'The match.', schema: ref(`${n}Match`), headers: headers.cached }, { status: 304 }],
      { match: true },
    )
    @ApiQuery({
      name: 'version',
      required: false,
      type: 'integer',
      description: 'The match as it was at this version (0 = just created), for replays.',
    })
    async get(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Headers('if-none-match') ifNoneMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
      @Query('version') version?: string,
    ): Promise<MatchResponse | undefined> {
      const match =
        version === undefined
          ? await this.matches.get(engine, id, token)
          : await this.matches.getAt(engine, id, token, parseVersion(version)); // a past version never changes, so it caches alike
      return cached(reply, ifNoneMatch, match.version, match.you ?? 'spectator', match);
    }

    @Post(':id/moves')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'Submit a move',
      description:
        'Guarded by the version: a stale expectedVersion (or If-Match) is 409 VERSION_CONFLICT and writes nothing, except in simultaneous phases (docs/api.md, under Simultaneous phases). An Idempotency-Key makes retries safe.',
    })
    @ApiHeader({
      name: 'If-Match',
      required: false,
      description: 'The ETag the move was decided on; may replace expectedVersion.',
    })
    @ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Same key and body → the first response again, nothing written; same key, other body → 422.',
    })
    @ApiBody({ schema: ref(`${n}MoveRequest`) })
    @respond(
      [
        {
          status: 200,
          description: 'The match after the move, as the mover sees it.',
          schema: ref(`${n}Match`),
          headers: headers.moved,
        },
      ],
      { body: true, match: true, errors: [409, 422] },
    )
    @ApiParam({ name: 'id', required: true, type: String })
    async move(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MatchResponse> {
      // The hot path: the request as it came, read here in the order Nest reads route parameters (the token's
      // refusal first, then the body's), instead of five parameters each through the pipes' chain of promises.
      // The body goes through the same validation pipe as every other body (src/games/validation.pipe.ts).
      const id = (req.params as { id: string }).id;
      const token = seatTokenOf(req.headers);
      const body = (await moveBodies.transform(req.body, {
        type: 'body',
        metatype: MoveDto,
        data: undefined,
      })) as MoveDto;
      const { response: match, replayed } = await this.matches.move(engine, id, token, {
        move: body.move,
        expectedVersion: expectedVersionOf(body.expectedVersion, req.headers['if-match']),
        idempotencyKey: parseIdempotencyKey(req.headers['idempotency-key'] as string | undefined),
      });
      reply.header('ETag', etagOf(match.version, match.you ?? 'spectator'));
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return match;
    }

    @Get(':id/moves')
    @ApiBearerAuth()
    @ApiOperation({
      summary: 'The move log, redacted for the caller',
      description:
        'Entries in seq order: { seq, seat, type, at, move?, effects? }; page with after=nextAfter. Answers 304 to If-None-Match with the current ETag. With wait=S (a long-poll), a page with no entry after `after` waits up to S seconds (at most 60) and answers as soon as one exists, or with "entries": [] at the end of the wait (never 304).',
    })
    @respond(
      [
        { status: 200, description: 'A page of the log.', schema: ref(`${n}LogPage`), headers: headers.cached },
        { status: 304 },
      ],
      { match: true },
    )
    async log(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Query() query: LogQueryDto,
      @Headers('if-none-match') ifNoneMatch: string | undefined,
      @Req() req: FastifyRequest,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<LogResponse | undefined> {
      const { log, viewer } =
        query.wait === undefined
          ? await this.matches.log(engine, id, token, query.after ?? 0, query.limit ?? 100)
          : await this.longPoll.log(
              engine,
              id,
              token,
              query.after ?? 0,
              query.limit ?? 100,
              query.wait,
              reply.raw,
              req.ip,
            );
      // A long-poll always answers the page, even an empty one at the end of its wait.
      return cached(reply, query.wait === undefined ? ifNoneMatch : undefined, log.version, viewer, log);
    }

    @Get(':id/legal-moves')
    @ApiBearerAuth()
    @ApiOperation({
      summary: "The caller's legal moves now",
      description:
        `Each in the form POST …/moves takes; empty when it is not the caller's turn. Paged in a fixed order: pass nextCursor as cursor (limit ≤ 1000, default 200); a cursor of an older version is 409 VERSION_CONFLICT. Answers 304 to If-None-Match with the current ETag. ${game.legalMovesNote ?? ''}`.trim(),
    })
    @respond(
      [
        {
          status: 200,
          description: 'A page of legal moves.',
          schema: ref(`${n}LegalMovesPage`),
          headers: headers.cached,
        },
        { status: 304 },
      ],
      { match: true, errors: [409] },
    )
    async legalMoves(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Query() query: LegalMovesQueryDto,
      @Headers('if-none-match') ifNoneMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<LegalMovesResponse | undefined> {
      const moves = await this.matches.legalMoves(engine, id, token, parseCursor(query.cursor), query.limit ?? 200);
      return cached(reply, ifNoneMatch, moves.version, moves.seat, moves);
    }

    @Post(':id/resign')
    @HttpCode(200)
    @ApiBearerAuth()
    @ApiOperation({
      summary: "The caller's seat resigns",
      description: 'Ends the match; every other seat shares the win. The body is optional.',
    })
    @ApiBody({ schema: ref('ResignRequest'), required: false })
    @respond(
      [
        {
          status: 200,
          description: 'The finished match, as the resigning seat sees it.',
          schema: ref(`${n}Match`),
          headers: headers.etag,
        },
      ],
      { body: true, match: true, errors: [409] },
    )
    async resign(
      @Param('id') id: string,
      @SeatToken() token: string | undefined,
      @Body() body: ResignDto,
      @Headers('if-match') ifMatch: string | undefined,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<MatchResponse> {
      const match = await this.matches.resign(engine, id, token, expectedVersionOf(body?.expectedVersion, ifMatch));
      reply.header('ETag', etagOf(match.version, match.you ?? 'spectator'));
      return match;
    }
  }

  Object.defineProperty(GameController, 'name', { value: `${n}Controller` });
  return GameController;
}
