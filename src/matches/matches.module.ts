import { Module } from '@nestjs/common';
import { StoreModule } from '../store/store.module';
import { MatchService } from './match.service';

@Module({ imports: [StoreModule], providers: [MatchService], exports: [MatchService] })
export class MatchesModule {}
