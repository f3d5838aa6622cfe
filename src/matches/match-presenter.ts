import { Inject, Injectable } from '@nestjs/common';
import type { AnyEngine, Seat, Viewer } from '../engine/core';
import { remainingMs } from './match-clock';
import { CLOCK, type Clock } from '../common/clock';
import type { MatchState } from './decider';
import { fairnessFields } from './fairness';
import { type Loaded, MatchRepository, type Step } from './match-repository';
import type { LogEntry, MatchResponse, PlayerEntry } from './match.types';
import { deadlineOf } from './projection';

/**
 * The responses: the match as one viewer may see it. Hidden information leaves only through the engine's
 * `view` and `redactMove`, per seat (a spectator sees what no seat keeps secret).
 */
@Injectable()
export class MatchPresenter {
  constructor(
    private readonly repository: MatchRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  respond(engine: AnyEngine, loaded: Loaded, viewer: Viewer): MatchResponse {
    const { match, state } = loaded;
    const decider = this.repository.decider(engine);
    const response: MatchResponse = {
      id: match.id,
      game: match.game,
      rulesVersion: match.rulesVersion,
      status: state.status,
      version: loaded.version,
      players: playersOf(state.seats, state.left),
      toMove: decider.toMove(state),
      you: viewer === 'spectator' ? null : viewer,
      view: engine.view(state.game, viewer),
      outcome: decider.outcome(state),
      rematch: match.rematch,
      clock: clockOf(state, this.clock.now().getTime()),
      createdAt: match.createdAt.toISOString(),
      updatedAt: match.updatedAt.toISOString(),
    };
    // The seed is revealed once the match is over (finished, or aborted), never while it waits or runs.
    return Object.assign(response, fairnessFields(match, state.status === 'finished' || state.status === 'aborted'));
  }

  /** One step of the log as `viewer` sees it: its entry, the move redacted as of the match `now`. */
  entry(engine: AnyEngine, { event, before, after, move }: Step, now: Loaded, viewer: Viewer): LogEntry {
    const entry: LogEntry = { seq: event.seq, seat: event.seat, type: event.type, at: event.createdAt.toISOString() };
    if (event.type === 'MoveMade') {
      Object.assign(
        entry,
        engine.redactMove(
          { seat: event.seat as Seat, move, before: before.game, after: after.state.game, now: now.state.game },
          viewer,
        ),
      );
    }
    return entry;
  }

  /** One step as `viewer` sees it: its log entry and the match just after it. */
  step(engine: AnyEngine, step: Step, now: Loaded, viewer: Viewer): { entry: LogEntry; match: MatchResponse } {
    return { entry: this.entry(engine, step, now, viewer), match: this.respond(engine, step.after, viewer) };
  }
}

export function playersOf(seats: MatchState['seats'], left: readonly Seat[] = []): PlayerEntry[] {
  return seats.map((s, seat) => {
    const entry: PlayerEntry = { seat, name: s.name };
    if (s.player !== null) entry.player = s.player;
    if (s.open) entry.open = true;
    if (left.includes(seat)) entry.left = true;
    if (s.bot !== undefined) entry.bot = s.bot;
    return entry;
  });
}

/** `clock` in the match response: the next deadline (null once over) and each seat's time as of `now`. */
function clockOf(state: MatchState, now: number): MatchResponse['clock'] {
  if (state.clock === null) return null;
  const deadline = deadlineOf(state);
  return { deadlineAt: deadline && deadline.toISOString(), remainingMs: remainingMs(state.clock, now) };
}
