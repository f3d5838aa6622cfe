import { Module } from '@nestjs/common';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import type { Database } from '../store/database';
import { DATABASE, StoreModule } from '../store/store.module';
import { AppendEffects } from './append-effects';
import { MatchStoreModule } from './match-store.module';
import { ExpiryService } from './expiry.service';
import { ListingsService } from './listings.service';
import { MatchAuthorizer } from './match-authorizer';
import { MatchPresenter } from './match-presenter';
import { MatchRepository } from './match-repository';
import { MatchService } from './match.service';
import { PrismaSnapshotStore } from './prisma-snapshot-store';
import { SeatsService } from './seats.service';
import { SnapshotBackfill } from './snapshot-backfill';
import { SNAPSHOT_STORE } from './snapshots';

@Module({
  imports: [StoreModule, MatchStoreModule, PlayerDirectoryModule],
  providers: [
    AppendEffects,
    MatchRepository,
    MatchAuthorizer,
    MatchPresenter,
    MatchService,
    SeatsService,
    ListingsService,
    ExpiryService,
    SnapshotBackfill,
    { provide: SNAPSHOT_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaSnapshotStore(db.prisma) },
  ],
  exports: [
    AppendEffects,
    MatchRepository,
    MatchAuthorizer,
    MatchPresenter,
    MatchService,
    SeatsService,
    ListingsService,
    ExpiryService,
    SnapshotBackfill,
  ],
})
export class MatchesModule {}
