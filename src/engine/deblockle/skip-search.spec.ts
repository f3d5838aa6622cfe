import { replay } from '../core';
import { deblockleEngine as engine } from './index';
import { positionFromBlocks } from './fixtures';
import type { DeblockleOptions } from './options';
import type { DeblockleMove } from './notation';
import type { DeblockleState } from './rules';
import { findSkipLine } from './skip-search';

function options(raw: unknown): DeblockleOptions {
  const o = engine.parseOptions(raw, 2);
  if (!o.ok) throw new Error(o.error.message);
  return o.value;
}

function playLine(state: DeblockleState, moves: readonly { seat: number; move: unknown }[]): DeblockleState {
  for (const { seat, move } of moves) {
    const m = engine.parseMove(move);
    if (!m.ok) throw new Error(m.error.message);
    const next = engine.apply(state, seat, m.value);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state;
}

describe('finding a skip by real play', () => {
  it.each(['random', 'players'])('finds a line from the %s setup of a known seed that replays to a skip', (setup) => {
    const input = { seed: 'deblockle-skip', seats: 2, options: options({ setup }) };
    const line = findSkipLine(engine.setup(input));
    expect(line).not.toBeNull();
    if (!line) return;
    const replayed = replay(engine, input, line.moves);
    if (!replayed.ok) throw new Error(replayed.error.cause.message);
    const end = replayed.value;
    expect(end.skipped).toBe(line.skipped);
    const other = 1 - line.skipped;
    // the seat that just moved moves again: the blocked seat has no legal turn at all
    expect(line.moves[line.moves.length - 1]?.seat).toBe(other);
    expect(engine.toMove(end)).toEqual([other]);
    expect([...engine.legalMoves({ ...end, turn: line.skipped }, line.skipped)]).toEqual([]);
    expect(engine.view(end, 'spectator').skipped).toBe(line.skipped);
  });

  it('works from a position rebuilt from the view, as a client holding both seats would do it', () => {
    const input = { seed: 'any-server-seed', seats: 2, options: options({}) };
    let real = engine.setup(input);
    for (const seat of [0, 1]) {
      const placement = engine.legalMoves(real, seat)[Symbol.iterator]().next().value as DeblockleMove | undefined;
      const next = engine.apply(real, seat, placement!);
      if (!next.ok) throw new Error(next.error.message);
      real = next.value;
    }
    const view = engine.view(real, 0);
    const rebuilt = positionFromBlocks({ blocks: view.blocks, toMove: engine.toMove(real)[0] });
    const line = findSkipLine(rebuilt);
    expect(line).not.toBeNull();
    const end = playLine(real, line!.moves);
    expect(end.skipped).toBe(line!.skipped);
    expect(engine.view(end, 'spectator').blocks).toEqual(engine.view(line!.state, 'spectator').blocks);
  });
});
