/**
 * Named components of clocks, webhooks (issue 11), bot seats, tournaments and ratings (issue 12), added to the
 * document beside the match's own (openapi.ts). Strict like them: every object closes its properties.
 */
const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

const NAME = { type: 'string', minLength: 1, maxLength: 40 };

/** Extra properties of the match response (API.md "Clocks", "Bots"), and of a seat in it. */
export const MATCH_PLAY_PROPERTIES = {
  clock: { ...ref('MatchClock'), description: 'The clock, live as of the response; null without a time control.' } as object,
};

export const PLAYER_PLAY_PROPERTIES = {
  left: { type: 'boolean', enum: [true], description: 'The seat forfeited on time in a match of 3+ seats: it is skipped from then on and cannot win.' },
  bot: { type: 'string', description: 'A server-side bot plays the seat: a built-in bot\'s id, or "http" (a tournament\'s HTTP bot).' },
};

/** The clock and webhook fields of a create body (API.md "Clocks", "Webhooks"). */
export const CREATE_PLAY_PROPERTIES = {
  timeControl: ref('TimeControl'),
  onTimeout: {
    // No `default` keyword in request schemas: generated client types would make the field required.
    type: 'string', enum: ['forfeit', 'random'],
    description: 'forfeit (the default): the seat loses (in 3+ seats it leaves and the others play on); random: the server plays a random legal move for it. Needs timeControl.',
  },
  webhooks: {
    type: 'array', maxItems: 5,
    description: 'URLs posted to for match.started, turn.started and match.finished, signed (Standard Webhooks) with the webhookSecret of the response.',
    items: {
      type: 'object', required: ['url'], additionalProperties: false,
      properties: { url: { type: 'string', minLength: 1, maxLength: 2000, example: 'https://example.com/turnbase', description: 'https:// (http:// and private addresses only with WEBHOOK_ALLOW_PRIVATE=1).' } },
    },
  },
};

export const CREATED_PLAY_PROPERTIES = {
  webhookSecret: {
    type: 'string', pattern: '^whsec_',
    description: 'With webhooks: the secret that signs their deliveries (Standard Webhooks), shown this once. It also opens GET …/webhook-deliveries.',
  },
};

/** A seat of the create body that a server-side bot plays (one of CreateMatchPlayer's forms). */
export const BOT_SEAT = {
  type: 'object', additionalProperties: false, required: ['bot'],
  properties: { bot: { ...NAME, example: 'random', description: 'One of GET /games/{game}/bots (every game has random and greedy).' }, name: { ...NAME, description: 'Defaults to the bot\'s id.' } },
};

const ENTRANT = {
  type: 'object', additionalProperties: false, required: ['name', 'kind'],
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: ['bot', 'http', 'player'] },
    bot: { type: 'string' },
    url: { type: 'string' },
    player: { type: 'string', format: 'uuid' },
    requests: { type: 'integer', minimum: 0 },
    failures: { type: 'integer', minimum: 0 },
    meanLatencyMs: { type: 'integer', nullable: true },
  },
};

function tournament(entrant: string): object {
  return {
    type: 'object', additionalProperties: false,
    required: ['id', 'game', 'format', 'status', 'seatsPerMatch', 'plannedRounds', 'botTimeoutMs', 'entrants', 'standings', 'rounds', 'createdAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string' },
      format: { type: 'string', enum: ['round-robin', 'swiss'] },
      status: { type: 'string', enum: ['running', 'finished'] },
      seatsPerMatch: { type: 'integer', minimum: 2 },
      plannedRounds: { type: 'integer', minimum: 1 },
      botTimeoutMs: { type: 'integer', minimum: 1, maximum: 60000, description: 'How long an HTTP bot of this tournament may take for a turn (never past the clock\'s deadline): as created, or the server\'s BOT_HTTP_TIMEOUT_MS.' },
      entrants: { type: 'array', items: ref(entrant) },
      standings: { type: 'array', items: ref('TournamentStanding') },
      rounds: { type: 'array', items: ref('TournamentRound') },
      createdAt: { type: 'string', format: 'date-time' },
    },
  };
}

export const PLAY_SCHEMAS: Record<string, object> = {
  MatchClock: {
    type: 'object', nullable: true, additionalProperties: false, required: ['deadlineAt', 'remainingMs'],
    description: 'Null for a match without a time control.',
    properties: {
      deadlineAt: { type: 'string', format: 'date-time', nullable: true, description: 'When the seat to move runs out (the earliest, in simultaneous phases); null while waiting and once over.' },
      remainingMs: { type: 'array', items: { type: 'integer' }, description: 'By seat: the time left of a seat to move, the time in hand of the others (perMoveSeconds: the full allowance).' },
    },
  },
  TimeControl: {
    description: 'A clock: { perMoveSeconds } (correspondence) or { initialSeconds, incrementSeconds } (Fischer), not both. It starts when the match becomes active.',
    oneOf: [
      { type: 'object', additionalProperties: false, required: ['perMoveSeconds'], properties: { perMoveSeconds: { type: 'integer', minimum: 1, maximum: 31_536_000, example: 86_400 } } },
      {
        type: 'object', additionalProperties: false, required: ['initialSeconds'],
        properties: { initialSeconds: { type: 'integer', minimum: 1, maximum: 31_536_000, example: 600 }, incrementSeconds: { type: 'integer', minimum: 0, maximum: 86_400, description: '0 when absent.' } },
      },
    ],
  },
  WebhookDeliveries: {
    type: 'object', additionalProperties: false, required: ['deliveries'],
    properties: { deliveries: { type: 'array', items: ref('WebhookDelivery') } },
  },
  WebhookDelivery: {
    type: 'object', additionalProperties: false,
    required: ['id', 'url', 'seq', 'type', 'status', 'attempts', 'createdAt', 'nextAttemptAt', 'deliveredAt'],
    properties: {
      id: { type: 'string', description: 'The webhook-id header: the same on every attempt.' },
      url: { type: 'string' },
      seq: { type: 'integer', minimum: 0, description: 'The event\'s seq (0: the match started at its creation).' },
      type: { type: 'string', enum: ['match.started', 'turn.started', 'match.finished'] },
      status: { type: 'string', enum: ['pending', 'delivered', 'failed', 'disabled'], description: 'failed: given up after the retry window; disabled: the endpoint answered 410.' },
      createdAt: { type: 'string', format: 'date-time' },
      nextAttemptAt: { type: 'string', format: 'date-time' },
      deliveredAt: { type: 'string', format: 'date-time', nullable: true },
      attempts: { type: 'array', items: ref('WebhookAttempt') },
    },
  },
  WebhookAttempt: {
    type: 'object', additionalProperties: false, required: ['n', 'at', 'statusCode', 'error', 'durationMs'],
    properties: {
      n: { type: 'integer', minimum: 1 },
      at: { type: 'string', format: 'date-time' },
      statusCode: { type: 'integer', nullable: true, description: 'Null when there was no answer.' },
      error: { type: 'string', nullable: true },
      durationMs: { type: 'integer', minimum: 0 },
    },
  },
  BotList: {
    type: 'object', additionalProperties: false, required: ['bots'],
    properties: { bots: { type: 'array', items: ref('Bot'), description: 'Weakest first.' } },
  },
  Bot: {
    type: 'object', additionalProperties: false, required: ['id', 'description'],
    properties: { id: { type: 'string' }, description: { type: 'string' } },
  },
  Leaderboard: {
    type: 'object', additionalProperties: false, required: ['entries'],
    properties: { entries: { type: 'array', items: ref('LeaderboardEntry'), description: 'Highest rating first.' } },
  },
  LeaderboardEntry: {
    type: 'object', additionalProperties: false, required: ['name', 'kind', 'rating', 'matches'],
    properties: {
      name: { type: 'string' },
      kind: { type: 'string', enum: ['player', 'bot'] },
      rating: { type: 'number', description: 'OpenSkill (Weng-Lin) mu - 3 sigma; 0 for a newcomer.' },
      matches: { type: 'integer', minimum: 0 },
    },
  },
  CreateTournamentRequest: {
    type: 'object', additionalProperties: false, required: ['game', 'format', 'entrants'],
    properties: {
      game: { type: 'string', minLength: 1, maxLength: 40 },
      format: { type: 'string', enum: ['round-robin', 'swiss'] },
      rounds: { type: 'integer', minimum: 1, maximum: 50, description: 'Swiss: the number of rounds (default: ceil(log2 entrants)). Round robin: how many times every pair (or table) meets (default 1).' },
      seatsPerMatch: { type: 'integer', minimum: 2, maximum: 6, description: 'Seats per match (default: the game\'s fewest).' },
      options: { type: 'object', additionalProperties: true, description: 'Game options for every match.' },
      timeControl: ref('TimeControl'),
      onTimeout: { type: 'string', enum: ['forfeit', 'random'], description: 'What a timeout does, forfeit when absent (a late, failed or illegal answer of an HTTP bot is one).' },
      entrants: { type: 'array', minItems: 2, maxItems: 64, items: ref('TournamentEntrantRequest') },
      botTimeoutMs: { type: 'integer', minimum: 1, maximum: 60000, description: 'How long an HTTP bot of this tournament may take for a turn, in ms (default: the server\'s BOT_HTTP_TIMEOUT_MS, 5000); never past the clock\'s deadline. Over 60000 is 400 VALIDATION_FAILED.' },
    },
  },
  TournamentEntrantRequest: {
    type: 'object', additionalProperties: false,
    description: '{ name, bot } (a built-in bot), { name, url } (an HTTP bot) or { player } (a player, by id).',
    properties: {
      name: { ...NAME, description: 'Unique in the tournament. Required for bots; a player enters under the player\'s name.' },
      bot: { ...NAME, description: 'A built-in bot (GET /games/{game}/bots).' },
      url: { type: 'string', minLength: 1, maxLength: 2000, description: 'An HTTP bot: each of its turns is posted here, signed with the webhookSecret of the create response.' },
      player: { type: 'string', format: 'uuid', description: 'A player enters only itself: the request must carry that player\'s key (Authorization: Bearer tbp_…), else 403 FORBIDDEN.' },
    },
  },
  TournamentEntrant: ENTRANT,
  CreatedTournamentEntrant: {
    ...ENTRANT,
    properties: { ...ENTRANT.properties, webhookSecret: { type: 'string', description: 'HTTP bots only, shown this once: signs every request to the bot.' } },
  },
  TournamentStanding: {
    type: 'object', additionalProperties: false, required: ['name', 'points', 'played', 'rating', 'buchholz', 'sonnebornBerger'],
    properties: {
      name: { type: 'string' },
      points: { type: 'number' },
      played: { type: 'integer', minimum: 0 },
      rating: { type: 'number', nullable: true, description: 'OpenSkill rating (mu - 3 sigma) in this game; null until the entrant has a rated match.' },
      buchholz: { type: 'number' },
      sonnebornBerger: { type: 'number' },
    },
  },
  TournamentRound: {
    type: 'object', additionalProperties: false, required: ['round', 'matches'],
    properties: {
      round: { type: 'integer' },
      matches: {
        type: 'array',
        items: {
          type: 'object', additionalProperties: false, required: ['id', 'seats', 'points'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            seats: { type: 'array', items: { type: 'string' }, description: 'Entrant names in seat order.' },
            points: { type: 'array', items: { type: 'number' }, nullable: true, description: 'By seat, once the match has ended.' },
          },
        },
      },
    },
  },
  Tournament: tournament('TournamentEntrant'),
  CreatedTournament: tournament('CreatedTournamentEntrant'),
};

/** The legal moves an HTTP bot is sent at most (src/bots/bot-runner.ts keeps to it). */
const HTTP_BOT_MAX_LEGAL_MOVES = 2000;

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The message id: the same on every attempt of one message (dedupe on it).' },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d+$' }, description: 'Unix seconds of this attempt.' },
  {
    name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string', pattern: '^v1,' },
    description: 'Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body">, keyed by the base64 after whsec_ of the secret.',
  },
];

/**
 * What the server sends out rather than answers (API.md "Webhooks", "Bots and tournaments"): the body posted to
 * a webhook URL, the turn posted to an HTTP bot and the answer it takes back. `games` are the registry's, for
 * the `game` enums and the per-game match and move shapes.
 */
export function outgoingSchemas(games: readonly { id: string; schemaName: string }[]): Record<string, object> {
  const ids = games.map((g) => g.id);
  const anyMove = { anyOf: games.map((g) => ref(`${g.schemaName}Move`)), description: 'A move of the match\'s game, in the form POST …/moves takes.' };
  return {
    WebhookEvent: {
      type: 'object', additionalProperties: false, required: ['type', 'timestamp', 'data'],
      description: 'Posted to each webhook URL of a match for each of its events, signed (Standard Webhooks). Nothing hidden: re-read the match with a seat\'s token.',
      properties: {
        type: { type: 'string', enum: ['match.started', 'turn.started', 'match.finished'], description: 'match.started once, when the match becomes active; turn.started after each later event with a seat to move; match.finished when it ends (finished, or aborted).' },
        timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
        data: {
          type: 'object', additionalProperties: false, required: ['game', 'matchId', 'seq', 'version', 'status', 'toMove'],
          properties: {
            game: { type: 'string', enum: ids },
            matchId: { type: 'string', format: 'uuid' },
            seq: { type: 'integer', minimum: 0, description: 'The event\'s seq (0: the match started at its creation). Deliveries are not ordered: sort by it.' },
            version: { type: 'integer', minimum: 0, description: 'The match\'s version after the event: the same as seq.' },
            status: { type: 'string', enum: ['active', 'finished', 'aborted'] },
            toMove: { type: 'array', items: { type: 'integer', minimum: 0 }, description: 'The seats to move after the event; empty once over.' },
          },
        },
      },
    },
    HttpBotTurn: {
      type: 'object', additionalProperties: false, required: ['game', 'matchId', 'seat', 'version', 'match', 'legalMoves', 'deadlineAt'],
      description: 'Posted to an HTTP bot (a tournament entrant with a url) for each of its turns, signed (Standard Webhooks) with the entrant\'s webhookSecret.',
      properties: {
        game: { type: 'string', enum: ids },
        matchId: { type: 'string', format: 'uuid' },
        seat: { type: 'integer', minimum: 0, description: 'The bot\'s seat, to move.' },
        version: { type: 'integer', minimum: 0, description: 'The version the move is decided on.' },
        match: { oneOf: games.map((g) => ref(`${g.schemaName}Match`)), description: 'The match response as the seat sees it (you = seat).' },
        legalMoves: { type: 'array', maxItems: HTTP_BOT_MAX_LEGAL_MOVES, items: anyMove, description: `The seat's legal moves (the first ${HTTP_BOT_MAX_LEGAL_MOVES} the engine lists).` },
        deadlineAt: { type: 'string', format: 'date-time', description: 'The answer must arrive by then: the match clock\'s deadline, capped by BOT_HTTP_TIMEOUT_MS.' },
      },
    },
    HttpBotAnswer: {
      type: 'object', required: ['move'],
      description: 'An HTTP bot\'s answer (200, JSON; other properties are ignored). A late, failed or illegal answer counts as a timeout.',
      properties: { move: anyMove },
    },
  };
}

const requestOf = (name: string): object => ({ required: true, content: { 'application/json': { schema: ref(name) } } });

/** The webhook deliveries of a match, as a callback of its create operation. */
export const WEBHOOK_CALLBACKS = {
  matchEvent: {
    '{$request.body#/webhooks/0/url}': {
      post: {
        summary: 'A match event, posted to each URL of "webhooks"',
        description: 'At least once, for each event of the match and each URL; retried with backoff (honouring Retry-After) for WEBHOOK_RETRY_WINDOW_SECONDS.',
        parameters: SIGNATURE_HEADERS,
        requestBody: requestOf('WebhookEvent'),
        responses: {
          '2XX': { description: 'Delivered.' },
          '410': { description: 'Gone: the endpoint is disabled; nothing more is sent to it.' },
          default: { description: 'Any other answer, or none within WEBHOOK_TIMEOUT_MS: tried again later with the same webhook-id.' },
        },
      },
    },
  },
};

/** The turns of a tournament's HTTP bots, as a callback of POST /tournaments. */
export const HTTP_BOT_CALLBACKS = {
  httpBotTurn: {
    '{$request.body#/entrants/0/url}': {
      post: {
        summary: 'A turn of an HTTP bot, posted to the url of each entrant that has one',
        description: 'One request per turn of the bot; the answer must arrive by deadlineAt.',
        parameters: SIGNATURE_HEADERS,
        requestBody: requestOf('HttpBotTurn'),
        responses: {
          '200': { description: 'The bot\'s move.', content: { 'application/json': { schema: ref('HttpBotAnswer') } } },
          default: { description: 'Any other answer, none by deadlineAt, or an illegal move: a timeout (TimedOut, under the tournament\'s onTimeout).' },
        },
      },
    },
  },
};
