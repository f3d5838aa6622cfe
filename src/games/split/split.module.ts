import { Module } from '@nestjs/common';
import { MatchesModule } from '../../matches/matches.module';
import { createGameController } from '../game-controller.factory';
import { splitGame } from './split.game';

@Module({ imports: [MatchesModule], controllers: [createGameController(splitGame)] })
export class SplitModule {}
