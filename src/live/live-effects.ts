import { Injectable } from '@nestjs/common';
import { type AppendEffect, AppendEffects, type MatchChange } from '../matches/append-effects';
import { AppendedEvents } from '../matches/appended';
import { MatchNotifier } from './notifier';

/**
 * Live's part of every append (src/matches/append-effects.ts): once committed, the event is announced to this
 * process's waiters (MatchNotifier listens, wakes them and tells the other instances). A change that seats
 * players (a creation, a join) also wakes their player feeds, which may not know the match yet.
 */
@Injectable()
export class LiveEffects implements AppendEffect {
  constructor(
    effects: AppendEffects,
    private readonly appended: AppendedEvents,
    private readonly notifier: MatchNotifier,
  ) {
    effects.register(this);
  }

  committed(change: MatchChange): void {
    if (change.before !== null) this.appended.emit(change.matchId, change.seq);
    if (change.seated && change.seated.length > 0) this.notifier.seated(change.matchId, change.seq, change.seated);
  }
}
