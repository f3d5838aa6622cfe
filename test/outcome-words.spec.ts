/**
 * The pages' words for a finished match (web/src/outcome.ts), checked against every reason an outcome can
 * carry. The reasons are read from the sources that make them (the engines' outcome code and the decider's
 * resignation and timeout), not copied here: a reason added to an engine and not put in words fails this test.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GAME_IDS } from '../src/engine/games';
import { type MatchLike, WORDED_REASONS, namesList, outcomeWords } from '../web/src/outcome';

const ROOT = join(__dirname, '..');
/** Every game of the registry. */
const GAMES: readonly string[] = GAME_IDS;

/**
 * The outcome reasons in the sources: a game's `'<game>/…'` literals in the statements that build an outcome
 * (`winners`, `ended:`, Qwirkle's `EndReason`, `done(…)`, Deblockle's `over(…)`), and the decider's own
 * `reason: '…'` beside `winners`. Refusal reasons (`illegal(…)`, `malformed(…)`) and comments are not outcomes.
 * Read by statement (comments stripped, split at `;`), not by line: the formatter may spread one over lines.
 */
function statementsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return code.split(/;|\n\s*\n/);
}

function reasonsInSources(): Set<string> {
  const found = new Set<string>();
  const outcome = /winners|ended:|EndReason|done\(|over\(/;
  const refusal = /illegal\(|malformed\(|invalidOptions\(|fail\(/;
  for (const game of GAMES) {
    const dir = join(ROOT, 'src/engine', game);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !/\.spec\.ts$|testkit|fixtures/.test(f))) {
      for (const statement of statementsOf(readFileSync(join(dir, file), 'utf8'))) {
        if (!outcome.test(statement) || refusal.test(statement)) continue;
        for (const m of statement.matchAll(new RegExp(`'(${game}/[a-z-]+)'`, 'g'))) found.add(m[1]!);
      }
    }
  }
  for (const statement of statementsOf(readFileSync(join(ROOT, 'src/matches/decider.ts'), 'utf8'))) {
    if (!statement.includes('winners')) continue;
    for (const m of statement.matchAll(/reason: '([a-z/-]+)'/g)) found.add(m[1]!);
  }
  return found;
}

const two = (game: string, reason: string, winners: number[], scores: number[], draw = false): MatchLike => ({
  game,
  status: 'finished',
  outcome: { winners, scores, reason, draw },
  players: [
    { seat: 0, name: 'ann' },
    { seat: 1, name: 'bob' },
  ],
});
const colour = (s: number) => (s === 0 ? 'black' : 'white');

describe('a finished match in words', () => {
  it('puts every reason the engines and the decider can give in words, and no other', () => {
    const sources = reasonsInSources();
    // The scan itself finds what it should: the reasons named in the engines' own headers and docs/api.md.
    for (const known of [
      'reversi/no-moves',
      'qwirkle/out-of-tiles',
      'deblockle/all-removed',
      'split/rounds-complete',
      'resigned',
      'timeout',
    ]) {
      expect(sources.has(known)).toBe(true);
    }
    expect([...WORDED_REASONS].sort()).toEqual([...sources].sort());
  });

  it.each(
    GAMES.flatMap((game) =>
      [...reasonsInSources()].filter((r) => !r.includes('/') || r.startsWith(`${game}/`)).map((r) => [game, r]),
    ),
  )('%s, %s: a sentence that names the winner and never shows the code', (game, reason) => {
    const draw =
      reason.endsWith('/draw') ||
      reason.endsWith('/both-blocked') ||
      (reason.endsWith('/max-turns') && game === 'deblockle');
    const words = outcomeWords(two(game, reason, draw ? [0, 1] : [1], [20, 44], draw))!;
    if (reason.includes('/')) expect(words).not.toContain(reason);
    expect(words).not.toMatch(/undefined|null|NaN|\[object|\(/);
    expect(words).toMatch(/: .+\.$/);
    expect(words).toMatch(draw ? /^A draw/ : /^bob wins/);
  });

  it('says who won, by how much and why, per game', () => {
    expect(outcomeWords(two('reversi', 'reversi/no-moves', [1], [20, 44]), colour)).toBe(
      'bob (white) wins 44–20: the board is full.',
    );
    expect(outcomeWords(two('reversi', 'reversi/no-moves', [0], [13, 0]), colour)).toBe(
      'ann (black) wins 13–0: neither side could move, so the discs were counted.',
    );
    expect(outcomeWords(two('reversi', 'reversi/draw', [0, 1], [32, 32], true), colour)).toBe(
      'A draw, 32–32: the board is full and the discs are even.',
    );
    expect(outcomeWords(two('reversi', 'resigned', [1], [3, 1]), colour)).toBe(
      'bob (white) wins: ann (black) resigned.',
    );
    expect(outcomeWords(two('reversi', 'timeout', [0], [3, 1]), colour)).toBe(
      'ann (black) wins: bob (white) ran out of time.',
    );
    expect(outcomeWords(two('qwirkle', 'qwirkle/out-of-tiles', [0], [120, 98]))).toBe(
      'ann wins with 120 points: ann placed the last tile with the bag empty.',
    );
    expect(outcomeWords(two('qwirkle', 'qwirkle/blocked', [1], [10, 11]))).toBe(
      'bob wins with 11 points: nobody could place or exchange a tile.',
    );
    expect(outcomeWords(two('qwirkle', 'qwirkle/max-turns', [0, 1], [7, 7], true))).toBe(
      'A draw, 7 points each: the turn limit was reached.',
    );
    expect(outcomeWords(two('deblockle', 'deblockle/all-removed', [0], [6, 4]))).toBe(
      'ann wins: ann took every one of their blocks off the board.',
    );
    expect(outcomeWords(two('deblockle', 'deblockle/both-blocked', [0, 1], [2, 2], true))).toBe(
      'A draw: neither side could move.',
    );
    expect(outcomeWords(two('split', 'split/rounds-complete', [1], [30, 41]))).toBe(
      'bob wins with 41 points: every round has been played.',
    );
  });

  it("names shared wins, several resigners' opponents and seats that left", () => {
    const three: MatchLike = {
      game: 'split',
      status: 'finished',
      outcome: { winners: [0, 2], scores: [40, 12, 40], reason: 'split/rounds-complete', draw: false },
      players: [
        { seat: 0, name: 'ann' },
        { seat: 1, name: 'bob' },
        { seat: 2, name: 'cy' },
      ],
    };
    expect(outcomeWords(three)).toBe('ann and cy share the win with 40 points: every round has been played.');
    const resigned: MatchLike = {
      game: 'qwirkle',
      status: 'finished',
      outcome: { winners: [0, 2], scores: [5, 9, 4], reason: 'resigned', draw: false },
      players: [
        { seat: 0, name: 'ann' },
        { seat: 1, name: 'bob' },
        { seat: 2, name: 'cy' },
        { seat: 3, name: 'dee', left: true },
      ],
    };
    expect(outcomeWords(resigned)).toBe('ann and cy share the win: bob resigned.');
    expect(namesList(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('keeps an unknown reason readable, and says nothing of a match still going', () => {
    expect(outcomeWords(two('chess', 'chess/checkmate', [0], [1, 0]))).toBe('ann wins (chess/checkmate).');
    expect(outcomeWords({ ...two('reversi', 'x', [0], []), status: 'active', outcome: null })).toBeNull();
  });

  it('says why an aborted match was called off', () => {
    const base = { game: 'reversi', status: 'aborted', outcome: null };
    expect(
      outcomeWords({
        ...base,
        players: [
          { seat: 0, name: 'ann' },
          { seat: 1, name: null, open: true },
        ],
      }),
    ).toBe('Called off: its open seats were not filled in time.');
    expect(
      outcomeWords({
        ...base,
        players: [
          { seat: 0, name: 'ann' },
          { seat: 1, name: 'bob' },
        ],
      }),
    ).toBe('Called off: nobody moved for too long.');
  });
});
