import { Module } from '@nestjs/common';
import { MatchesModule } from '../../matches/matches.module';
import { createGameController } from '../game-controller.factory';
import { deblockleGame } from './deblockle.game';

@Module({ imports: [MatchesModule], controllers: [createGameController(deblockleGame)] })
export class DeblockleModule {}
