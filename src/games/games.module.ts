import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { CatalogueController } from './catalogue.controller';
import { createGameController } from './game-controller.factory';
import { GAMES } from './games';
import { createSeatsController } from './seats-controller.factory';

/** Every game's routes, one pair of thin controllers per entry of the registry. */
@Module({
  imports: [MatchesModule],
  controllers: [CatalogueController, ...GAMES.flatMap((game) => [createSeatsController(game), createGameController(game)])],
})
export class GamesModule {}
