import { Module } from '@nestjs/common';
import { MatchesModule } from '../../matches/matches.module';
import { createGameController } from '../game-controller.factory';
import { reversiGame } from './reversi.game';

@Module({ imports: [MatchesModule], controllers: [createGameController(reversiGame)] })
export class ReversiModule {}
