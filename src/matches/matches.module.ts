import { Module } from '@nestjs/common';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import type { Database } from '../store/database';
import { DATABASE, StoreModule } from '../store/store.module';
import { ExpiryService } from './expiry.service';
import { ListingsService } from './listings.service';
import { MatchAccess } from './match-access';
import { MatchService } from './match.service';
import { PrismaSnapshotStore } from './prisma-snapshot-store';
import { SeatsService } from './seats.service';
import { SnapshotBackfill } from './snapshot-backfill';
import { SNAPSHOT_STORE } from './snapshots';
import { OutboxSignal } from '../webhooks/outbox-signal';

@Module({
  imports: [StoreModule, PlayerDirectoryModule],
  providers: [
    MatchAccess, MatchService, SeatsService, ListingsService, ExpiryService, OutboxSignal, SnapshotBackfill,
    { provide: SNAPSHOT_STORE, inject: [DATABASE], useFactory: (db: Database) => new PrismaSnapshotStore(db.prisma) },
  ],
  exports: [MatchAccess, MatchService, SeatsService, ListingsService, ExpiryService, OutboxSignal, SnapshotBackfill],
})
export class MatchesModule {}
