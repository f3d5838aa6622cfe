import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { GameDefinition } from './game-definition';

export const errorSchemaRef = { $ref: '#/components/schemas/Error' };

export function matchResponseSchema(schemaName: string): object {
  return {
    type: 'object',
    required: ['id', 'game', 'rulesVersion', 'status', 'version', 'players', 'toMove', 'you', 'view', 'outcome', 'rematch', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string' },
      rulesVersion: { type: 'integer' },
      status: { type: 'string', enum: ['waiting', 'active', 'finished', 'aborted'], description: 'waiting: some seat is open; aborted: it expired while waiting.' },
      version: { type: 'integer', description: 'The number of events in the log; also the ETag.' },
      players: { type: 'array', items: PLAYER_ENTRY },
      toMove: { type: 'array', items: { type: 'integer' }, description: 'Seats that may move now; several in simultaneous phases.' },
      you: { type: 'integer', nullable: true, description: 'The caller\'s seat; null for spectators.' },
      view: { $ref: `#/components/schemas/${schemaName}View` },
      outcome: {
        type: 'object', nullable: true,
        properties: {
          winners: { type: 'array', items: { type: 'integer' } },
          scores: { type: 'array', items: { type: 'number' } },
          reason: { type: 'string' },
        },
      },
      rematch: { type: 'string', format: 'uuid', nullable: true, description: 'The id of this match\'s rematch, once there is one.' },
      clock: CLOCK_SCHEMA,
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      ...FAIRNESS_PROPERTIES,
    },
  };
}

const PLAYER_ENTRY = {
  type: 'object',
  required: ['seat', 'name'],
  properties: {
    seat: { type: 'integer' },
    name: { type: 'string', nullable: true, description: 'Null while the seat is open.' },
    player: { type: 'string', format: 'uuid', description: 'The player holding the seat, when a player key joined it.' },
    open: { type: 'boolean', enum: [true], description: 'Present while the seat is open.' },
    left: { type: 'boolean', enum: [true], description: 'The seat forfeited on time in a match of 3+ seats: it is skipped from then on and cannot win.' },
  },
};

/** API.md "Clocks": null for a match without a time control. */
const CLOCK_SCHEMA = {
  type: 'object', nullable: true, required: ['deadlineAt', 'remainingMs'],
  description: 'The clock, live as of the response; null without a time control.',
  properties: {
    deadlineAt: { type: 'string', format: 'date-time', nullable: true, description: 'When the seat to move runs out (the earliest, in simultaneous phases); null while waiting and once over.' },
    remainingMs: { type: 'array', items: { type: 'integer' }, description: 'By seat: the time left of a seat to move, the time in hand of the others (perMoveSeconds: the full allowance).' },
  },
};

/** The clock and webhook fields of a create body (API.md "Clocks", "Webhooks"). */
export const CREATE_CLOCK_AND_WEBHOOK_PROPERTIES: Record<string, SchemaObject> = {
  timeControl: {
    description: 'A clock: { perMoveSeconds } (correspondence) or { initialSeconds, incrementSeconds } (Fischer). It starts when the match becomes active.',
    oneOf: [
      { type: 'object', required: ['perMoveSeconds'], additionalProperties: false, properties: { perMoveSeconds: { type: 'integer', minimum: 1, maximum: 31_536_000 } } },
      {
        type: 'object', required: ['initialSeconds'], additionalProperties: false,
        properties: { initialSeconds: { type: 'integer', minimum: 1, maximum: 31_536_000 }, incrementSeconds: { type: 'integer', minimum: 0, maximum: 86_400, default: 0 } },
      },
    ],
  },
  onTimeout: {
    type: 'string', enum: ['forfeit', 'random'], default: 'forfeit',
    description: 'forfeit: the seat loses (in 3+ seats it leaves and the others play on); random: the server plays a random legal move for it. Needs timeControl.',
  },
  webhooks: {
    type: 'array', maxItems: 5,
    description: 'URLs posted to for match.started, turn.started and match.finished, signed (Standard Webhooks) with the webhookSecret of the response.',
    items: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: { type: 'string', format: 'uri', maxLength: 2000 } } },
  },
};

/** A join's or a rematch's answer: the match as the caller's seat sees it, plus that seat and its token. */
export function seatedResponseSchema(match: object): object {
  return {
    allOf: [match, { type: 'object', required: ['seat', 'token'], properties: { seat: { type: 'integer' }, token: { type: 'string', description: 'The seat token, shown to this caller.' } } }],
  };
}

export const matchListSchema = {
  type: 'object',
  required: ['matches', 'nextCursor'],
  properties: {
    matches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'game', 'status', 'version', 'players', 'openSeats', 'toMove', 'createdAt', 'updatedAt'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          game: { type: 'string' },
          status: { type: 'string', enum: ['waiting', 'active', 'finished', 'aborted'] },
          version: { type: 'integer' },
          players: { type: 'array', items: PLAYER_ENTRY },
          openSeats: { type: 'array', items: { type: 'integer' }, description: 'The seats a join may take.' },
          toMove: { type: 'array', items: { type: 'integer' } },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    nextCursor: { type: 'string', nullable: true, description: 'Pass as cursor for the next page; null at the end.' },
  },
};

/** API.md "Fairness": present only in matches with chance; `seed` and `salt` only once the match is over. */
const FAIRNESS_PROPERTIES = {
  seedCommitment: {
    type: 'string', pattern: '^[0-9a-f]{64}$',
    description: 'Matches with chance: lowercase hex SHA-256 of the UTF-8 string salt + seed, fixed at creation.',
  },
  seed: { type: 'string', description: 'Revealed once the match is over, never before: every random draw of the match derives from it.' },
  salt: { type: 'string', description: 'Revealed with the seed, to recompute seedCommitment.' },
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: {
      type: 'string',
      enum: ['VALIDATION_FAILED', 'MALFORMED_MOVE', 'INVALID_OPTIONS', 'UNAUTHENTICATED', 'FORBIDDEN', 'MATCH_NOT_FOUND', 'NOT_FOUND',
        'NOT_YOUR_TURN', 'VERSION_CONFLICT', 'GAME_OVER',
        'MATCH_NOT_STARTED', 'MATCH_NOT_FINISHED', 'TIMED_OUT', 'SEAT_TAKEN', 'NO_OPEN_SEAT', 'ALREADY_SEATED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'IDEMPOTENCY_KEY_REUSED',
        'ILLEGAL_MOVE', 'RATE_LIMITED', 'INTERNAL', 'REPLAY_FAILED'],
    },
    message: { type: 'string' },
    reason: { type: 'string', description: 'Namespaced detail, e.g. reversi/no-flips.' },
    details: { description: 'e.g. { currentVersion } on VERSION_CONFLICT, the failed constraints on VALIDATION_FAILED.' },
  },
};

/** Adds every game's move, view and options schemas, and the error schema, as named components. */
export function addGameSchemas(document: { components?: { schemas?: Record<string, unknown> } }, games: readonly GameDefinition[]): void {
  document.components ??= {};
  const schemas = (document.components.schemas ??= {});
  schemas.Error = ERROR_SCHEMA;
  for (const g of games) {
    schemas[`${g.schemaName}Move`] = g.schemas.move;
    schemas[`${g.schemaName}View`] = g.schemas.view;
    schemas[`${g.schemaName}Options`] = g.schemas.options;
  }
}
