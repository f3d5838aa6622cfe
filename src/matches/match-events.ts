/** Between the decider's events and the log's rows: `type`, `seat` and a JSON `payload`. */
import type { MatchEvent } from './decider';
import type { NewEvent, StoredEvent } from './event-store.port';

// The time is set on the new row, not spread into a copy: a spread that adds a property costs about 1 µs on
// Node 20's V8 (bench/README.md, "Object spreads"), once per move here and once per event in every replay.
export function toNewEvent(event: MatchEvent): NewEvent {
  const row = rowOf(event) as { at?: Date };
  if (event.at !== undefined) row.at = new Date(event.at);
  return row as NewEvent;
}

function rowOf(event: MatchEvent): NewEvent {
  switch (event.type) {
    case 'MoveMade':
      return { type: event.type, seat: event.seat, payload: event.move };
    case 'PlayerResigned':
      return { type: event.type, seat: event.seat, payload: {} };
    case 'SeatJoined':
      return {
        type: event.type,
        seat: event.seat,
        payload: {
          name: event.name,
          ...(event.player === undefined ? {} : { player: event.player }),
          ...(event.bot === undefined ? {} : { bot: event.bot }),
        },
      };
    case 'MatchAborted':
      return { type: event.type, seat: null, payload: { reason: event.reason } };
    case 'TimedOut':
      return { type: event.type, seat: event.seat, payload: {} };
  }
}

/** The event of a stored row, with the time it was recorded (the clock is folded from it). */
export function fromStored(row: StoredEvent): MatchEvent {
  const event = eventOf(row) as { at?: number };
  event.at = row.createdAt.getTime();
  return event as MatchEvent;
}

function eventOf(row: StoredEvent): MatchEvent {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  switch (row.type) {
    case 'MoveMade':
      return { type: row.type, seat: row.seat as number, move: row.payload };
    case 'PlayerResigned':
      return { type: row.type, seat: row.seat as number };
    case 'SeatJoined':
      return {
        type: row.type,
        seat: row.seat as number,
        name: String(payload.name),
        ...(typeof payload.player === 'string' ? { player: payload.player } : {}),
        ...(typeof payload.bot === 'string' ? { bot: payload.bot } : {}),
      };
    case 'MatchAborted':
      return { type: row.type, reason: payload.reason === 'abandoned' ? 'abandoned' : 'expired' };
    case 'TimedOut':
      return { type: row.type, seat: row.seat as number };
  }
}
