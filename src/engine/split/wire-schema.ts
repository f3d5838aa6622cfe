/** OpenAPI 3.0 schemas for Split's wire move, view and options: plain data for the OpenAPI document. */

const card = {
  type: 'string',
  description: 'A card: rank (A 2 3 4 5 6 7 8 9 10 J Q K) then suit (S C black, H D red); every name exists twice.',
  pattern: '^(A|[2-9]|10|J|Q|K)[SCHD]$',
  example: '7H',
} as const;
const matchId = {
  type: 'string',
  pattern: '^m[1-9][0-9]*$',
  description: 'A match id: m1, m2, … in the order made.',
  example: 'm3',
} as const;
const seat = { type: 'integer', minimum: 0, maximum: 5 } as const;
const pair = { type: 'array', items: card, minItems: 2, maxItems: 2 } as const;

const bonus = {
  description: 'The bonus of the match made (by its type); omit it for none. A perfect match must name a target.',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['target'],
      properties: { target: { ...seat, description: 'Perfect: the opponent who fills a negative box.' } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['draw'],
      properties: { draw: { type: 'boolean', enum: [true], description: 'Strong: one extra draw after the discard.' } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['swap'],
      properties: {
        swap: {
          type: 'object',
          additionalProperties: false,
          required: ['mine', 'theirs'],
          description: "Weak: one of your matches changes hands with an opponent's match of the same type.",
          properties: { mine: matchId, theirs: matchId },
        },
      },
    },
  ],
} as const;

export const moveSchema = {
  description: 'One step of a Split turn: draw or take, then any matches and upgrades, then a discard; or last melds.',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      description: 'Draw the top card of the pile.',
      properties: { type: { type: 'string', enum: ['draw'] } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'index'],
      description:
        'Take discard-row card `index` (0 = oldest) and every card after it; the picked card must be laid this turn.',
      properties: { type: { type: 'string', enum: ['take'] }, index: { type: 'integer', minimum: 0, maximum: 103 } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'cards'],
      description: 'Lay two held cards of one rank as a match.',
      properties: { type: { type: 'string', enum: ['match'] }, cards: pair, bonus },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'match', 'card', 'replace'],
      description:
        'Lay a held card on a match in place of `replace`, making it strictly stronger; the match becomes yours.',
      properties: { type: { type: 'string', enum: ['upgrade'] }, match: matchId, card, replace: card, bonus },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'card'],
      description: 'Discard a card onto the row; ends the turn (the last card goes out).',
      properties: { type: { type: 'string', enum: ['discard'] }, card },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'matches'],
      description: 'After a first-turn going out: the matches this seat lays before scoring (may be empty).',
      properties: {
        type: { type: 'string', enum: ['lastMelds'] },
        matches: { type: 'array', items: pair, maxItems: 52 },
      },
    },
  ],
  example: { type: 'match', cards: ['7H', '7D'], bonus: { draw: true } },
} as const;

const counts = { type: 'array', items: { type: 'integer', minimum: 0 } } as const;
const rankCounts = {
  type: 'object',
  description: 'By rank (A, 2 … 10, J, Q, K).',
  additionalProperties: { type: 'integer', minimum: 0 },
} as const;

export const viewSchema = {
  type: 'object',
  description: 'A Split match as one seat (or a spectator) may see it.',
  required: [
    'round',
    'rounds',
    'dealer',
    'phase',
    'step',
    'turnOf',
    'handCounts',
    'drawPile',
    'discardRow',
    'matches',
    'nextMatchId',
    'mustPlay',
    'extraDraws',
    'lastMelds',
    'sheets',
    'scoreSheet',
    'lastRound',
  ],
  properties: {
    round: { type: 'integer', minimum: 1 },
    rounds: { type: 'integer', minimum: 1 },
    dealer: seat,
    phase: { type: 'string', enum: ['play', 'lastMelds', 'over'] },
    step: {
      type: 'string',
      enum: ['draw', 'meld', 'lastMelds', null],
      nullable: true,
      description: 'The step of the turn; null when over.',
    },
    turnOf: { ...seat, nullable: true, description: 'Whose turn it is; null in the last-melds phase and at the end.' },
    hand: { type: 'array', items: card, description: 'Your own cards (seats only).' },
    handCounts: { ...counts, description: 'Cards held, by seat.' },
    drawPile: { type: 'integer', minimum: 0, description: 'Cards left in the draw pile.' },
    discardRow: { type: 'array', items: card, description: 'Oldest first.' },
    matches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'seat', 'cards', 'type'],
        properties: { id: matchId, seat, cards: pair, type: { type: 'string', enum: ['weak', 'strong', 'perfect'] } },
      },
    },
    nextMatchId: { ...matchId, description: "The id the next match laid gets (a weak match's swap may name it)." },
    mustPlay: {
      ...card,
      nullable: true,
      description: 'The card taken from the row that must still be laid before the discard.',
    },
    extraDraws: { type: 'integer', minimum: 0, description: 'Extra draws owed to the mover after the discard.' },
    lastMelds: {
      type: 'object',
      nullable: true,
      description: 'The last-melds phase after a first-turn going out.',
      properties: {
        waiting: { type: 'array', items: seat },
        sent: { type: 'array', items: seat },
        mine: { type: 'array', items: pair },
      },
    },
    sheets: {
      type: 'array',
      description: 'Score sheets by seat.',
      items: {
        type: 'object',
        required: ['boxes', 'negative', 'total'],
        properties: { boxes: rankCounts, negative: { type: 'integer', minimum: 0 }, total: { type: 'integer' } },
      },
    },
    scoreSheet: {
      type: 'object',
      description: 'The box values in play.',
      properties: {
        rows: { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer' } } },
        negativeBox: { type: 'integer' },
      },
    },
    lastRound: {
      type: 'object',
      nullable: true,
      description: 'What the previous round wrote on the sheets.',
      properties: {
        round: { type: 'integer' },
        endedBy: { type: 'string', enum: ['out', 'pile'] },
        wentOut: { ...seat, nullable: true },
        scored: {
          type: 'array',
          items: {
            type: 'object',
            properties: { ranks: { type: 'array', items: { type: 'string' } }, cardsLeft: { type: 'integer' } },
          },
        },
      },
    },
  },
} as const;

const row = {
  type: 'array',
  items: { type: 'integer', minimum: 0, maximum: 10000 },
  minItems: 1,
  maxItems: 10,
} as const;

export const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    rounds: { type: 'integer', minimum: 1, maximum: 20, default: 3, description: 'Rounds to play.' },
    scoreSheet: {
      type: 'object',
      nullable: true,
      additionalProperties: false,
      description:
        "Replaces score-pad values; ranks left out keep their defaults. null (the catalogue's default) or left out: the default sheet.",
      properties: {
        rows: {
          type: 'object',
          additionalProperties: false,
          description: 'Box values per rank, first box first; a row scores its last filled box.',
          properties: Object.fromEntries(
            ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((r) => [r, row]),
          ),
        },
        negativeBox: {
          type: 'integer',
          minimum: 0,
          maximum: 10000,
          default: 10,
          description: 'Points each negative box costs.',
        },
      },
    },
  },
  example: { rounds: 3, scoreSheet: { rows: { A: [30, 70, 120, 180] }, negativeBox: 10 } },
} as const;

/** A log entry's move: as sent, except last melds hidden until the round is scored. */
export const logMoveSchema = {
  anyOf: [
    { $ref: '#/components/schemas/SplitMove' },
    {
      type: 'object',
      title: 'hidden last melds',
      required: ['type', 'hidden'],
      additionalProperties: false,
      properties: { type: { type: 'string', enum: ['lastMelds'] }, hidden: { type: 'boolean', enum: [true] } },
      description: "Another seat's last melds, hidden until the round is scored.",
    },
  ],
} as const;

export const effectsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    drawn: {
      description: 'Cards drawn from the pile by the move: the cards for the mover, their number for everyone else.',
      anyOf: [
        { type: 'array', items: card },
        { type: 'integer', minimum: 1 },
      ],
    },
    roundEnded: { type: 'integer', minimum: 1, description: 'The round this move ended.' },
  },
} as const;

export const legalMovesExtraSchema = {
  complete: {
    type: 'boolean',
    description: 'False in the last-melds phase, where the list is a sample; any valid set of pairs is accepted.',
  },
} as const;
