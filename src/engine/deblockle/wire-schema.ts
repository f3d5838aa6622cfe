/** OpenAPI 3 schemas of Deblockle's wire move, view and options (plain data, read by the HTTP layer). */
const square = {
  type: 'string',
  pattern: '^[a-g][1-7]$',
  description: 'Column a–g, row 1–7 counted from the top (a1 is top-left).',
} as const;
const face = { type: 'string', enum: ['star', 'stop', 'cross', 'x', 'slider', 'hoops'] } as const;
const seat = { type: 'integer', minimum: 0, maximum: 1 } as const;

const turnMove = {
  type: 'object',
  title: 'Turn',
  description:
    'Tip one of your blocks one square, then hop it by the face now on top. Skips are automatic and never sent.',
  required: ['from', 'tip', 'to'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['turn'], description: 'Optional; dropped.' },
    from: { ...square, description: 'The square of the block to tip.' },
    tip: {
      type: 'string',
      enum: ['north', 'east', 'south', 'west'],
      description: 'North is towards row 1. Never diagonal.',
    },
    to: {
      ...square,
      description: 'Where the block ends: the tipped-onto square for stop, your scoring star for a removal.',
    },
  },
  example: { from: 'c5', tip: 'north', to: 'c3' },
} as const;

const setupMove = {
  type: 'object',
  title: 'Setup',
  description:
    "Place your OPPONENT's rolled blocks on its start squares (gold c5 e5 c7 e7, blue c1 e1 c3 e3): " +
    'the tops exactly the faces rolled for it, one block per square, north a side face of the top. Hidden from the opponent until both have placed.',
  required: ['type', 'blocks'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['setup'] },
    blocks: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      items: {
        type: 'object',
        required: ['square', 'top', 'north'],
        additionalProperties: false,
        properties: {
          square,
          top: face,
          north: { ...face, description: 'The face turned north (not the top nor its opposite).' },
        },
      },
    },
  },
  example: {
    type: 'setup',
    blocks: [
      { square: 'c1', top: 'cross', north: 'slider' },
      { square: 'e1', top: 'x', north: 'star' },
    ],
  },
} as const;

export const moveSchema = {
  oneOf: [turnMove, setupMove],
  description: 'A turn `{ from, tip, to }`, or in the setup phase `{ type: "setup", blocks }`.',
  example: turnMove.example,
} as const;

const blockView = {
  type: 'object',
  required: ['seat', 'square', 'top', 'north', 'east'],
  properties: { seat, square, top: face, north: face, east: face },
  description:
    'A block and its full orientation; bottom, south and west are the opposites (star–stop, cross–x, slider–hoops).',
} as const;

export const viewSchema = {
  type: 'object',
  required: ['phase', 'blocks', 'removed', 'turns', 'skipped', 'lastTurn', 'setup'],
  properties: {
    phase: { type: 'string', enum: ['setup', 'play'] },
    blocks: { type: 'array', items: blockView, description: 'Blocks on the board by square; empty during setup.' },
    removed: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Blocks removed, by seat (seat 0 gold, seat 1 blue).',
    },
    turns: { type: 'integer', description: 'Turns played.' },
    skipped: {
      ...seat,
      nullable: true,
      description: 'The seat that was blocked and skipped right after the last turn.',
    },
    lastTurn: {
      type: 'object',
      nullable: true,
      properties: {
        seat,
        from: square,
        tip: { type: 'string', enum: ['north', 'east', 'south', 'west'] },
        to: square,
        top: { ...face, description: 'The face the tip brought up.' },
        removed: { type: 'boolean' },
      },
    },
    setup: {
      type: 'object',
      nullable: true,
      description: 'During setup only.',
      properties: {
        rolled: {
          type: 'array',
          items: { type: 'array', items: face },
          description: "rolled[s]: faces rolled for seat s's blocks.",
        },
        placed: { type: 'array', items: { type: 'boolean' }, description: 'Whether each seat has placed.' },
        mine: {
          type: 'array',
          nullable: true,
          items: blockView,
          description: "Your own placement of your opponent's blocks.",
        },
      },
    },
  },
} as const;

export const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    setup: {
      type: 'string',
      enum: ['players', 'random'],
      default: 'players',
      description: 'Who places the rolled blocks.',
    },
    firstSeat: {
      type: 'integer',
      minimum: 0,
      maximum: 1,
      default: 0,
      description: 'The seat that takes the first turn.',
    },
    blocks: { type: 'integer', minimum: 1, maximum: 4, default: 4, description: 'Blocks per seat.' },
    noSideBySide: {
      type: 'boolean',
      default: false,
      description: "A turn may not end with the mover's blocks orthogonally next to an opponent's.",
    },
    maxTurns: { type: 'integer', minimum: 1, maximum: 10000, default: 300, description: 'Turns in all before a draw.' },
  },
} as const;

/** A log entry's move: as sent, except a setup placement while the opponent still has to place. */
export const logMoveSchema = {
  anyOf: [
    { $ref: '#/components/schemas/DeblockleMove' },
    {
      type: 'object',
      title: 'hidden setup',
      required: ['type', 'hidden'],
      additionalProperties: false,
      properties: { type: { type: 'string', enum: ['setup'] }, hidden: { type: 'boolean', enum: [true] } },
      description: "The opponent's setup placement, hidden until both seats have placed.",
    },
  ],
};

export const effectsSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    'For a turn: the face it brought up, whether the block was removed, and the seat skipped after it. Empty for a setup.',
  properties: {
    top: { ...face, nullable: true, enum: [...face.enum, null] },
    removed: { type: 'boolean' },
    skipped: { ...seat, nullable: true },
  },
} as const;
