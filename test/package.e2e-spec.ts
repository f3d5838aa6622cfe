/**
 * `turnbase/engines` as an outsider gets it: the entry point built (`npm run build:engines`, the part of
 * `npm run build` that emits it; the server build is not needed here and costs half a minute), `npm pack`,
 * the tarball unpacked into the node_modules of a fresh project outside the repository, and nothing else
 * installed there. So an import of any server code or dependency would fail, not quietly resolve from the
 * repository's node_modules.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as engineLib from '../src/engine';
import { Rng, engines, play, seedRng } from '../src/engine';

const ROOT = resolve(__dirname, '..');

/**
 * The bot-author example of docs/api.md ("Engines as a library"), for every game: options and a seed give a
 * state; then list the legal moves of a seat to move, pick one (seeded), apply it, until the outcome. Written
 * once as the text of the outsider's module, and run in-repository from the same text with the source engines, to
 * compare.
 */
const SIMULATION = `
function simulate(lib, game, seed) {
  const engine = lib.engines[game];
  const options = engine.parseOptions(undefined, 2);
  if (!options.ok) throw new Error(options.error.message);
  let state = engine.setup({ seed, seats: 2, options: options.value });
  const rng = new lib.Rng(lib.seedRng('bot:' + seed));
  let moves = 0;
  while (engine.outcome(state) === null) {
    const seat = engine.toMove(state)[0];
    const choices = [];
    for (const move of engine.legalMoves(state, seat)) if (choices.push(move) === 30) break;
    const next = lib.play(engine, state, seat, engine.encodeMove(rng.pick(choices)));
    if (!next.ok) throw new Error(game + ': ' + next.error.message);
    state = next.value.state;
    if (++moves > 5000) throw new Error(game + ': no end');
  }
  return { game, moves, outcome: engine.outcome(state), view: engine.view(state, 0) };
}
`;

const GAMES = Object.keys(engines);

describe('the turnbase/engines entry point, from outside the project', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'turnbase-outsider-'));
    // dist/engine is built by the tests' global setup (test/support/global-setup.ts).
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { filename: string }[];
    const into = join(dir, 'project', 'node_modules', 'turnbase');
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['-xzf', join(dir, packed[0]!.filename), '-C', into, '--strip-components=1']);
    writeFileSync(join(dir, 'project', 'package.json'), JSON.stringify({ name: 'outsider', private: true }));
  }, 240_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (file: string, text: string): string => {
    writeFileSync(join(dir, 'project', file), text);
    return execFileSync(process.execPath, [file], { cwd: join(dir, 'project'), encoding: 'utf8' });
  };

  it('plays a match of every game from an ES module, as the source engines do', () => {
    const out = run(
      'play.mjs',
      `import * as lib from 'turnbase/engines';\n${SIMULATION}\n` +
        `console.log(JSON.stringify(${JSON.stringify(GAMES)}.map((g) => simulate(lib, g, 'outsider'))));\n`,
    );
    // The very text the outsider ran, now against the source engines.
    const simulate = new Function(`${SIMULATION}; return simulate;`)() as (
      lib: unknown,
      game: string,
      seed: string,
    ) => { moves: number };
    const expected = GAMES.map((g) => simulate({ engines, Rng, seedRng, play }, g, 'outsider'));
    const got = JSON.parse(out) as { game: string; moves: number; outcome: unknown }[];
    expect(got.map((r) => r.game)).toEqual(GAMES);
    for (const r of got) expect(r.moves).toBeGreaterThan(0);
    expect(got).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('runs the built-in bots from outside: greedy against random in Reversi, the same game as from the source', () => {
    const text = `const { engines, findBot, botMove, play } = lib;
      const engine = engines.reversi;
      const bots = [findBot('reversi', 'greedy'), findBot('reversi', 'random')];
      let state = engine.setup({ seed: 'x', seats: 2, options: engine.parseOptions(undefined, 2).value });
      const moves = [];
      for (let ply = 0; engine.toMove(state).length > 0 && ply < 200; ply++) {
        const seat = engine.toMove(state)[0];
        const move = botMove(engine, bots[seat], state, seat, 'outsider/' + ply);
        const next = play(engine, state, seat, engine.encodeMove(move));
        if (!next.ok) throw new Error(next.error.message);
        state = next.value.state;
        moves.push(engine.encodeMove(move));
      }
      return { moves, outcome: engine.outcome(state) };`;
    const out = run(
      'bots.mjs',
      `import * as lib from 'turnbase/engines';\nconsole.log(JSON.stringify((() => { ${text} })()));\n`,
    );
    const fromSource = new Function('lib', text)({ ...engineLib }) as unknown;
    const got = JSON.parse(out) as { moves: unknown[]; outcome: { winners: number[] } | null };
    expect(got.outcome).not.toBeNull();
    expect(got.moves.length).toBeGreaterThan(8);
    expect(got).toEqual(JSON.parse(JSON.stringify(fromSource)));
  });

  it('loads from CommonJS without any server code or dependency', () => {
    const out = run(
      'load.cjs',
      `const lib = require('turnbase/engines');
      const own = Object.keys(require.cache).filter((f) => f !== __filename);
      console.log(JSON.stringify({ games: Object.keys(lib.engines), files: own }));`,
    );
    const { games, files } = JSON.parse(out) as { games: string[]; files: string[] };
    expect(games).toEqual(GAMES);
    expect(files.length).toBeGreaterThan(10);
    const engineDir = join(dir, 'project', 'node_modules', 'turnbase', 'dist', 'engine');
    expect(files.filter((f) => !f.startsWith(engineDir + '/'))).toEqual([]);
  });

  it('is typed: a TypeScript bot type-checks against the declarations', () => {
    writeFileSync(
      join(dir, 'project', 'bot.ts'),
      `import { engines, qwirkle, type GameEngine, type Seat } from 'turnbase/engines';
const engine = engines.qwirkle;
const options = engine.parseOptions({ maxTurns: 50 }, 2);
if (!options.ok) throw new Error(options.error.message);
const state: qwirkle.QwirkleState = engine.setup({ seed: 'x', seats: 2, options: options.value });
const seat: Seat = engine.toMove(state)[0]!;
const first: qwirkle.QwirkleMove | undefined = engine.legalMoves(state, seat)[Symbol.iterator]().next().value;
const view: qwirkle.QwirkleView = engine.view(state, seat);
export const generic: GameEngine<unknown, unknown> = engines.reversi as unknown as GameEngine<unknown, unknown>;
export const summary = { first, hand: view.hand?.length, score: first?.type === 'place' ? qwirkle.scorePlacement(state.board, first.tiles) : null };
`,
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    // node16 reads package.json "exports"; node10 (older set-ups) reads "typesVersions".
    for (const [module, moduleResolution] of [
      ['node16', 'node16'],
      ['commonjs', 'node10'],
    ]) {
      const compilerOptions = {
        noEmit: true,
        strict: true,
        types: [],
        target: 'es2022',
        module,
        moduleResolution,
        ignoreDeprecations: '6.0',
      };
      writeFileSync(join(dir, 'project', 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['bot.ts'] }));
      const checked = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
        cwd: join(dir, 'project'),
        encoding: 'utf8',
      });
      expect({ moduleResolution, status: checked.status, errors: checked.stdout }).toEqual({
        moduleResolution,
        status: 0,
        errors: '',
      });
    }
    expect(readdirSync(join(dir, 'project', 'node_modules'))).toEqual(['turnbase']);
  }, 180_000); // two TypeScript compilations
});
