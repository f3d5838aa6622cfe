import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import type { Database } from '../store/database';
import { PrismaClaimQueue } from '../matches/postgres/prisma-work-queues';
import { DATABASE } from '../store/store.module';
import { ClockScheduler } from './clock.scheduler';
import { DEADLINES } from './deadlines.port';

/** Clocks: the scheduler that applies deadlines (the clock itself is folded by the match decider). */
@Module({
  imports: [MatchesModule],
  providers: [
    ClockScheduler,
    {
      provide: DEADLINES,
      inject: [DATABASE],
      useFactory: (db: Database) => new PrismaClaimQueue(db.prisma, 'deadline'),
    },
  ],
  exports: [ClockScheduler],
})
export class ClocksModule {}
