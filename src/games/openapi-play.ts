/**
 * Named components of clocks, webhooks (issue 11), bot seats, tournaments and ratings (issue 12), added to the
 * document beside the match's own (openapi.ts). Strict like them: every object closes its properties.
 */
import { ref } from '../common/openapi';

const NAME = { type: 'string', minLength: 1, maxLength: 40 };

/** Extra properties of the match response (docs/api.md "Clocks", "Bots"), and of a seat in it. */
export const MATCH_PLAY_PROPERTIES = {
  clock: {
    ...ref('MatchClock'),
    description: 'The clock, live as of the response; null without a time control.',
  } as object,
};

export const PLAYER_PLAY_PROPERTIES = {
  left: {
    type: 'boolean',
    enum: [true],
    description: 'The seat forfeited on time in a match of 3+ seats: it is skipped from then on and cannot win.',
  },
  bot: {
    type: 'string',
    description: 'A server-side bot plays the seat: a built-in bot\'s id, or "http" (a tournament\'s HTTP bot).',
  },
};

/** The clock and webhook fields of a create body (docs/api.md "Clocks", "Webhooks"). */
export const CREATE_PLAY_PROPERTIES = {
  timeControl: ref('TimeControl'),
  onTimeout: {
    // No `default` keyword in request schemas: generated client types would make the field required.
    type: 'string',
    enum: ['forfeit', 'random'],
    description:
      'forfeit (the default): the seat loses (in 3+ seats it leaves and the others play on); random: the server plays a random legal move for it. Needs timeControl.',
  },
  webhooks: {
    type: 'array',
    maxItems: 5,
    description:
      'URLs posted to for match.started, turn.started and match.finished, signed (Standard Webhooks) with the webhookSecret of the response.',
    items: {
      type: 'object',
      required: ['url'],
      additionalProperties: false,
      properties: {
        url: {
          type: 'string',
          minLength: 1,
          maxLength: 2000,
          example: 'https://example.com/turnbase',
          description: 'https:// (http:// and private addresses only with WEBHOOK_ALLOW_PRIVATE=1).',
        },
      },
    },
  },
};

export const CREATED_PLAY_PROPERTIES = {
  webhookSecret: {
    type: 'string',
    pattern: '^whsec_',
    description:
      'With webhooks: the secret that signs their deliveries (Standard Webhooks), shown this once. It also opens GET …/webhook-deliveries.',
  },
};

/** A seat of the create body that a server-side bot plays (one of CreateMatchPlayer's forms). */
export const BOT_SEAT = {
  type: 'object',
  additionalProperties: false,
  required: ['bot'],
  properties: {
    bot: {
      ...NAME,
      example: 'random',
      description: 'One of GET /games/{game}/bots (every game has random and greedy).',
    },
    name: { ...NAME, description: "Defaults to the bot's id." },
  },
};

const ENTRANT = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'kind'],
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

/** The steps of a tournament's stream, in the order they happen for each round. */
const TOURNAMENT_STEPS = {
  'round.started': 'A round was created (its matches are under way).',
  'match.finished': 'A match of the round ended and was scored.',
  'tournament.finished': 'The last match was scored: the standings are final, and the stream ends.',
};

function tournament(entrant: string): object {
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      'id',
      'game',
      'format',
      'status',
      'seatsPerMatch',
      'plannedRounds',
      'endsAt',
      'startsAt',
      'botTimeoutMs',
      'entrants',
      'standings',
      'rounds',
      'createdAt',
    ],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string' },
      format: { type: 'string', enum: ['round-robin', 'swiss', 'arena'] },
      status: {
        type: 'string',
        enum: ['upcoming', 'running', 'finished'],
        description: 'upcoming: its startsAt is ahead (no match of it exists yet); running from its first round.',
      },
      startsAt: {
        type: 'string',
        format: 'date-time',
        description: "When its first round is (or was) created: the create body's startsAt, else its creation.",
      },
      seatsPerMatch: { type: 'integer', minimum: 2 },
      plannedRounds: {
        type: 'integer',
        minimum: 1,
        nullable: true,
        description: 'The rounds played in all; null in an arena, where each pairing is a round.',
      },
      endsAt: {
        type: 'string',
        format: 'date-time',
        nullable: true,
        description: 'Arenas: when pairing stops (matches running then are played out); null in the other formats.',
      },
      botTimeoutMs: {
        type: 'integer',
        minimum: 1,
        maximum: 60000,
        description:
          "How long an HTTP bot of this tournament may take for a turn (never past the clock's deadline): as created, or the server's BOT_HTTP_TIMEOUT_MS.",
      },
      entrants: { type: 'array', items: ref(entrant) },
      standings: { type: 'array', items: ref('TournamentStanding') },
      rounds: { type: 'array', items: ref('TournamentRound') },
      createdAt: { type: 'string', format: 'date-time' },
    },
  };
}

/** What every tournament's create body holds; CreateTournamentRequest is one such shape per game (outgoingSchemas). */
const TOURNAMENT_REQUEST = {
  type: 'object',
  additionalProperties: false,
  required: ['game', 'format', 'entrants'],
  properties: {
    game: { type: 'string', minLength: 1, maxLength: 40 },
    format: { type: 'string', enum: ['round-robin', 'swiss', 'arena'] },
    minutes: {
      type: 'integer',
      minimum: 1,
      maximum: 1440,
      description: 'Arenas (required there, refused elsewhere): how many minutes free entrants are paired again.',
    },
    rounds: {
      type: 'integer',
      minimum: 1,
      maximum: 50,
      description:
        'Swiss: the number of rounds (default: ceil(log2 entrants)). Round robin: how many times every pair (or table) meets (default 1).',
    },
    seatsPerMatch: {
      type: 'integer',
      minimum: 2,
      maximum: 6,
      description: "Seats per match (default: the game's fewest).",
    },
    options: { type: 'object', additionalProperties: true, description: 'Game options for every match.' },
    timeControl: ref('TimeControl'),
    onTimeout: {
      type: 'string',
      enum: ['forfeit', 'random'],
      description: 'What a timeout does, forfeit when absent (a late, failed or illegal answer of an HTTP bot is one).',
    },
    entrants: { type: 'array', minItems: 2, maxItems: 64, items: ref('TournamentEntrantRequest') },
    startsAt: {
      type: 'string',
      format: 'date-time',
      maxLength: 64,
      example: '2026-06-01T18:00:00Z',
      description:
        'When the first round is created (ISO 8601 with its zone), now when absent: until then no match, clock or bot turn of the tournament runs, and its status is upcoming. ' +
        'Not a time, more than 5 minutes past, or more than 366 days ahead is 400 VALIDATION_FAILED (reason tournament/starts-at, tournament/starts-at-past, tournament/starts-at-far).',
    },
    botTimeoutMs: {
      type: 'integer',
      minimum: 1,
      maximum: 60000,
      description:
        "How long an HTTP bot of this tournament may take for a turn, in ms (default: the server's BOT_HTTP_TIMEOUT_MS, 5000); never past the clock's deadline. Over 60000 is 400 VALIDATION_FAILED.",
    },
  },
};

export const PLAY_SCHEMAS: Record<string, object> = {
  MatchClock: {
    type: 'object',
    nullable: true,
    additionalProperties: false,
    required: ['deadlineAt', 'remainingMs'],
    description: 'Null for a match without a time control.',
    properties: {
      deadlineAt: {
        type: 'string',
        format: 'date-time',
        nullable: true,
        description:
          'When the seat to move runs out (the earliest, in simultaneous phases); null while waiting and once over.',
      },
      remainingMs: {
        type: 'array',
        items: { type: 'integer' },
        description:
          'By seat: the time left of a seat to move, the time in hand of the others (perMoveSeconds: the full allowance).',
      },
    },
  },
  TimeControl: {
    description:
      'A clock: { perMoveSeconds } (correspondence) or { initialSeconds, incrementSeconds } (Fischer), not both. It starts when the match becomes active.',
    oneOf: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['perMoveSeconds'],
        properties: { perMoveSeconds: { type: 'integer', minimum: 1, maximum: 31_536_000, example: 86_400 } },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['initialSeconds'],
        properties: {
          initialSeconds: { type: 'integer', minimum: 1, maximum: 31_536_000, example: 600 },
          incrementSeconds: { type: 'integer', minimum: 0, maximum: 86_400, description: '0 when absent.' },
        },
      },
    ],
  },
  WebhookDeliveries: {
    type: 'object',
    additionalProperties: false,
    required: ['deliveries'],
    properties: { deliveries: { type: 'array', items: ref('WebhookDelivery') } },
  },
  WebhookDelivery: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'url', 'seq', 'type', 'status', 'attempts', 'createdAt', 'nextAttemptAt', 'deliveredAt'],
    properties: {
      id: { type: 'string', description: 'The webhook-id header: the same on every attempt.' },
      url: { type: 'string' },
      seq: { type: 'integer', minimum: 0, description: "The event's seq (0: the match started at its creation)." },
      type: { type: 'string', enum: ['match.started', 'turn.started', 'match.finished'] },
      status: {
        type: 'string',
        enum: ['pending', 'delivered', 'failed', 'disabled'],
        description: 'failed: given up after the retry window; disabled: the endpoint answered 410.',
      },
      createdAt: { type: 'string', format: 'date-time' },
      nextAttemptAt: { type: 'string', format: 'date-time' },
      deliveredAt: { type: 'string', format: 'date-time', nullable: true },
      attempts: { type: 'array', items: ref('WebhookAttempt') },
    },
  },
  WebhookAttempt: {
    type: 'object',
    additionalProperties: false,
    required: ['n', 'at', 'statusCode', 'error', 'durationMs'],
    properties: {
      n: { type: 'integer', minimum: 1 },
      at: { type: 'string', format: 'date-time' },
      statusCode: { type: 'integer', nullable: true, description: 'Null when there was no answer.' },
      error: {
        type: 'string',
        nullable: true,
        example: 'unreachable',
        description:
          '`refused` (the address is not allowed), `unreachable` (no answer: no such name, no connection, a reset, no answer in time), or `HTTP <status>` for an answer that was not 2xx; null when delivered.',
      },
      durationMs: { type: 'integer', minimum: 0 },
    },
  },
  BotList: {
    type: 'object',
    additionalProperties: false,
    required: ['bots'],
    properties: { bots: { type: 'array', items: ref('Bot'), description: 'Weakest first.' } },
  },
  Bot: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'description'],
    properties: { id: { type: 'string' }, description: { type: 'string' } },
  },
  Leaderboard: {
    type: 'object',
    additionalProperties: false,
    required: ['entries'],
    properties: { entries: { type: 'array', items: ref('LeaderboardEntry'), description: 'Highest rating first.' } },
  },
  LeaderboardEntry: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'kind', 'rating', 'matches'],
    properties: {
      name: { type: 'string' },
      kind: { type: 'string', enum: ['player', 'bot'] },
      rating: { type: 'number', description: 'OpenSkill (Weng-Lin) mu - 3 sigma; 0 for a newcomer.' },
      matches: { type: 'integer', minimum: 0 },
    },
  },
  TournamentEntrantRequest: {
    type: 'object',
    additionalProperties: false,
    description: '{ name, bot } (a built-in bot), { name, url } (an HTTP bot) or { player } (a player, by id).',
    properties: {
      name: {
        ...NAME,
        description: "Unique in the tournament. Required for bots; a player enters under the player's name.",
      },
      bot: { ...NAME, description: 'A built-in bot (GET /games/{game}/bots).' },
      url: {
        type: 'string',
        minLength: 1,
        maxLength: 2000,
        description:
          'An HTTP bot: each of its turns is posted here, signed with its webhookSecret (its own, else the one of the create response).',
      },
      webhookSecret: {
        type: 'string',
        pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
        example: 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
        description:
          'An HTTP bot only: its own secret, "whsec_" and the base64 of 24 to 64 random bytes, that signs its requests, known to its host before its first turn. ' +
          'Given, the create response does not repeat it; absent, the server makes one and answers it once. Anything else is 400 VALIDATION_FAILED (reason entrants/webhook-secret).',
      },
      player: {
        type: 'string',
        format: 'uuid',
        description:
          "A player enters only itself: the request must carry that player's key (Authorization: Bearer tbp_…), else 403 FORBIDDEN.",
      },
    },
  },
  TournamentEntrant: ENTRANT,
  CreatedTournamentEntrant: {
    ...ENTRANT,
    properties: {
      ...ENTRANT.properties,
      webhookSecret: {
        type: 'string',
        description:
          'HTTP bots only, shown this once: signs every request to the bot. Absent for a bot that brought its own webhookSecret.',
      },
    },
  },
  TournamentStanding: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'points', 'played', 'rating', 'buchholz', 'sonnebornBerger'],
    properties: {
      name: { type: 'string' },
      points: { type: 'number' },
      played: { type: 'integer', minimum: 0 },
      rating: {
        type: 'number',
        nullable: true,
        description: 'OpenSkill rating (mu - 3 sigma) in this game; null until the entrant has a rated match.',
      },
      buchholz: { type: 'number' },
      sonnebornBerger: { type: 'number' },
    },
  },
  TournamentRound: {
    type: 'object',
    additionalProperties: false,
    required: ['round', 'matches'],
    properties: {
      round: { type: 'integer' },
      matches: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'seats', 'points'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            seats: { type: 'array', items: { type: 'string' }, description: 'Entrant names in seat order.' },
            points: {
              type: 'array',
              items: { type: 'number' },
              nullable: true,
              description: 'By seat, once the match has ended.',
            },
          },
        },
      },
    },
  },
  Tournament: tournament('TournamentEntrant'),
  CreatedTournament: tournament('CreatedTournamentEntrant'),
  TournamentStreamEvent: {
    description:
      "An event of GET /tournaments/{id}/events: one per step, in order, `id:` the step's number. Discriminated by `event`.",
    oneOf: (['round.started', 'match.finished', 'tournament.finished'] as const).map((kind) => ({
      type: 'object',
      additionalProperties: false,
      required: ['id', 'event', 'data'],
      properties: {
        id: {
          type: 'integer',
          minimum: 1,
          description:
            "The step's number (rounds created + matches scored + 1 at the end, so far): resume after it with Last-Event-ID.",
        },
        event: { type: 'string', enum: [kind], description: TOURNAMENT_STEPS[kind] },
        data: {
          type: 'object',
          additionalProperties: false,
          required: ['progress', 'round', 'tournament'],
          properties: {
            progress: { type: 'integer', minimum: 1, description: "The step's number (the same as id)." },
            round:
              kind === 'tournament.finished'
                ? { type: 'integer', nullable: true, enum: [null], description: "Null: the end is no round's step." }
                : { type: 'integer', minimum: 1, description: 'The round the step belongs to.' },
            tournament: {
              ...ref('Tournament'),
              description: 'The tournament as read when the event was sent: it may already show later steps.',
            },
          },
        },
      },
    })),
  },
};

/** The player feed's `id:` values: its own cursor. */
const FEED_ID = { type: 'string', description: "The feed's cursor: resume after it with Last-Event-ID." };

/** The legal moves an HTTP bot is sent at most (src/bots/bot-runner.ts keeps to it). */
const HTTP_BOT_MAX_LEGAL_MOVES = 2000;

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'The message id: the same on every attempt of one message (dedupe on it).',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
    description: 'Unix seconds of this attempt.',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^v1,' },
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body">, keyed by the base64 after whsec_ of the secret.',
  },
];

/**
 * What the server sends out rather than answers (docs/api.md "Webhooks", "Bots and tournaments"): the body posted to
 * a webhook URL, the turn posted to an HTTP bot and the answer it takes back. `games` are the registry's, for
 * the `game` enums and the per-game match and move shapes.
 */
export function outgoingSchemas(games: readonly { id: string; schemaName: string }[]): Record<string, object> {
  const ids = games.map((g) => g.id);
  const anyMove = {
    anyOf: games.map((g) => ref(`${g.schemaName}Move`)),
    description: "A move of the match's game, in the form POST …/moves takes.",
  };
  return {
    WebhookEvent: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'timestamp', 'data'],
      description:
        "Posted to each webhook URL of a match for each of its events, signed (Standard Webhooks). Nothing hidden: re-read the match with a seat's token.",
      properties: {
        type: {
          type: 'string',
          enum: ['match.started', 'turn.started', 'match.finished'],
          description:
            'match.started once, when the match becomes active; turn.started after each later event with a seat to move; match.finished when it ends (finished, or aborted).',
        },
        timestamp: { type: 'string', format: 'date-time', description: 'When the event happened.' },
        data: {
          type: 'object',
          additionalProperties: false,
          required: ['game', 'matchId', 'seq', 'version', 'status', 'toMove'],
          properties: {
            game: { type: 'string', enum: ids },
            matchId: { type: 'string', format: 'uuid' },
            seq: {
              type: 'integer',
              minimum: 0,
              description:
                "The event's seq (0: the match started at its creation). Deliveries are not ordered: sort by it.",
            },
            version: {
              type: 'integer',
              minimum: 0,
              description: "The match's version after the event: the same as seq.",
            },
            status: { type: 'string', enum: ['active', 'finished', 'aborted'] },
            toMove: {
              type: 'array',
              items: { type: 'integer', minimum: 0 },
              description: 'The seats to move after the event; empty once over.',
            },
          },
        },
      },
    },
    PlayerFeedEvent: {
      description:
        "An event of GET /players/me/events, told apart by `event`. Its `id:` is the feed's own cursor: resume after it with Last-Event-ID.",
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'event', 'data'],
          properties: {
            id: FEED_ID,
            event: {
              type: 'string',
              enum: ['turn'],
              description: "One of the player's seats is to move, at the match's latest version.",
            },
            data: {
              type: 'object',
              additionalProperties: false,
              required: ['game', 'matchId', 'seat', 'version', 'deadlineAt'],
              properties: {
                game: { type: 'string', enum: ids },
                matchId: { type: 'string', format: 'uuid' },
                seat: { type: 'integer', minimum: 0 },
                version: {
                  type: 'integer',
                  minimum: 0,
                  description: 'Send it as expectedVersion (or If-Match) with the move.',
                },
                deadlineAt: {
                  type: 'string',
                  format: 'date-time',
                  nullable: true,
                  description: 'Null when the match has no clock.',
                },
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'event', 'data'],
          properties: {
            id: FEED_ID,
            event: { type: 'string', enum: ['finished'], description: "One of the player's matches ended." },
            data: {
              type: 'object',
              additionalProperties: false,
              required: ['game', 'matchId', 'seat', 'outcome'],
              properties: {
                game: { type: 'string', enum: ids },
                matchId: { type: 'string', format: 'uuid' },
                seat: { type: 'integer', minimum: 0 },
                outcome: {
                  ...ref('Outcome'),
                  description: "The match's outcome; null when it ended without one (aborted).",
                } as object,
              },
            },
          },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['event', 'data'],
          properties: {
            id: {
              ...FEED_ID,
              description:
                "Repeats the feed's cursor (seeks are not in its commit order); absent before the first other event.",
            },
            event: {
              type: 'string',
              enum: ['matched'],
              description: "One of the player's seeks was matched (docs/matchmaking.md).",
            },
            data: {
              type: 'object',
              additionalProperties: false,
              required: ['game', 'matchId', 'seat', 'seekId'],
              properties: {
                game: { type: 'string', enum: ids },
                matchId: { type: 'string', format: 'uuid' },
                seat: { type: 'integer', minimum: 0 },
                seekId: {
                  type: 'string',
                  format: 'uuid',
                  description: 'The seek (GET /seeks/{id} gives its seat token).',
                },
              },
            },
          },
        },
      ],
    },
    // One turn shape per game, so a typed client narrows `match.view` and `legalMoves` by `game`.
    ...Object.fromEntries(
      games.map((g) => [
        `${g.schemaName}HttpBotTurn`,
        {
          type: 'object',
          additionalProperties: false,
          required: ['game', 'matchId', 'seat', 'version', 'match', 'legalMoves', 'deadlineAt'],
          description: `A turn of a ${g.id} match, posted to an HTTP bot.`,
          properties: {
            game: { type: 'string', enum: [g.id] },
            matchId: { type: 'string', format: 'uuid' },
            seat: { type: 'integer', minimum: 0, description: "The bot's seat, to move." },
            version: { type: 'integer', minimum: 0, description: 'The version the move is decided on.' },
            match: {
              ...ref(`${g.schemaName}Match`),
              description: 'The match response as the seat sees it (you = seat).',
            },
            legalMoves: {
              type: 'array',
              maxItems: HTTP_BOT_MAX_LEGAL_MOVES,
              items: ref(`${g.schemaName}Move`),
              description: `The seat's legal moves (the first ${HTTP_BOT_MAX_LEGAL_MOVES} the engine lists), each in the form POST …/moves takes.`,
            },
            deadlineAt: {
              type: 'string',
              format: 'date-time',
              description:
                "The answer must arrive by then: the match clock's deadline, capped by the tournament's bot timeout.",
            },
          },
        },
      ]),
    ),
    HttpBotTurn: {
      description:
        "Posted to an HTTP bot (a tournament entrant with a url) for each of its turns, signed (Standard Webhooks) with the entrant's webhookSecret. " +
        'One shape per game, told apart by `game`.',
      oneOf: games.map((g) => ref(`${g.schemaName}HttpBotTurn`)),
      discriminator: {
        propertyName: 'game',
        mapping: Object.fromEntries(games.map((g) => [g.id, `#/components/schemas/${g.schemaName}HttpBotTurn`])),
      },
    },
    // The create body of a tournament, one shape per game, so `options` is that game's options.
    ...Object.fromEntries(
      games.map((g) => [
        `${g.schemaName}CreateTournamentRequest`,
        {
          ...TOURNAMENT_REQUEST,
          description: `A ${g.id} tournament.`,
          properties: {
            ...TOURNAMENT_REQUEST.properties,
            game: { type: 'string', enum: [g.id] },
            options: {
              ...ref(`${g.schemaName}Options`),
              description: 'Game options for every match; each left out takes its default (GET /games).',
            },
          },
        },
      ]),
    ),
    CreateTournamentRequest: {
      description: "A tournament of one game: its options are that game's (told apart by `game`).",
      oneOf: games.map((g) => ref(`${g.schemaName}CreateTournamentRequest`)),
      discriminator: {
        propertyName: 'game',
        mapping: Object.fromEntries(
          games.map((g) => [g.id, `#/components/schemas/${g.schemaName}CreateTournamentRequest`]),
        ),
      },
    },
    HttpBotAnswer: {
      type: 'object',
      required: ['move'],
      description:
        "An HTTP bot's answer (200, JSON; other properties are ignored). A late, failed or illegal answer counts as a timeout.",
      properties: { move: anyMove },
    },
  };
}

const requestOf = (name: string): object => ({
  required: true,
  content: { 'application/json': { schema: ref(name) } },
});

/** The webhook deliveries of a match, as a callback of its create operation. */
export const WEBHOOK_CALLBACKS = {
  matchEvent: {
    '{$request.body#/webhooks/0/url}': {
      post: {
        summary: 'A match event, posted to each URL of "webhooks"',
        description:
          'At least once, for each event of the match and each URL; retried with backoff (honouring Retry-After) for WEBHOOK_RETRY_WINDOW_SECONDS.',
        parameters: SIGNATURE_HEADERS,
        requestBody: requestOf('WebhookEvent'),
        responses: {
          '2XX': { description: 'Delivered.' },
          '410': { description: 'Gone: the endpoint is disabled; nothing more is sent to it.' },
          default: {
            description:
              'Any other answer, or none within WEBHOOK_TIMEOUT_MS: tried again later with the same webhook-id.',
          },
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
          '200': { description: "The bot's move.", content: { 'application/json': { schema: ref('HttpBotAnswer') } } },
          default: {
            description:
              "Any other answer, none by deadlineAt, or an illegal move: a timeout (TimedOut, under the tournament's onTimeout).",
          },
        },
      },
    },
  },
};
