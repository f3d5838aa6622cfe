/**
 * OpenAPI 3.0 schemas for the wire forms: plain data, no imports, so the HTTP layer can drop them
 * into the document as they are.
 */
const color = { type: 'string', enum: ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] };
const shape = { type: 'string', enum: ['circle', 'square', 'diamond', 'clover', 'star4', 'star8'] };
const coord = { type: 'integer', minimum: -1000, maximum: 1000 };
const seat = { type: 'integer', minimum: 0 };

const tile = {
  type: 'object',
  description: 'A tile.',
  required: ['color', 'shape'],
  additionalProperties: false,
  properties: { color, shape },
};

const placedTile = {
  type: 'object',
  description: 'A tile on a cell of the unbounded grid; x grows to the right, y downwards.',
  required: ['color', 'shape', 'x', 'y'],
  additionalProperties: false,
  properties: { color, shape, x: coord, y: coord },
};

export const moveSchema = {
  description:
    'Place 1-6 tiles in one row or column (the opening move: exactly your opening size, covering (0, 0)), ' +
    'or exchange 1-6 tiles with the bag (not at the opening; only while the bag holds at least as many).',
  oneOf: [
    {
      type: 'object',
      title: 'place',
      required: ['type', 'tiles'],
      additionalProperties: false,
      properties: {
        type: { type: 'string', enum: ['place'] },
        tiles: { type: 'array', minItems: 1, maxItems: 6, items: placedTile },
      },
    },
    {
      type: 'object',
      title: 'exchange',
      required: ['type', 'tiles'],
      additionalProperties: false,
      properties: {
        type: { type: 'string', enum: ['exchange'] },
        tiles: { type: 'array', minItems: 1, maxItems: 6, items: tile },
      },
    },
  ],
  example: {
    type: 'place',
    tiles: [
      { color: 'red', shape: 'star4', x: 1, y: 0 },
      { color: 'red', shape: 'circle', x: 2, y: 0 },
    ],
  },
};

const lastTurn = {
  type: 'object',
  nullable: true,
  description: 'The last move made: what was placed and scored, or how many tiles were exchanged.',
  required: ['seat', 'type'],
  properties: {
    seat,
    type: { type: 'string', enum: ['place', 'exchange'] },
    tiles: { type: 'array', items: placedTile, description: 'place: the tiles laid.' },
    points: { type: 'integer', description: 'place: points scored, Qwirkle bonuses included.' },
    qwirkles: { type: 'integer', description: 'place: lines of 6 completed.' },
    bonus: { type: 'integer', description: 'place: the end bonus (6) for playing the last tile, else 0.' },
    drew: { type: 'integer', description: 'place: how many tiles the mover drew.' },
    count: { type: 'integer', description: 'exchange: how many tiles were exchanged.' },
  },
};

export const viewSchema = {
  type: 'object',
  description: 'A Qwirkle match as the caller may see it.',
  required: ['board', 'handCounts', 'scores', 'bag', 'openingSizes', 'startingSeat', 'turns', 'lastTurn', 'skipped'],
  properties: {
    board: { type: 'array', items: placedTile, description: 'Tiles on the grid, in the order they were laid.' },
    hand: { type: 'array', items: tile, description: "The caller's own tiles; absent for spectators." },
    handCounts: { type: 'array', items: { type: 'integer' }, description: 'Tiles held, by seat.' },
    scores: { type: 'array', items: { type: 'integer' }, description: 'Scores by seat, end bonus included.' },
    bag: { type: 'integer', description: 'Tiles left in the bag.' },
    openingSizes: {
      type: 'array',
      nullable: true,
      items: { type: 'integer', nullable: true },
      description:
        "Before the first move: by seat, the caller's own opening size (the tiles its opening line must hold), " +
        'null for every other seat (all null for spectators). Null after the first move.',
    },
    startingSeat: { ...seat, description: 'The seat that made (or makes) the opening move.' },
    turns: { type: 'integer', description: 'Moves made so far (automatic skips are not moves).' },
    lastTurn,
    skipped: {
      type: 'array',
      items: seat,
      description: 'Seats skipped after the last move: they could neither place nor exchange.',
    },
  },
};

export const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Qwirkle match options; all optional.',
  properties: {
    maxTurns: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      default: 1000,
      description: 'The match ends with the scores as they stand after this many moves (skips not counted).',
    },
  },
};

/** A log entry's move: as sent, except another seat's exchange, whose tiles are hidden. */
export const logMoveSchema = {
  anyOf: [
    { $ref: '#/components/schemas/QwirkleMove' },
    {
      type: 'object',
      title: 'hidden exchange',
      required: ['type', 'hidden'],
      additionalProperties: false,
      properties: { type: { type: 'string', enum: ['exchange'] }, hidden: { type: 'boolean', enum: [true] } },
      description: "Another seat's exchange: which tiles went back is hidden; effects.count says how many.",
    },
  ],
};

export const effectsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['skipped'],
  properties: {
    points: { type: 'integer', description: 'place: points scored, Qwirkle bonuses included.' },
    qwirkles: { type: 'integer', description: 'place: lines of 6 completed.' },
    bonus: { type: 'integer', description: 'place: the end bonus (6) for playing the last tile, else 0.' },
    drew: { type: 'integer', description: 'place: tiles drawn after the move.' },
    count: { type: 'integer', description: 'exchange: how many tiles were exchanged.' },
    drawn: { type: 'array', items: tile, description: 'The tiles drawn: shown to the mover only.' },
    skipped: { type: 'array', items: seat, description: 'Seats skipped after the move.' },
  },
};

/** What the legal-moves page says beyond the moves, without paging (absent once the match is over). */
export const legalMovesExtraSchema = {
  canPlace: { type: 'boolean', description: 'Some placement is legal now (at the opening: always).' },
  canExchange: {
    type: 'boolean',
    description: 'An exchange is legal now (not at the opening; the bag holds enough tiles).',
  },
  singleTilePlacements: { type: 'integer', minimum: 0, description: 'How many single-tile placements lead the list.' },
  openingSize: {
    type: 'integer',
    nullable: true,
    description: 'At the opening, the exact number of tiles to place; else null.',
  },
  exchangeMax: { type: 'integer', minimum: 0, description: 'The largest exchange allowed now (0 when none).' },
};
