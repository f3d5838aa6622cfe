import { Module } from '@nestjs/common';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import { StoreModule } from '../store/store.module';
import { ExpiryService } from './expiry.service';
import { ListingsService } from './listings.service';
import { MatchAccess } from './match-access';
import { MatchService } from './match.service';
import { SeatsService } from './seats.service';
import { SnapshotBackfill } from './snapshot-backfill';
import { OutboxSignal } from '../webhooks/outbox-signal';

@Module({
  imports: [StoreModule, PlayerDirectoryModule],
  providers: [MatchAccess, MatchService, SeatsService, ListingsService, ExpiryService, OutboxSignal, SnapshotBackfill],
  exports: [MatchAccess, MatchService, SeatsService, ListingsService, ExpiryService, OutboxSignal, SnapshotBackfill],
})
export class MatchesModule {}
