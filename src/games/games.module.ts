import { type DynamicModule, Module } from '@nestjs/common';
import { CatalogueController } from './catalogue.controller';
import { GameModule } from './game.module';
import { GAMES } from './games';

/** The catalogue (`GET /games`). */
@Module({
  controllers: [CatalogueController],
})
export class GamesModule {}

/**
 * One module per game of the registry, each made from the game's package. The app imports them right after
 * GamesModule (not GamesModule itself, whose imports Nest would register after every other feature): so the
 * routes, and the OpenAPI document's paths, keep the registry's order after the catalogue.
 */
export function gameModules(): DynamicModule[] {
  return GAMES.map((game) => GameModule.for(game));
}
