/**
 * The engine contract suite, over the game registry: every registered game's package runs the shared
 * seeded-playout contract (src/engine/core/contract.testkit.ts) with its own `contractConfigs`, and its bots
 * play seeded playouts through it. Everything the playouts produce (views, legal moves, log entries, bot
 * moves) is checked with Ajv, as the e2e tests check responses (test/support/spec-check.ts), against the
 * game's wire schemas, named as the OpenAPI document names them.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { type WireCheck, type WireForm, runContractSuite } from '../engine/core/contract.testkit';
import { ALL_GAMES, GAME_IDS, GAME_PACKAGES } from '../engine/games';
import type { GameDefinition } from './game-definition';

/** A check of the game's wire forms; `$ref`s between them (`#/components/schemas/QwirkleMove`) resolve as in the OpenAPI document. */
export function wireCheckOf(game: GameDefinition): WireCheck {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const n = game.schemaName;
  const names: Record<WireForm, string> = {
    move: `${n}Move`,
    view: `${n}View`,
    logMove: `${n}LogMove`,
    effects: `${n}MoveEffects`,
  };
  const { move, view, options, logMove, effects } = game.schemas;
  ajv.addSchema(
    {
      components: {
        schemas: {
          [names.move]: move,
          [names.view]: view,
          [`${n}Options`]: options,
          [names.logMove]: logMove,
          [names.effects]: effects,
        },
      },
    },
    'game',
  );
  return (form, value) => {
    const validate = ajv.getSchema(`game#/components/schemas/${names[form]}`);
    if (!validate) throw new Error(`no ${names[form]} schema`);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}

describe('the game registry', () => {
  it('lists each game once, under the id its engine gives', () => {
    for (const id of GAME_IDS) expect(GAME_PACKAGES[id].engine.id).toBe(id);
    expect(new Set(GAME_IDS).size).toBe(GAME_IDS.length);
  });

  it('checks wire forms strictly enough to fail', () => {
    const check = wireCheckOf(GAME_PACKAGES.reversi);
    expect(check('move', { square: 'd3' })).toEqual([]);
    expect(check('move', { square: 'z9' })).not.toEqual([]);
    expect(check('view', { board: [] })).not.toEqual([]);
  });
});

for (const game of ALL_GAMES) runContractSuite(game, wireCheckOf(game));
