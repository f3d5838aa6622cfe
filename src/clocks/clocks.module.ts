import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { ClockScheduler } from './clock.scheduler';

/** Clocks: the scheduler that applies deadlines (the clock itself is folded by the match decider). */
@Module({ imports: [MatchesModule], providers: [ClockScheduler], exports: [ClockScheduler] })
export class ClocksModule {}
