/** Between the decider's events and the log's rows: `type`, `seat` and a JSON `payload`. */
import type { MatchEvent } from './decider';
import type { NewEvent, StoredEvent } from './event-store.port';

export function toNewEvent(event: MatchEvent): NewEvent {
  switch (event.type) {
    case 'MoveMade':
      return { type: event.type, seat: event.seat, payload: event.move };
    case 'PlayerResigned':
      return { type: event.type, seat: event.seat, payload: {} };
    case 'SeatJoined':
      return { type: event.type, seat: event.seat, payload: event.player === undefined ? { name: event.name } : { name: event.name, player: event.player } };
    case 'MatchAborted':
      return { type: event.type, seat: null, payload: { reason: event.reason } };
  }
}

export function fromStored(row: StoredEvent): MatchEvent {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  switch (row.type) {
    case 'MoveMade':
      return { type: row.type, seat: row.seat as number, move: row.payload };
    case 'PlayerResigned':
      return { type: row.type, seat: row.seat as number };
    case 'SeatJoined':
      return payload.player === undefined
        ? { type: row.type, seat: row.seat as number, name: String(payload.name) }
        : { type: row.type, seat: row.seat as number, name: String(payload.name), player: String(payload.player as string) };
    case 'MatchAborted':
      return { type: row.type, reason: payload.reason === 'abandoned' ? 'abandoned' : 'expired' };
  }
}
