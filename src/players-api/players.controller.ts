import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { LimitedAs } from '../common/rate-limit';
import { SeatToken } from '../common/seat-token.decorator';
import { ref, respond } from '../common/openapi';
import { ListingsService } from '../matches/listings.service';
import { displayed } from '../ratings/rating-model';
import { RATINGS_STORE, type RatingsStore } from '../ratings/ratings-store.port';
import type { PlayerMatchesResponse } from '../matches/match.types';
import { CreatePlayerDto, PlayerMatchesQueryDto } from './dto';
import { isPlayerKey } from '../players/player-key';
import { PlayerDirectory } from '../players/player-directory';
import type { PlayerRecord } from '../players/player-store.port';

@ApiTags('players')
@Controller('players')
export class PlayersController {
  constructor(
    private readonly directory: PlayerDirectory,
    private readonly listings: ListingsService,
    @Inject(RATINGS_STORE) private readonly ratings: RatingsStore,
  ) {}

  @Post()
  @HttpCode(201)
  // A player is a row: it spends the creation budget, as a match does (docs/api.md "Bots and tournaments").
  @LimitedAs('create')
  @ApiOperation({
    summary: 'Register a player',
    description:
      'A lasting identity. Its player key (tbp_…) is shown this once and stored only as a hash; it acts for every seat the player holds.',
  })
  @ApiBody({ schema: ref('CreatePlayerRequest') })
  @respond([{ status: 201, description: 'The player and its key, shown this once.', schema: ref('CreatedPlayer') }], {
    body: true,
  })
  async create(@Body() body: CreatePlayerDto): Promise<{ id: string; name: string; key: string }> {
    const { id, name, key } = await this.directory.register(body.name);
    return { id, name, key };
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'The player a key belongs to',
    description:
      'ratings: by game, the OpenSkill rating (mu - 3 sigma) and the rated matches; a game appears once the player has a rated match.',
  })
  @respond([{ status: 200, description: 'The player.', schema: ref('PlayerSelf') }], { errors: [401] })
  async me(
    @SeatToken() key: string | undefined,
  ): Promise<{ id: string; name: string; ratings: Record<string, { rating: number; matches: number }> }> {
    const player = await this.identify(key);
    const ratings = await this.ratings.forKey(`player:${player.id}`);
    return {
      id: player.id,
      name: player.name,
      ratings: Object.fromEntries(ratings.map((r) => [r.game, { rating: displayed(r), matches: r.matches }])),
    };
  }

  @Get('me/matches')
  @ApiBearerAuth()
  @ApiOperation({
    summary: "The player's matches, newest first",
    description:
      "toMove=true: only those where the player's seat is to move now. status: only those in that status. Page with cursor=nextCursor (null at the end).",
  })
  @respond([{ status: 200, description: "A page of the player's matches.", schema: ref('PlayerMatchPage') }], {
    errors: [401],
  })
  async matches(
    @SeatToken() key: string | undefined,
    @Query() query: PlayerMatchesQueryDto,
  ): Promise<PlayerMatchesResponse> {
    const player = await this.identify(key);
    return this.listings.playerMatches(
      player.id,
      { status: query.status, toMove: query.toMove },
      query.cursor,
      query.limit ?? 50,
    );
  }

  private async identify(key: string | undefined): Promise<PlayerRecord> {
    if (key === undefined || !isPlayerKey(key))
      throw new ApiError('UNAUTHENTICATED', 'This needs a player key: Authorization: Bearer tbp_….');
    const player = await this.directory.identify(key);
    if (!player) throw new ApiError('UNAUTHENTICATED', 'Unknown player key.');
    return player;
  }
}
