import { Module } from '@nestjs/common';
import { PlayerDirectoryModule } from '../players/player-directory.module';
import { StoreModule } from '../store/store.module';
import { ExpiryService } from './expiry.service';
import { ListingsService } from './listings.service';
import { MatchAccess } from './match-access';
import { MatchService } from './match.service';
import { SeatsService } from './seats.service';
import { OutboxSignal } from '../webhooks/outbox-signal';

@Module({
  imports: [StoreModule, PlayerDirectoryModule],
  providers: [MatchAccess, MatchService, SeatsService, ListingsService, ExpiryService, OutboxSignal],
  exports: [MatchAccess, MatchService, SeatsService, ListingsService, ExpiryService, OutboxSignal],
})
export class MatchesModule {}
