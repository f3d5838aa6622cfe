import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { botsOf } from '../engine/bots';
import { GAMES } from '../games/games';
import { ref, respond } from '../common/openapi';

export interface BotsResponse {
  bots: { id: string; description: string }[];
}

@ApiTags('bots')
@Controller('games')
export class BotsController {
  @Get(':game/bots')
  @ApiOperation({
    summary: "The game's built-in bots, weakest first",
    description:
      'Seat one with { "bot": "<id>" } in players at creation, or in a join; enter one in a tournament with { "name", "bot" }.',
  })
  @respond([{ status: 200, description: 'The bots.', schema: ref('BotList') }], { errors: [404] })
  list(@Param('game') game: string): BotsResponse {
    if (!GAMES.some((g) => g.engine.id === game)) throw new ApiError('NOT_FOUND', `No game ${game.slice(0, 40)}.`);
    return { bots: botsOf(game).map((b) => ({ id: b.id, description: b.description })) };
  }
}
