/**
 * Every type of event a match's log holds: the one list the decider's `MatchEvent`, the log entry's `type`,
 * the stream's `event:` enum in the OpenAPI document, the verifier and the web page all read.
 *
 * Why one list: it was written in five places and the stream's spec enum listed two of the five types, so a
 * browser listening for the documented names never heard that a clock ended a match (issue 26). A leaf file
 * with no imports, so the web page can bundle it.
 */
export const EVENT_TYPES = ['MoveMade', 'PlayerResigned', 'SeatJoined', 'TimedOut', 'MatchAborted'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What each event means, for the spec and docs/api.md (a new type without its meaning does not compile). */
export const EVENT_MEANINGS: Readonly<Record<EventType, string>> = {
  MoveMade:
    'a seat moved (or the server moved for it: a bot, or a clock with onTimeout "random"); the entry carries `move` and `effects`',
  PlayerResigned: 'the seat resigned: the match is over',
  SeatJoined: 'an open seat was filled by a name, a player or a bot; when the last one is, the match becomes active',
  TimedOut:
    "the seat's clock ran out, or an HTTP bot gave no legal answer in time: it lost (2 seats), or it left and the others play on (3+ seats)",
  MatchAborted:
    'the match ended without a result: it waited for players past its time, or it was left idle while active',
};

/** The list as the spec's descriptions write it: one "`Type`: meaning" line per type. */
export function describeEventTypes(): string {
  return EVENT_TYPES.map((t) => `\`${t}\`: ${EVENT_MEANINGS[t]}`).join('; ');
}
