import { stepsOf } from './tournament-stream';
import type { TournamentMatchRecord } from './tournament-store.port';

const m = (round: number, table: number, step?: number): TournamentMatchRecord => ({
  matchId: `m${round}.${table}`,
  round,
  table,
  entrants: [0, 1],
  result: { points: [1, 0], endedAt: 0, ...(step === undefined ? {} : { step }) },
});
const open = (round: number, table: number): TournamentMatchRecord => ({ ...m(round, table), result: null });
const kinds = (steps: ReturnType<typeof stepsOf>): string[] =>
  steps.map((s) =>
    s.kind === 'match.finished' ? `scored ${s.match}` : s.kind === 'round.started' ? `round ${s.round}` : 'end',
  );

describe('tournament stream steps', () => {
  it('numbers interleaved rounds and results in the order they were written (an arena)', () => {
    // Round 1 (two tables), round 2 created when table 1 ended (step 3), then round 1's table 0 ended (step 4).
    const steps = stepsOf({ roundsCreated: 2, status: 'running', matches: [m(1, 0, 4), m(1, 1, 2), open(2, 0)] });
    expect(kinds(steps)).toEqual(['round 1', 'scored 1', 'round 2', 'scored 0']);
  });

  it('keeps every number it gave: a later read only appends', () => {
    const before = stepsOf({ roundsCreated: 2, status: 'running', matches: [m(1, 0, 4), m(1, 1, 2), open(2, 0)] });
    const after = stepsOf({
      roundsCreated: 3,
      status: 'finished',
      matches: [m(1, 0, 4), m(1, 1, 2), m(2, 0, 5), open(3, 0)],
    });
    expect(after.slice(0, before.length)).toEqual(before);
    expect(kinds(after).slice(before.length)).toEqual(['scored 2', 'round 3', 'end']);
  });

  it('numbers a tournament scored before steps were kept round by round, as before', () => {
    const steps = stepsOf({ roundsCreated: 2, status: 'finished', matches: [m(1, 0), m(1, 1), m(2, 0)] });
    expect(kinds(steps)).toEqual(['round 1', 'scored 0', 'scored 1', 'round 2', 'scored 2', 'end']);
  });
});
