import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { GAMES } from '../games/games';
import { ref, respond } from '../common/openapi';
import { displayed } from './rating-model';
import { RATINGS_STORE, type RatingsStore } from './ratings-store.port';

export interface LeaderboardResponse {
  entries: { name: string; kind: 'player' | 'bot'; rating: number; matches: number }[];
}

@ApiTags('ratings')
@Controller('games')
export class LeaderboardController {
  constructor(@Inject(RATINGS_STORE) private readonly store: RatingsStore) {}

  @Get(':game/leaderboard')
  @ApiOperation({
    summary: 'Players and bots by rating, highest first',
    description:
      "OpenSkill (Weng-Lin) ratings, a projection of finished matches in which every seat is a player's or a bot's. rating is mu - 3 sigma (0 for a newcomer). A bot is rated under its seat's name: its entrant name in a tournament.",
  })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000, default 100' })
  @respond([{ status: 200, description: 'The leaderboard.', schema: ref('Leaderboard') }], { errors: [404] })
  async list(@Param('game') game: string, @Query('limit') rawLimit?: string): Promise<LeaderboardResponse> {
    if (!GAMES.some((g) => g.engine.id === game)) throw new ApiError('NOT_FOUND', `No game ${game.slice(0, 40)}.`);
    const limit = rawLimit === undefined ? 100 : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new ApiError('VALIDATION_FAILED', 'limit: a whole number from 1 to 1000.', 'limit/out-of-range');
    const rows = await this.store.leaderboard(game, limit);
    return { entries: rows.map((r) => ({ name: r.name, kind: r.kind, rating: displayed(r), matches: r.matches })) };
  }
}
