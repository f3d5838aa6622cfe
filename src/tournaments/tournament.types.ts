/** The tournament routes' answers (docs/api.md "Bots and tournaments"). */
export interface EntrantView {
  name: string;
  kind: 'bot' | 'http' | 'player';
  bot?: string;
  url?: string;
  player?: string;
  /** HTTP bots: requests sent, how many failed (late, no answer, illegal), their mean latency. */
  requests?: number;
  failures?: number;
  meanLatencyMs?: number | null;
  /** In the create response only, for HTTP bots: the secret that signs their requests. */
  webhookSecret?: string;
}

export interface StandingView {
  name: string;
  points: number;
  played: number;
  /** OpenSkill rating (mu - 3 sigma) in this game; null until the entrant has a rated match. */
  rating: number | null;
  buchholz: number;
  sonnebornBerger: number;
}

export interface TournamentResponse {
  id: string;
  game: string;
  format: 'round-robin' | 'swiss' | 'arena';
  /** upcoming: its startsAt is ahead (or the director has not created its first round yet). */
  status: 'upcoming' | 'running' | 'finished';
  /** When its first round is (or was) created: the create body's startsAt, else its creation. */
  startsAt: string;
  seatsPerMatch: number;
  /** The rounds the tournament plays in all; null in an arena (each pairing there is a round). */
  plannedRounds: number | null;
  /** Arenas: when pairing stops (matches running then are played out); null in the other formats. */
  endsAt: string | null;
  /** How long an HTTP bot of this tournament may take for a turn (ms): as created, else BOT_HTTP_TIMEOUT_MS. */
  botTimeoutMs: number;
  entrants: EntrantView[];
  standings: StandingView[];
  rounds: { round: number; matches: { id: string; seats: string[]; points: number[] | null }[] }[];
  createdAt: string;
}
