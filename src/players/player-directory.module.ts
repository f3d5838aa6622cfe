import { Module } from '@nestjs/common';
import { type Database } from '../store/database';
import { PrismaPlayerStore } from './prisma-player-store';
import { DATABASE } from '../store/store.module';
import { PlayerDirectory } from './player-directory';
import { PLAYER_STORE } from './player-store.port';

/** Who a player key is: needed by the match service (a key acts for its player's seats) and the players routes. */
@Module({
  providers: [
    { provide: PLAYER_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaPlayerStore(db.prisma) },
    PlayerDirectory,
  ],
  exports: [PlayerDirectory],
})
export class PlayerDirectoryModule {}
