import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { CatalogueController } from './catalogue.controller';
import { GameModule } from './game.module';
import { GAMES } from './games';

/** The catalogue, and one module per game of the registry, each made from the game's package. */
@Module({
  imports: [MatchesModule, ...GAMES.map((game) => GameModule.for(game))],
  controllers: [CatalogueController],
})
export class GamesModule {}
