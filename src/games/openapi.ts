import type { GameDefinition } from './game-definition';

export const errorSchemaRef = { $ref: '#/components/schemas/Error' };

export function matchResponseSchema(schemaName: string): object {
  return {
    type: 'object',
    required: ['id', 'game', 'rulesVersion', 'status', 'version', 'players', 'toMove', 'you', 'view', 'outcome', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string' },
      rulesVersion: { type: 'integer' },
      status: { type: 'string', enum: ['active', 'finished', 'aborted'] },
      version: { type: 'integer', description: 'The number of events in the log; also the ETag.' },
      players: { type: 'array', items: { type: 'object', properties: { seat: { type: 'integer' }, name: { type: 'string' } } } },
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
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      ...FAIRNESS_PROPERTIES,
    },
  };
}

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
        'NOT_YOUR_TURN', 'VERSION_CONFLICT', 'GAME_OVER', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'IDEMPOTENCY_KEY_REUSED',
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
