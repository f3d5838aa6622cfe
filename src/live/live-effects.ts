import { Injectable } from '@nestjs/common';
import { type AppendEffect, AppendEffects, type MatchChange } from '../matches/append-effects';
import { AppendedEvents } from '../matches/appended';

/**
 * Live's part of every append (src/matches/append-effects.ts): once committed, the event is announced to this
 * process's waiters (MatchNotifier listens, wakes them and tells the other instances). A creation wakes nobody.
 */
@Injectable()
export class LiveEffects implements AppendEffect {
  constructor(
    effects: AppendEffects,
    private readonly appended: AppendedEvents,
  ) {
    effects.register(this);
  }

  committed(change: MatchChange): void {
    if (change.before !== null) this.appended.emit(change.matchId, change.seq);
  }
}
