/** OpenAPI 3 schemas of Reversi's wire move and view (plain data, read by the HTTP layer). */
export const moveSchema = {
  type: 'object',
  description: 'Place a disc. Passes are automatic and never sent.',
  required: ['square'],
  additionalProperties: false,
  properties: {
    square: {
      type: 'string',
      pattern: '^[a-h][1-8]$',
      description: 'Column a–h, row 1–8 counted from the top (a1 is top-left).',
    },
  },
  example: { square: 'd3' },
} as const;

export const viewSchema = {
  type: 'object',
  required: ['board', 'discs', 'turn', 'moves', 'lastMove', 'skipped'],
  properties: {
    board: {
      type: 'array',
      minItems: 8,
      maxItems: 8,
      items: { type: 'string', pattern: '^[BW.]{8}$' },
      description: 'Rows 1 to 8 from the top; each 8 characters for columns a to h: B black, W white, . empty.',
    },
    discs: { type: 'object', properties: { black: { type: 'integer' }, white: { type: 'integer' } } },
    turn: { type: 'integer', nullable: true, description: 'Seat to move (0 black, 1 white); null when over.' },
    moves: { type: 'integer', description: 'Discs placed so far.' },
    lastMove: {
      type: 'object',
      nullable: true,
      properties: { seat: { type: 'integer' }, square: { type: 'string' }, flipped: { type: 'integer' } },
    },
    skipped: { type: 'integer', nullable: true, description: 'Seat that had to pass right after the last move.' },
  },
} as const;

export const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {},
  description: 'Reversi has no options.',
} as const;

/** A log entry's move: as sent (nothing in Reversi is hidden). */
export const logMoveSchema = moveSchema;

export const effectsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['flipped', 'skipped'],
  properties: {
    flipped: { type: 'integer', minimum: 0, description: 'Discs the move turned over.' },
    skipped: { type: 'integer', nullable: true, description: 'Seat that had to pass right after the move.' },
  },
} as const;
