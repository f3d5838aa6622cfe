import { type DynamicModule, Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { createGameController } from './game-controller.factory';
import type { GameDefinition } from './game-definition';
import { createSeatsController } from './seats-controller.factory';

/** One game's routes, made from its package: its seats controller and its match controller. */
@Module({})
export class GameModule {
  static for(game: GameDefinition): DynamicModule {
    return {
      module: GameModule,
      imports: [MatchesModule],
      controllers: [createSeatsController(game), createGameController(game)],
    };
  }
}
