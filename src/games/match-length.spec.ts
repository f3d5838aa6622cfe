import { deblockleEngine } from '../engine/deblockle';
import { qwirkleEngine } from '../engine/qwirkle';
import { splitEngine } from '../engine/split';
import { GAMES } from './games';

/**
 * Every game's match has a bounded length, so no client can grow a log without end (issue 15). Reversi is
 * bounded by its board (60 placements; passes are automatic, not events). Split is bounded by its rounds: each
 * turn draws from the pile or lays the taken card on the table for good. Qwirkle and Deblockle could cycle
 * (exchanges, blocks moving back and forth), so their `maxTurns` option is always in force and capped.
 */
describe('the length of a match', () => {
  it('is checked below for every game the server hosts (a new game adds its bound here)', () => {
    expect(GAMES.map((g) => g.engine.id).sort()).toEqual(['deblockle', 'qwirkle', 'reversi', 'split']);
  });

  it('Qwirkle: maxTurns accepts 20,000 (docs/api.md) and has a ceiling', () => {
    expect(qwirkleEngine.parseOptions({ maxTurns: 20_000 }, 2)).toMatchObject({
      ok: true,
      value: { maxTurns: 20_000 },
    });
    const max = qwirkleEngine.options.find((o) => o.name === 'maxTurns')?.maximum as number;
    expect(max).toBeGreaterThanOrEqual(20_000);
    expect(qwirkleEngine.parseOptions({ maxTurns: max + 1 }, 2).ok).toBe(false);
    expect(qwirkleEngine.parseOptions(undefined, 2)).toMatchObject({ ok: true, value: { maxTurns: 1000 } });
  });

  it('Deblockle: maxTurns is always set and capped', () => {
    const max = deblockleEngine.options.find((o) => o.name === 'maxTurns')?.maximum as number;
    expect(Number.isInteger(max)).toBe(true);
    expect(deblockleEngine.parseOptions({ maxTurns: max + 1 }, 2).ok).toBe(false);
    expect(deblockleEngine.parseOptions(undefined, 2)).toMatchObject({ ok: true, value: { maxTurns: 300 } });
  });

  it('Split: rounds are capped', () => {
    const max = splitEngine.options.find((o) => o.name === 'rounds')?.maximum as number;
    expect(Number.isInteger(max)).toBe(true);
    expect(splitEngine.parseOptions({ rounds: max + 1 }, 2).ok).toBe(false);
  });
});
