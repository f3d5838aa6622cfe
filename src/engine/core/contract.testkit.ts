/**
 * The shared contract suite (ARCHITECTURE rule 6): seeded random playouts, run the same way on every engine.
 * A game's configs are its package's `contractConfigs` (`src/engine/<game>/contract-configs.ts`); src/games/registry.contract.spec.ts
 * runs them for every registered game, with a check of everything the playouts produce against the game's wire schemas.
 *
 * Checked on every step of every playout:
 * - terminal ⇔ no seat to move ⇔ outcome; every seat to move has at least one legal move;
 * - every legal move survives encode → parse → encode and applies; a seat not to move gets NOT_YOUR_TURN;
 * - `apply` never mutates its input; states are plain JSON;
 * - components are conserved (when the config says how to count them);
 * - no view or log entry holds the seed or the PRNG state, and (when the config can re-deal hidden
 *   information) a view does not change when what its viewer may not see is re-dealt;
 * and at the end of each playout: incremental play equals `replay(log)`, moves after the end get GAME_OVER,
 * the outcome names valid seats and one score per seat, and the playout finished within `maxPlies`.
 * With a `WireCheck`: every view, listed legal move, log entry (move, effects) and bot move matches the game's wire schemas.
 */
import fc from 'fast-check';
import { Rng, seedRng } from './rng';
import { replay, type LoggedMove } from './replay';
import { type Bot, botMove } from './bot';
import type { ContractConfig, GamePackage } from './game-package';
import type { Seat, Viewer } from './types';

export type { ContractConfig } from './game-package';

/** The wire schemas a contract run checks against (a game's `WireSchemas`, by name). */
export type WireForm = 'move' | 'view' | 'logMove' | 'effects';
/** Checks a value, as sent on the wire (after a JSON round trip), against one of the game's wire schemas: what is wrong, [] when nothing. */
export type WireCheck = (form: WireForm, value: unknown) => string[];

/** Legal moves checked against the move schema on each step, besides the one played (a list may hold thousands). */
const LISTED_MOVES_CHECKED = 20;

const json = (x: unknown): string => JSON.stringify(x);

function sample<M>(moves: Iterable<M>, cap: number): M[] {
  const out: M[] = [];
  for (const m of moves) {
    out.push(m);
    if (out.length >= cap) break;
  }
  return out;
}

function rngSecrets(state: unknown): string[] {
  // Any uint32 quadruple named `rng` in the state is PRNG state; its numbers must never be shown.
  const found: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x !== null && typeof x === 'object') {
      for (const [k, v] of Object.entries(x)) {
        if (/rng/i.test(k) && Array.isArray(v))
          for (const n of v) if (typeof n === 'number' && n > 99999) found.push(String(n));
        walk(v);
      }
    }
  };
  walk(state);
  return found;
}

function assertWire(check: WireCheck | undefined, where: string, form: WireForm, value: unknown): void {
  if (!check) return;
  const problems = check(form, JSON.parse(json(value)) as unknown);
  if (problems.length > 0)
    throw new Error(`${where} does not match the ${form} schema: ${problems.join('; ')}\n${json(value).slice(0, 400)}`);
}

function assertNoSecrets(where: string, shown: unknown, seed: string, secrets: string[]): void {
  const text = json(shown);
  if (text.includes(seed)) throw new Error(`${where} shows the seed`);
  for (const s of secrets) if (new RegExp(`\\b${s}\\b`).test(text)) throw new Error(`${where} shows PRNG state ${s}`);
}

/** Plies a bot playout goes to at most (every seat is the bot; it need not end by then). */
const BOT_PLIES = 300;

/**
 * Runs a game package's contract: its engine over its `contractConfigs`, and its `bots`. Each bot plays every
 * seat of seeded playouts of the first config, through `botMove` (which hands it the seat's view, never the
 * state): every move it picks is one of the seat's legal moves and applies, and the same seed gives the same
 * moves. With `wire`, every view, legal move and log entry (move and effects) a playout produces, and every
 * bot move, is checked against the game's wire schemas.
 */
export function runContractSuite<S, M, V, O>(pkg: GamePackage<S, M, V, O>, wire?: WireCheck): void {
  const { engine, contractConfigs: configs } = pkg;
  const bots = pkg.bots as readonly Bot<unknown, M>[];
  describe(`${engine.id} engine contract`, () => {
    it('declares at least one contract playout', () => {
      expect(configs.length).toBeGreaterThan(0);
    });

    it('describes itself', () => {
      expect(engine.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(engine.rulesVersion).toBeGreaterThanOrEqual(1);
      expect(engine.seats.min).toBeGreaterThanOrEqual(1);
      expect(engine.seats.max).toBeGreaterThanOrEqual(engine.seats.min);
      for (const o of engine.options) {
        if (o.type === 'object') expect(o.default).toBeNull();
        else expect(typeof o.default).toBe(o.type === 'integer' ? 'number' : o.type);
        if (o.default !== null) expect(engine.parseOptions({ [o.name]: o.default }, engine.seats.min).ok).toBe(true);
      }
    });

    it('rejects malformed moves as values, without throwing', () => {
      fc.assert(
        fc.property(fc.anything(), (raw) => {
          const r = engine.parseMove(raw);
          if (!r.ok) expect(r.error.code).toBe('MALFORMED_MOVE');
        }),
        { numRuns: 300 },
      );
    });

    it('rejects malformed options as values, without throwing', () => {
      fc.assert(
        fc.property(fc.anything(), (raw) => {
          const r = engine.parseOptions(raw, engine.seats.min);
          if (!r.ok) expect(r.error.code).toBe('INVALID_OPTIONS');
        }),
        { numRuns: 300 },
      );
    });

    for (const config of configs) {
      it(`plays random games to the end by the rules: ${config.name}`, () => {
        const parsedOptions = engine.parseOptions(config.options, config.seats);
        if (!parsedOptions.ok) throw new Error(`options refused: ${parsedOptions.error.message}`);
        const options = parsedOptions.value;
        fc.assert(
          fc.property(
            fc.string({ minLength: 8, maxLength: 24 }),
            fc.integer({ min: 0, max: 0x7fffffff }),
            (seedBody, pickSeed) => {
              const seed = `seed:${seedBody}:end`;
              const input = { seed, seats: config.seats, options };
              const start = engine.setup(input);
              expect(json(engine.setup(input))).toBe(json(start)); // setup is deterministic
              const secrets = rngSecrets(start);
              const picker = new Rng(seedRng(String(pickSeed)));
              const log: { seat: Seat; move: M; before: S; after: S }[] = [];
              let state = start;
              const maxPlies = config.maxPlies ?? 5000;

              for (let ply = 0; ; ply++) {
                expect(JSON.parse(json(state))).toEqual(state); // plain JSON
                if (config.conservation) expect(config.conservation.count(state)).toBe(config.conservation.total);
                config.check?.(state);
                const viewers: Viewer[] = ['spectator', ...Array.from({ length: config.seats }, (_, i) => i)];
                for (const v of viewers) {
                  const view = engine.view(state, v);
                  assertNoSecrets(`view for ${v}`, view, seed, secrets.concat(rngSecrets(state)));
                  assertWire(wire, `view for ${v} at ply ${ply}`, 'view', view);
                  if (config.scrambleHidden) {
                    const scrambled = config.scrambleHidden(state, v, picker);
                    expect(json(engine.view(scrambled, v))).toBe(json(view));
                  }
                }

                const movers = engine.toMove(state);
                const outcome = engine.outcome(state);
                expect(movers.length === 0).toBe(outcome !== null);
                if (outcome) {
                  expect(outcome.scores).toHaveLength(config.seats);
                  expect(outcome.winners.length).toBeGreaterThan(0);
                  for (const w of outcome.winners) expect(w >= 0 && w < config.seats).toBe(true);
                  expect(typeof outcome.reason).toBe('string');
                  break;
                }
                if (ply >= maxPlies) throw new Error(`no end after ${maxPlies} moves`);
                for (const s of movers) expect(s >= 0 && s < config.seats).toBe(true);

                const seat = picker.pick(movers);
                const moves = sample(engine.legalMoves(state, seat), config.sampleCap ?? 400);
                expect(moves.length).toBeGreaterThan(0);
                const move = picker.pick(moves);
                const encoded = engine.encodeMove(move);
                for (const listed of moves.slice(0, LISTED_MOVES_CHECKED))
                  assertWire(wire, `legal move of seat ${seat} at ply ${ply}`, 'move', engine.encodeMove(listed));
                assertWire(wire, `legal move of seat ${seat} at ply ${ply}`, 'move', encoded);
                const reparsed = engine.parseMove(JSON.parse(json(encoded)));
                if (!reparsed.ok)
                  throw new Error(`legal move ${json(encoded)} does not parse: ${reparsed.error.message}`);
                expect(json(engine.encodeMove(reparsed.value))).toBe(json(encoded));

                const idle = Array.from({ length: config.seats }, (_, i) => i).find((s) => !movers.includes(s));
                if (idle !== undefined) {
                  const r = engine.apply(state, idle, reparsed.value);
                  expect(r.ok ? 'ok' : r.error.code).toBe('NOT_YOUR_TURN');
                }

                const snapshot = json(state);
                const next = engine.apply(state, seat, reparsed.value);
                expect(json(state)).toBe(snapshot); // apply never mutates
                if (!next.ok)
                  throw new Error(`legal move ${json(encoded)} refused: ${next.error.code} ${next.error.message}`);
                log.push({ seat, move: reparsed.value, before: state, after: next.value });
                state = next.value;
              }

              const lastMove = log[log.length - 1];
              if (lastMove) {
                const after = engine.apply(state, lastMove.seat, lastMove.move);
                expect(after.ok ? 'ok' : after.error.code).toBe('GAME_OVER');
              }

              const wireLog: LoggedMove[] = log.map((e) => ({
                seat: e.seat,
                move: JSON.parse(json(engine.encodeMove(e.move))) as unknown,
              }));
              const replayed = replay(engine, input, wireLog);
              if (!replayed.ok)
                throw new Error(`replay failed at ${replayed.error.index}: ${replayed.error.cause.message}`);
              expect(json(replayed.value)).toBe(json(state));

              for (const e of log) {
                for (const v of ['spectator', ...Array.from({ length: config.seats }, (_, i) => i)] as Viewer[]) {
                  const shown = engine.redactMove({ ...e, now: state }, v);
                  assertNoSecrets(`log entry for ${v}`, shown, seed, secrets);
                  assertWire(wire, `log entry's move for ${v}`, 'logMove', shown.move);
                  assertWire(wire, `log entry's effects for ${v}`, 'effects', shown.effects);
                }
              }
            },
          ),
          { numRuns: config.playouts ?? 20 },
        );
      });
    }

    const first = configs[0];
    for (const bot of first ? bots : []) {
      it(`bot ${bot.id} plays only legal moves and is deterministic for its seed: ${first?.name}`, () => {
        const config = first as ContractConfig<S>;
        const parsed = engine.parseOptions(config.options, config.seats);
        if (!parsed.ok) throw new Error(`options refused: ${parsed.error.message}`);
        const play = (seed: string): string[] => {
          let state = engine.setup({ seed, seats: config.seats, options: parsed.value });
          const played: string[] = [];
          for (
            let ply = 0;
            ply < Math.min(BOT_PLIES, config.maxPlies ?? BOT_PLIES) && engine.outcome(state) === null;
            ply++
          ) {
            const seat = engine.toMove(state)[0] as Seat;
            const legal = new Set([...engine.legalMoves(state, seat)].map((m) => json(engine.encodeMove(m))));
            const move = botMove(engine, bot, state, seat, `${seed}/${ply}`);
            if (move === null) throw new Error(`seat ${seat} to move, and ${bot.id} found no move`);
            const w = json(engine.encodeMove(move));
            assertWire(wire, `${bot.id}'s move`, 'move', engine.encodeMove(move));
            if (!legal.has(w)) throw new Error(`${bot.id} chose ${w}, not a legal move of seat ${seat}`);
            const next = engine.apply(state, seat, move);
            if (!next.ok) throw new Error(`${bot.id}'s move ${w} refused: ${next.error.code}`);
            played.push(`${seat}:${w}`);
            state = next.value;
          }
          return played;
        };
        fc.assert(
          fc.property(fc.string({ minLength: 4, maxLength: 12 }), (body) => {
            const seed = `bot-seed:${body}`;
            expect(play(seed)).toEqual(play(seed));
          }),
          { numRuns: 2, seed: 12 },
        );
      });
    }
  });
}
