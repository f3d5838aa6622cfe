import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GAME_IDS } from '../src/engine/games';
import { useApp } from './support/harness';

const run = promisify(execFile);
const root = join(__dirname, '..');
const examples = join(root, 'examples');

/**
 * The example client (examples/) is built the way its README says, against THIS server's spec: the types are
 * regenerated from /openapi.json, the example is type-checked (and compiled) with tsc, then it plays one match
 * of each game to the end over real HTTP. A spec change that breaks a client breaks this test.
 */
describe('the example client', () => {
  const h = useApp();

  it('type-checks against types generated from /openapi.json, simulates each game locally, plays one match of each to the end, and one with a clock', async () => {
    await h.app.listen(0, '127.0.0.1');
    const { port } = h.app.getHttpServer().address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;

    mkdirSync(join(examples, 'generated'), { recursive: true });
    const spec = (await h.client.http.get('/openapi.json').expect(200)).text;
    writeFileSync(join(examples, 'generated', 'openapi.json'), spec);
    await run(
      process.execPath,
      [
        join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        join(examples, 'generated/openapi.json'),
        '-o',
        join(examples, 'generated/api.d.ts'),
      ],
      { cwd: root },
    );
    // simulate.ts imports the engines entry point (turnbase/engines, built by the global setup) as an outside project would.
    await run(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(examples, 'tsconfig.json')],
      { cwd: root },
    ).catch((error: Error & { stdout?: string }) => {
      throw new Error(`the example does not type-check against the spec:\n${error.stdout ?? String(error)}`);
    });

    // typed-client.ts compiled above: the holes of issue 26 are closed (its @ts-expect-error lines are still errors).
    const typed = JSON.parse(
      (await run(process.execPath, [join(examples, 'dist/typed-client.js')], { cwd: root })).stdout,
    ) as Record<string, unknown>;
    expect(typed).toMatchObject({
      deblockle: { options: { setup: 'random' } },
      withIfMatch: { move: { square: 'd3' } },
      feed: 'aborted',
    });

    const { stdout } = await run(process.execPath, [join(examples, 'dist/play.js'), '--simulate', baseUrl], {
      cwd: root,
      timeout: 240_000,
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // --simulate: each game is first played locally through turnbase/engines, deterministically.
    const simulated = lines.filter((l) => l.simulated === true) as {
      game: string;
      moves: number;
      outcome: { draw: boolean; reason: string } | null;
    }[];
    expect(simulated.map((s) => s.game)).toEqual([...GAME_IDS]);
    const { simulate } = require(join(examples, 'dist/simulate.js')) as {
      simulate: (game: string, seed: number) => unknown;
    };
    simulated.forEach((s, i) => {
      expect(s.moves).toBeGreaterThan(0);
      expect(typeof s.outcome?.draw).toBe('boolean');
      expect(simulate(s.game, i + 1)).toEqual(s);
    });
    const played = lines.filter((l) => l.simulated !== true) as {
      game: string;
      id: string;
      version: number;
      moves: number;
      outcome: { draw: boolean; reason: string };
    }[];
    expect(played.map((p) => p.game)).toEqual([...GAME_IDS]);
    for (const p of played) {
      const match = await h.client.get(p.game, p.id).expect(200);
      expect(match.body).toMatchObject({ status: 'finished', version: p.version, toMove: [] });
      expect(match.body.outcome).toEqual(p.outcome);
      expect(typeof p.outcome.draw).toBe('boolean');
      expect(p.moves).toBeGreaterThan(0);
      expect(await h.db.eventCount(p.id)).toBe(p.version);
    }

    // With a clock (docs/api.md "Clocks"): the match is created with the time control, and each turn prints the
    // clock as the match shows it (the clock sweep is off here: nothing times out, the clock only reads).
    const before = Date.now();
    const clocked = await run(
      process.execPath,
      [join(examples, 'dist/play.js'), '--per-move-seconds', '60', '--on-timeout', 'random', baseUrl, 'reversi'],
      { cwd: root, timeout: 120_000 },
    );
    const after = Date.now();
    const out = clocked.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const turns = out.filter((l) => l.clock !== undefined) as {
      game: string;
      id: string;
      version: number;
      toMove: number[];
      clock: { remainingMs: number[]; deadlineAt: string };
    }[];
    const [game, ...rest] = out.filter((l) => l.clock === undefined) as {
      game: string;
      id: string;
      moves: number;
      version: number;
    }[];
    expect(rest).toEqual([]);
    expect(game).toMatchObject({ game: 'reversi' });
    // Reversi: one seat to move on each turn, so one clock line per move, the first on the created match.
    expect(turns).toHaveLength(game!.moves);
    expect(turns[0]!.version).toBe(0);
    turns.forEach((t, i) => {
      expect(t).toMatchObject({ game: 'reversi', id: game!.id });
      if (i > 0) expect(t.version).toBeGreaterThan(turns[i - 1]!.version);
      const [seat] = t.toMove as [number];
      expect(t.toMove).toHaveLength(1);
      expect(t.clock.remainingMs).toHaveLength(2);
      expect(t.clock.remainingMs[1 - seat]).toBe(60_000); // the seat not to move: the full allowance
      expect(t.clock.remainingMs[seat]).toBeGreaterThan(0);
      expect(t.clock.remainingMs[seat]).toBeLessThanOrEqual(60_000);
      // remainingMs is live: the deadline less the time left is when the match was read, during this run.
      const asOf = Date.parse(t.clock.deadlineAt) - t.clock.remainingMs[seat]!;
      expect(asOf).toBeGreaterThanOrEqual(before - 5);
      expect(asOf).toBeLessThanOrEqual(after + 5);
    });
    const ended = await h.client.get('reversi', game!.id).expect(200);
    expect(ended.body).toMatchObject({ status: 'finished', version: game!.version });
    expect(ended.body.clock).toMatchObject({ deadlineAt: null });
  }, 300_000);
});
