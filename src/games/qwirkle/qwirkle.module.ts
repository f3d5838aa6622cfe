import { Module } from '@nestjs/common';
import { MatchesModule } from '../../matches/matches.module';
import { createGameController } from '../game-controller.factory';
import { qwirkleGame } from './qwirkle.game';

@Module({ imports: [MatchesModule], controllers: [createGameController(qwirkleGame)] })
export class QwirkleModule {}
