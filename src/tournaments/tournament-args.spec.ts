import { UsageError, parseTournamentArgs } from './tournament-args';

describe('npm run tournament arguments', () => {
  it('takes the defaults and well-formed values', () => {
    expect(parseTournamentArgs([])).toEqual({ game: 'reversi', format: 'round-robin', bots: ['random', 'greedy'] });
    expect(
      parseTournamentArgs([
        '--game',
        'qwirkle',
        '--bots',
        'random, greedy,random',
        '--format',
        'swiss',
        '--rounds',
        '3',
        '--seats',
        '3',
      ]),
    ).toEqual({ game: 'qwirkle', format: 'swiss', bots: ['random', 'greedy', 'random'], rounds: 3, seats: 3 });
  });

  it.each([
    [['--rounds', 'abc'], '--rounds must be a whole number from 1 to 50, not "abc"'],
    [['--rounds', '0'], '--rounds must be a whole number from 1 to 50, not "0"'],
    [['--rounds', '2.5'], '--rounds must be a whole number from 1 to 50'],
    [['--rounds', '51'], '--rounds must be a whole number from 1 to 50'],
    [['--seats', '1'], '--seats must be a whole number from 2 to 6, not "1"'],
    [['--seats', 'x'], '--seats must be a whole number from 2 to 6'],
    [['--format', 'knockout'], '--format must be round-robin or swiss, not "knockout"'],
    [['--game', 'chess'], '--game must be one of'],
    [['--bots', 'greedy'], '--bots needs at least two bots'],
    [['--bots', 'random,deep-blue'], '--bots: reversi has no bot "deep-blue"'],
    [['--round', '3'], "Unknown option '--round'"],
    [['extra'], 'positional'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseTournamentArgs(argv)).toThrow(UsageError);
    expect(() => parseTournamentArgs(argv)).toThrow(message);
  });
});
