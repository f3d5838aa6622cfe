/**
 * The one place the API's schemas come from. Components are built here from the error table and each game's
 * wire schemas; the controllers only name them (`ref(...)`) and declare their statuses through `respond(...)`,
 * so what a route returns and what the document says cannot drift apart. The e2e suites check every response
 * against the served document (test/support/spec-setup.ts).
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_SCHEMA, ref } from '../common/openapi';
import { MAX_VERSION } from '../common/paging';
import { CURSOR_PATTERN } from '../matches/cursor';
import { EVENT_MEANINGS, EVENT_TYPES, describeEventTypes } from '../matches/event-types';
import { PLAYER_NAME_PATTERN } from './dto';
import type { GameDefinition } from './game-definition';
import {
  BOT_SEAT,
  CREATED_PLAY_PROPERTIES,
  CREATE_PLAY_PROPERTIES,
  HTTP_BOT_CALLBACKS,
  MATCH_PLAY_PROPERTIES,
  PLAYER_PLAY_PROPERTIES,
  PLAY_SCHEMAS,
  WEBHOOK_CALLBACKS,
  outgoingSchemas,
} from './openapi-play';

const STATUS = { type: 'string', enum: ['waiting', 'active', 'finished', 'aborted'] };

/** Players, the lobby and seats (docs/api.md "Players, open seats, lobby, rematch"). */
const PLAYER_SCHEMAS = {
  CreatePlayerRequest: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 40, pattern: PLAYER_NAME_PATTERN } },
  },
  CreatedPlayer: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'key'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      key: {
        type: 'string',
        pattern: '^tbp_',
        description: 'The player key: send as Authorization: Bearer <key>. Shown this once.',
      },
    },
  },
  PlayerSelf: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'ratings'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      name: { type: 'string' },
      ratings: {
        type: 'object',
        description: 'By game, once rated play exists (empty until then).',
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          required: ['rating', 'matches'],
          properties: { rating: { type: 'number' }, matches: { type: 'integer' } },
        },
      },
    },
  },
  PlayerMatch: {
    type: 'object',
    additionalProperties: false,
    required: ['game', 'id', 'seat', 'version', 'status', 'toMove'],
    properties: {
      game: { type: 'string' },
      id: { type: 'string', format: 'uuid' },
      seat: { type: 'integer', minimum: 0 },
      version: { type: 'integer', minimum: 0 },
      status: STATUS,
      toMove: { type: 'boolean', description: "This player's seat is to move." },
    },
  },
  PlayerMatchPage: {
    type: 'object',
    additionalProperties: false,
    required: ['matches', 'nextCursor'],
    properties: {
      matches: { type: 'array', items: ref('PlayerMatch') },
      nextCursor: {
        type: 'string',
        nullable: true,
        description: 'Pass as ?cursor= for the next page; null at the end.',
      },
    },
  },
  MatchSummary: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'game', 'status', 'version', 'players', 'openSeats', 'toMove', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string' },
      status: STATUS,
      version: { type: 'integer', minimum: 0 },
      players: { type: 'array', items: ref('Player') },
      openSeats: { type: 'array', items: { type: 'integer' }, description: 'The seats a join may take.' },
      toMove: { type: 'array', items: { type: 'integer' } },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  },
  MatchPage: {
    type: 'object',
    additionalProperties: false,
    required: ['matches', 'nextCursor'],
    properties: {
      matches: { type: 'array', items: ref('MatchSummary') },
      nextCursor: {
        type: 'string',
        nullable: true,
        description: 'Pass as ?cursor= for the next page; null at the end.',
      },
    },
  },
  JoinRequest: {
    type: 'object',
    additionalProperties: false,
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        pattern: PLAYER_NAME_PATTERN,
        description: "Required without a player key; defaults to the player's name with one.",
      },
      seat: {
        type: 'integer',
        minimum: 0,
        maximum: 15,
        description: 'The seat to take; the first open one when absent.',
      },
      bot: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        description:
          'Seat a server-side bot (GET /games/{game}/bots) instead of the caller. The server alone plays the seat: the answer has the seat and no token.',
      },
    },
  },
  SeatToken: {
    type: 'object',
    additionalProperties: false,
    required: ['seat', 'token'],
    properties: {
      seat: { type: 'integer', minimum: 0 },
      token: { type: 'string', description: "The seat's new token, shown this once." },
    },
  },
};

const SHARED = {
  Error: ERROR_SCHEMA,
  MatchEventType: {
    type: 'string',
    enum: [...EVENT_TYPES],
    description: `The type of a log entry, and the \`event:\` of a match stream. ${describeEventTypes()}. A client should ignore a type it does not know (more may be added).`,
    'x-enum-descriptions': EVENT_TYPES.map((t) => EVENT_MEANINGS[t]),
  },
  Outcome: {
    type: 'object',
    nullable: true,
    additionalProperties: false,
    required: ['winners', 'scores', 'reason', 'draw'],
    description: 'Null while the match runs.',
    properties: {
      winners: {
        type: 'array',
        items: { type: 'integer' },
        description: 'Winning seats; several on a shared win; every seat on a draw.',
      },
      scores: { type: 'array', items: { type: 'number' }, description: 'Final scores by seat.' },
      reason: { type: 'string', description: 'Why it ended: `resigned`, or namespaced by game (`reversi/no-moves`).' },
      draw: { type: 'boolean', description: 'True when no seat finished ahead of another. Read this, not `winners`.' },
    },
  },
  Player: {
    type: 'object',
    additionalProperties: false,
    required: ['seat', 'name'],
    properties: {
      seat: { type: 'integer', minimum: 0 },
      name: { type: 'string', nullable: true, description: 'Null while the seat is open.' },
      player: {
        type: 'string',
        format: 'uuid',
        description: 'The player holding the seat, when a player key joined it.',
      },
      open: { type: 'boolean', enum: [true], description: 'Present while the seat is open: a join may take it.' },
      ...PLAYER_PLAY_PROPERTIES,
    },
  },
  SeatCredential: {
    type: 'object',
    additionalProperties: false,
    required: ['seat', 'name', 'token'],
    properties: {
      seat: { type: 'integer', minimum: 0 },
      name: { type: 'string' },
      token: { type: 'string', description: 'The seat token: send as Authorization: Bearer <token>. Shown this once.' },
    },
  },
  CreateMatchPlayer: {
    description:
      '{ "name" }: a seat with its own token. { "open": true }: an open seat; the match waits until it is joined. { "bot" }: a server-side bot plays it.',
    oneOf: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 40,
            pattern: PLAYER_NAME_PATTERN,
            description: '1–40 characters, no control characters.',
          },
        },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['open'],
        properties: { open: { type: 'boolean', enum: [true] } },
      },
      BOT_SEAT,
    ],
  },
  ...PLAYER_SCHEMAS,
  ...PLAY_SCHEMAS,
  ResignRequest: {
    type: 'object',
    additionalProperties: false,
    properties: {
      expectedVersion: {
        type: 'integer',
        minimum: 0,
        maximum: MAX_VERSION,
        description: 'When given, the resignation is refused (409) if the match has moved on.',
      },
    },
  },
  CatalogueOption: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'type', 'default', 'description'],
    properties: {
      name: { type: 'string' },
      type: { type: 'string', enum: ['integer', 'boolean', 'string', 'object'] },
      default: {
        description: "The default; null for object options (see the game's Options schema).",
        anyOf: [{ type: 'number' }, { type: 'boolean' }, { type: 'string', nullable: true }],
      },
      description: { type: 'string' },
      minimum: { type: 'number' },
      maximum: { type: 'number' },
      enum: { type: 'array', items: { type: 'string' } },
    },
  },
  CatalogueGame: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'title', 'rulesVersion', 'seats', 'options'],
    properties: {
      id: { type: 'string' },
      title: { type: 'string' },
      rulesVersion: { type: 'integer' },
      seats: {
        type: 'object',
        additionalProperties: false,
        required: ['min', 'max'],
        properties: { min: { type: 'integer' }, max: { type: 'integer' } },
      },
      options: { type: 'array', items: ref('CatalogueOption') },
    },
  },
  Catalogue: {
    type: 'object',
    additionalProperties: false,
    required: ['games'],
    properties: { games: { type: 'array', items: ref('CatalogueGame') } },
  },
};

/** A game's named components: its wire forms, and the match, log and legal-moves shapes built on them. */
function gameSchemas(g: GameDefinition): Record<string, object> {
  const n = g.schemaName;
  const match = {
    type: 'object',
    additionalProperties: false,
    required: [
      'id',
      'game',
      'rulesVersion',
      'status',
      'version',
      'players',
      'toMove',
      'you',
      'view',
      'outcome',
      'rematch',
      'clock',
      'createdAt',
      'updatedAt',
    ],
    properties: {
      id: { type: 'string', format: 'uuid' },
      game: { type: 'string', enum: [g.engine.id] },
      rulesVersion: { type: 'integer' },
      status: {
        type: 'string',
        enum: ['waiting', 'active', 'finished', 'aborted'],
        description:
          'waiting: a seat is open; aborted: it expired while waiting, or was abandoned while active (no event for ABANDONED_MATCH_IDLE_SECONDS).',
      },
      version: { type: 'integer', minimum: 0, description: 'The number of events in the log.' },
      players: { type: 'array', items: ref('Player') },
      toMove: {
        type: 'array',
        items: { type: 'integer' },
        description: 'Seats that may move now; several in simultaneous phases.',
      },
      you: {
        type: 'integer',
        minimum: 0,
        nullable: true,
        description:
          "The seat this answer is for, whose view `view` is: the caller's seat token's seat, or the seat its player key holds here (after a move, the mover's; after a join or a rematch, the seat taken, as `seat`; after a bot's join, null: the caller sees the spectator view). Null for a caller without a credential (the spectator view) and in the answer that creates a match (each seat's token is in `seats`).",
      },
      view: ref(`${n}View`),
      outcome: ref('Outcome'),
      rematch: {
        type: 'string',
        format: 'uuid',
        nullable: true,
        description: "The id of this match's rematch, once there is one.",
      },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      ...MATCH_PLAY_PROPERTIES,
      ...FAIRNESS_PROPERTIES,
    },
  };
  const created = {
    ...match,
    required: [...match.required, 'seats'],
    properties: {
      ...match.properties,
      seats: {
        type: 'array',
        items: ref('SeatCredential'),
        description: 'One per named seat (an open seat gets its token when joined).',
      },
      ...CREATED_PLAY_PROPERTIES,
    },
  };
  const seated = {
    ...match,
    required: [...match.required, 'seat'],
    properties: {
      ...match.properties,
      seat: {
        type: 'integer',
        minimum: 0,
        description: "The caller's seat (or the seat of the bot the caller seated).",
      },
      token: {
        type: 'string',
        description:
          "That seat's token: send as Authorization: Bearer <token>. Absent when a bot was seated (only the server plays a bot's seat).",
      },
    },
  };
  return {
    [`${n}Move`]: g.schemas.move,
    [`${n}View`]: g.schemas.view,
    [`${n}Options`]: g.schemas.options,
    [`${n}LogMove`]: g.schemas.logMove,
    [`${n}MoveEffects`]: g.schemas.effects,
    [`${n}Match`]: match,
    [`${n}CreatedMatch`]: created,
    [`${n}SeatedMatch`]: seated,
    [`${n}CreateMatchRequest`]: {
      type: 'object',
      additionalProperties: false,
      required: ['players'],
      properties: {
        players: {
          type: 'array',
          minItems: g.engine.seats.min,
          maxItems: g.engine.seats.max,
          items: ref('CreateMatchPlayer'),
          description: 'One entry per seat, seat 0 first.',
        },
        options: ref(`${n}Options`),
        unlisted: { type: 'boolean', description: 'true keeps the match out of the lobby (default false).' },
        ...CREATE_PLAY_PROPERTIES,
      },
    },
    [`${n}MoveRequest`]: {
      type: 'object',
      additionalProperties: false,
      required: ['move'],
      properties: {
        move: ref(`${n}Move`),
        expectedVersion: {
          type: 'integer',
          minimum: 0,
          maximum: MAX_VERSION,
          description:
            "The version the move was decided on. Required unless the request sends If-Match (the match's ETag), which replaces it; " +
            'with neither the move is refused (400), with both they must agree.',
        },
      },
    },
    [`${n}LogEntry`]: {
      type: 'object',
      additionalProperties: false,
      required: ['seq', 'seat', 'type', 'at'],
      properties: {
        seq: { type: 'integer', minimum: 1 },
        seat: {
          type: 'integer',
          minimum: 0,
          nullable: true,
          description: 'Null for an event of the whole match (MatchAborted).',
        },
        type: ref('MatchEventType'),
        at: { type: 'string', format: 'date-time' },
        move: {
          ...ref(`${n}LogMove`),
          description: 'MoveMade only: the move as POST …/moves takes it, redacted for the caller.',
        } as object,
        effects: { ...ref(`${n}MoveEffects`), description: 'MoveMade only: what the move caused.' } as object,
      },
    },
    [`${n}StreamEvent`]: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'event', 'data'],
      description: 'An event of GET …/matches/{id}/events: one per log entry, in order.',
      properties: {
        id: { type: 'integer', minimum: 1, description: "The entry's seq: the cursor to resume from (Last-Event-ID)." },
        event: {
          ...ref('MatchEventType'),
          description:
            "The entry's type (data.entry.type): every type the log holds is sent. EventSource hears only the types it listens for.",
        } as object,
        data: {
          type: 'object',
          additionalProperties: false,
          required: ['entry', 'match'],
          properties: {
            entry: ref(`${n}LogEntry`),
            match: {
              ...ref(`${n}Match`),
              description: 'The match just after the entry (match.version = entry.seq), as the caller may see it.',
            } as object,
          },
        },
      },
    },
    [`${n}LogPage`]: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'version', 'status', 'toMove', 'entries', 'nextAfter'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        version: {
          type: 'integer',
          minimum: 0,
          description: "The match's version now (which may be past the page's last entry).",
        },
        status: {
          ...STATUS,
          description: "The match's status as of the page's last entry (now, when the page is empty).",
        },
        toMove: {
          type: 'array',
          items: { type: 'integer', minimum: 0 },
          description:
            "The seats to move as of the page's last entry (now, when the page is empty): a long-polling client needs no other read to know whose turn it is.",
        },
        entries: { type: 'array', items: ref(`${n}LogEntry`) },
        nextAfter: {
          type: 'integer',
          nullable: true,
          description: 'Pass as ?after= for the next page; null at the end.',
        },
      },
    },
    [`${n}LegalMovesPage`]: {
      type: 'object',
      additionalProperties: false,
      required: ['version', 'seat', 'moves', 'nextCursor'],
      properties: {
        version: { type: 'integer', minimum: 0 },
        seat: { type: 'integer', minimum: 0 },
        moves: { type: 'array', items: ref(`${n}Move`) },
        nextCursor: {
          type: 'string',
          nullable: true,
          pattern: CURSOR_PATTERN,
          description:
            'Pass as ?cursor= for the next page (null on the last). It names its version: after the match moves it is 409 VERSION_CONFLICT.',
        },
        ...g.schemas.legalMovesExtra,
      },
    },
  };
}

/** docs/api.md "Fairness": present only in matches with chance; `seed` and `salt` only once the match is over. */
const FAIRNESS_PROPERTIES = {
  seedCommitment: {
    type: 'string',
    pattern: '^[0-9a-f]{64}$',
    description: 'Matches with chance: lowercase hex SHA-256 of the UTF-8 string salt + seed, fixed at creation.',
  },
  seed: {
    type: 'string',
    description: 'Revealed once the match is over, never before: every random draw of the match derives from it.',
  },
  salt: { type: 'string', description: 'Revealed with the seed, to recompute seedCommitment.' },
};

/**
 * Adds the shared and per-game components, and what the server posts out (webhook events, HTTP bot turns) as
 * callbacks of the operations that set them up; the seat token is opaque, not a JWT.
 */
export function addGameSchemas(document: OpenAPIObject, games: readonly GameDefinition[]): void {
  document.components ??= {};
  const schemas = (document.components.schemas ??= {});
  Object.assign(schemas, SHARED);
  for (const g of games) Object.assign(schemas, gameSchemas(g));
  Object.assign(schemas, outgoingSchemas(games.map((g) => ({ id: g.engine.id, schemaName: g.schemaName }))));
  for (const g of games) addCallbacks(document, `/games/${g.engine.id}/matches`, WEBHOOK_CALLBACKS);
  addCallbacks(document, '/tournaments', HTTP_BOT_CALLBACKS);
  for (const scheme of Object.values(document.components.securitySchemes ?? {}))
    delete (scheme as { bearerFormat?: string }).bearerFormat;
}

/**
 * Takes the `default` keyword out of every schema a request body or a parameter reaches (following `$ref`s),
 * writing the default into the description instead. Why: openapi-typescript (examples/README.md) makes a property
 * with a `default` required in the generated types, so `options: { setup: "random" }` did not compile although
 * the server fills every left-out option in, and a seek did not compile without `ratingRange` (issue 35: the seek
 * schemas were added after this sweep had run). So it runs last, on the whole document (src/app.ts), and
 * test/typed-client.e2e-spec.ts compiles a minimal request of every operation against the generated types. The
 * catalogue (GET /games) still lists each option's default.
 */
export function withoutRequestDefaults(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, object>;
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.$ref === 'string') {
      const name = o.$ref.replace('#/components/schemas/', '');
      if (!seen.has(name) && schemas[name]) {
        seen.add(name);
        schemas[name] = structuredClone(schemas[name]); // the engines' wire schemas are shared constants: edit a copy
        visit(schemas[name]);
      }
    }
    if ('default' in o && typeof o.type === 'string') {
      const said = JSON.stringify(o.default);
      const text = typeof o.description === 'string' ? o.description : '';
      o.description = `${text}${text === '' || /[.!?]$/.test(text) ? '' : '.'} Default: ${said}.`.trim();
      delete o.default;
    }
    for (const [k, v] of Object.entries(o)) if (k !== '$ref' && k !== 'example' && k !== 'examples') visit(v);
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { requestBody?: unknown; parameters?: unknown }>)) {
      if (!operation || typeof operation !== 'object') continue;
      if ('requestBody' in operation) {
        operation.requestBody = structuredClone(operation.requestBody);
        visit(operation.requestBody);
      }
      if (Array.isArray(operation.parameters)) {
        operation.parameters = structuredClone(operation.parameters);
        visit(operation.parameters);
      }
    }
  }
}

function addCallbacks(document: OpenAPIObject, path: string, callbacks: object): void {
  const operation = document.paths[path]?.post;
  if (!operation) throw new Error(`OpenAPI: no POST ${path} to attach callbacks to`);
  operation.callbacks = { ...operation.callbacks, ...(callbacks as NonNullable<typeof operation.callbacks>) };
}
