/** The seeks' components of the OpenAPI document (docs/api.md "Matchmaking and arenas"), beside the games' ones. */
const STATUS = { type: 'string', enum: ['waiting', 'matched', 'cancelled', 'expired'] };

export const SEEK_SCHEMAS = {
  CreateSeekRequest: {
    type: 'object',
    additionalProperties: false,
    properties: {
      timeControl: { $ref: '#/components/schemas/TimeControl' },
      onTimeout: {
        type: 'string',
        enum: ['forfeit', 'random'],
        description: 'What a timeout does (with a timeControl); default forfeit.',
      },
      options: {
        type: 'object',
        additionalProperties: true,
        description: "The game's options (GET /games); only seeks with the same options meet.",
      },
      seats: { type: 'integer', minimum: 2, maximum: 6, description: "The table size; default the game's minimum." },
      ratingRange: {
        type: 'number',
        minimum: 0,
        maximum: 10_000,
        description: 'The first rating range; absent: 5. The range grows by this every 10 s of waiting.',
      },
      botAfterSeconds: {
        type: 'integer',
        minimum: 0,
        maximum: 3600,
        nullable: true,
        description: 'Seat against the strongest bot after this many seconds; null (default): never.',
      },
    },
  },
  Seek: {
    type: 'object',
    additionalProperties: false,
    required: [
      'id',
      'game',
      'status',
      'seats',
      'rating',
      'ratingRange',
      'botAfterSeconds',
      'createdAt',
      'expiresAt',
      'match',
    ],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string' },
      status: STATUS,
      seats: { type: 'integer', minimum: 2 },
      rating: {
        type: 'number',
        description: "The player's leaderboard rating (mu − 3 sigma) when the seek was posted; 0 when not rated yet.",
      },
      ratingRange: { type: 'number' },
      botAfterSeconds: { type: 'integer', nullable: true },
      createdAt: { type: 'string', format: 'date-time' },
      expiresAt: {
        type: 'string',
        format: 'date-time',
        description: 'When a seek still waiting expires (SEEK_TTL_SECONDS after it was posted).',
      },
      match: {
        nullable: true,
        type: 'object',
        additionalProperties: false,
        required: ['game', 'id', 'seat', 'token'],
        description:
          "Once matched: the match and the seek's seat. The token is that seat's (the player key acts for it too); the same token on every read.",
        properties: {
          game: { type: 'string' },
          id: { type: 'string', format: 'uuid' },
          seat: { type: 'integer', minimum: 0 },
          token: { type: 'string', pattern: '^tbs_' },
        },
      },
    },
  },
};
