import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';
import { ref, respond } from '../common/openapi';
import { CreateSeekDto } from './dto';
import { MAX_WAIT_SECONDS, type SeekResponse, SeeksService } from './seeks.service';

export class SeekWaitQueryDto {
  @ApiPropertyOptional({
    minimum: 0,
    description: `Hold the answer until the seek is no longer waiting, at most this many seconds (over ${MAX_WAIT_SECONDS} counts as ${MAX_WAIT_SECONDS}).`,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  wait?: number;
}

@ApiTags('seeks')
@ApiBearerAuth()
@Controller()
export class SeeksController {
  constructor(private readonly seeks: SeeksService) {}

  @Post('games/:game/seeks')
  @LimitedAs('create')
  @ApiOperation({
    summary: 'Ask for an opponent (with a player key)',
    description:
      "Seekers of the same game, time control, options and table size are seated together when every pair is within each other's rating range, " +
      "which grows by its first value every 10 s of waiting. Pairing runs in the background; follow the seek with GET /seeks/{id}?wait=S or the player feed's `matched` event. " +
      'A player holds at most SEEKS_PER_PLAYER (default 3) waiting seeks: another is 409 TOO_MANY_SEEKS.',
  })
  @ApiBody({ schema: ref('CreateSeekRequest') })
  @respond([{ status: 201, description: 'The seek, waiting.', schema: ref('Seek') }], {
    body: true,
    errors: [401, 404, 409],
  })
  create(
    @Param('game') game: string,
    @Body() body: CreateSeekDto,
    @SeatToken() token: string | undefined,
  ): Promise<SeekResponse> {
    return this.seeks.create(game, body, token);
  }

  @Get('seeks/:id')
  @ApiOperation({ summary: 'A seek, for its player only; ?wait=S long-polls until it is no longer waiting' })
  @respond([{ status: 200, description: 'The seek.', schema: ref('Seek') }], { errors: [401, 403, 404] })
  get(
    @Param('id') id: string,
    @Query() query: SeekWaitQueryDto,
    @SeatToken() token: string | undefined,
    @Req() req: FastifyRequest,
  ): Promise<SeekResponse> {
    const gone = new AbortController();
    req.raw.once('close', () => gone.abort());
    return this.seeks.get(id, token, query.wait ?? 0, gone.signal);
  }

  @Delete('seeks/:id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a waiting seek',
    description: 'A cancelled or expired seek answers as it is; a matched one is 409 ALREADY_MATCHED.',
  })
  @respond([{ status: 200, description: 'The seek, cancelled.', schema: ref('Seek') }], {
    errors: [401, 403, 404, 409],
  })
  cancel(@Param('id') id: string, @SeatToken() token: string | undefined): Promise<SeekResponse> {
    return this.seeks.cancel(id, token);
  }
}
