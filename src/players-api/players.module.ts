import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { RatingsModule } from '../ratings/ratings.module';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import { PlayersController } from './players.controller';

/**
 * Players over HTTP: POST /players, GET /players/me and /players/me/matches. Apart from src/players/ (the player
 * directory, which src/matches/ uses), because it reads matches and ratings.
 */
@Module({ imports: [PlayerDirectoryModule, MatchesModule, RatingsModule], controllers: [PlayersController] })
export class PlayersModule {}
