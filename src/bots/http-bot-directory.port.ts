/**
 * Where an HTTP bot seat's requests go. HTTP bots are tournament entrants (docs/api.md "Bots and tournaments"), so
 * the tournaments store answers this; the bot runner only knows the port.
 */
export interface HttpBotEndpoint {
  /** Names the bot for the latency records (the tournament's entrant). */
  readonly tournamentId: string;
  readonly entrant: number;
  readonly url: string;
  /** whsec_…: signs every request, as webhooks are signed. */
  readonly secret: string;
  /** How long the bot may take for a turn (its tournament's botTimeoutMs); null: BOT_HTTP_TIMEOUT_MS. */
  readonly timeoutMs: number | null;
}

export interface HttpBotCall {
  readonly latencyMs: number;
  /** A late, failed or illegal answer (it counted as a timeout). */
  readonly failed: boolean;
}

export interface HttpBotDirectory {
  endpointFor(matchId: string, seat: number): Promise<HttpBotEndpoint | null>;
  /** Latency is recorded per bot. */
  recordCall(endpoint: HttpBotEndpoint, call: HttpBotCall): Promise<void>;
}

export const HTTP_BOT_DIRECTORY = Symbol('HTTP_BOT_DIRECTORY');
