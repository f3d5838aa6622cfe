import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { RatingsModule } from '../ratings/ratings.module';
import { PlayerDirectoryModule } from './player-directory.module';
import { PlayersController } from './players.controller';

/** Players: POST /players, GET /players/me and /players/me/matches. */
@Module({ imports: [PlayerDirectoryModule, MatchesModule, RatingsModule], controllers: [PlayersController] })
export class PlayersModule {}
