import { botMove, reversiEngine } from '../engine';
import { reversiBots } from '../engine/reversi/bots';
import { apply, setup } from '../engine/reversi/rules';
import { ThinkPool } from './think-pool';

/** The thinking bots' turns run in a worker thread: the same move as in-process, and the event loop goes on. */
describe('ThinkPool', () => {
  const pool = new ThinkPool(1, (m) => {
    throw new Error(`the worker failed: ${m}`);
  });
  afterAll(() => pool.close());

  // A midgame position (a few fixed moves from the start).
  let state = setup();
  for (const square of [19, 18, 17, 20, 29, 37]) {
    const legal = [...reversiEngine.legalMoves(state, state.turn as number)];
    const move = legal.find((m) => m.square === square) ?? legal[0]!;
    const next = apply(state, state.turn as number, move);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  const expert = reversiBots.find((b) => b.id === 'expert')!;
  const seat = state.turn as number;

  it('answers the move the bot chooses in-process (same seed, same budget), in its wire form', async () => {
    for (const [seed, budget] of [
      ['a', 2000],
      ['b', 50_000],
    ] as const) {
      const local = reversiEngine.encodeMove(botMove(reversiEngine, expert, state, seat, seed, budget)!);
      await expect(pool.move({ game: 'reversi', bot: 'expert', state, seat, seed, budget })).resolves.toEqual(local);
    }
  });

  it('keeps the event loop free while the bot thinks', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await pool.move({ game: 'reversi', bot: 'expert', state, seat, seed: 'c', budget: 600_000 });
    const ms = performance.now() - started;
    clearInterval(timer);
    // In-process, a search of several hundred milliseconds lets no timer run before it ends.
    expect(ms).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(ms / 5 / 4));
  });

  it('reports a bot that fails as an error, and the pool goes on', async () => {
    await expect(pool.move({ game: 'reversi', bot: 'nobody', state, seat, seed: 'd' })).rejects.toThrow(
      'no bot nobody',
    );
    await expect(
      pool.move({ game: 'reversi', bot: 'expert', state, seat, seed: 'e', budget: 1000 }),
    ).resolves.toBeDefined();
  });
});
