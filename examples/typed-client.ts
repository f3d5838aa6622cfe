/**
 * What a typed client codes against, in one file: types generated from /openapi.json with openapi-typescript
 * (examples/README.md) leave no hole a client falls into (issue 26). test/example-client.e2e-spec.ts compiles
 * it with the rest of the example: each `@ts-expect-error` below must stay an error, so a type that grows loose
 * again (an `object`, a `string`, a required default) fails that test.
 *
 * `node examples/dist/typed-client.js` prints the values below as one JSON line: nothing here calls a server.
 */
import type { components } from './generated/api';

type Schemas = components['schemas'];

// 1. A defaulted option is optional: the server fills in every option left out (the catalogue lists the defaults).
const deblockle: Schemas['DeblockleCreateMatchRequest'] = {
  players: [{ name: 'ann' }, { bot: 'greedy' }],
  options: { setup: 'random' },
};
const qwirkle: Schemas['QwirkleCreateMatchRequest'] = { players: [{ name: 'ann' }, { name: 'bob' }], options: {} };
const noSuchOption: Schemas['ReversiCreateMatchRequest'] = {
  players: [{ name: 'ann' }, { name: 'bob' }],
  // @ts-expect-error Reversi has no options.
  options: { setup: 'random' },
};

// 2. expectedVersion is optional: If-Match (the match's ETag) replaces it.
const withIfMatch: Schemas['ReversiMoveRequest'] = { move: { square: 'd3' } };

// 3. The player feed's events are told apart by `event`; a finished match carries a typed outcome.
function onFeed(e: Schemas['PlayerFeedEvent']): string {
  switch (e.event) {
    case 'turn':
      return `${e.data.game} ${e.data.matchId}: seat ${e.data.seat} to move at version ${e.data.version}, by ${e.data.deadlineAt ?? 'no deadline'}`;
    case 'finished': {
      const outcome = e.data.outcome; // null when the match was aborted
      // @ts-expect-error the outcome is typed, not an empty object.
      const nothing: string = outcome?.nothing;
      void nothing;
      return outcome === null
        ? 'aborted'
        : `winners ${outcome.winners.join(', ')}${outcome.draw ? ' (draw)' : ''}: ${outcome.reason}`;
    }
    case 'matched':
      return `seek ${e.data.seekId} matched: seat ${e.data.seat} of ${e.data.game} match ${e.data.matchId}`;
  }
}

// 4. An HTTP bot's turn narrows by `game`: the match's view and the legal moves are that game's.
function answer(turn: Schemas['HttpBotTurn']): Schemas['HttpBotAnswer'] {
  if (turn.game === 'reversi') {
    const rows: string[] = turn.match.view.board;
    const move: Schemas['ReversiMove'] | undefined = turn.legalMoves[0];
    void rows;
    if (move) return { move: { square: move.square } };
  }
  if (turn.game === 'qwirkle') {
    const bag: number = turn.match.view.bag;
    // @ts-expect-error a Qwirkle view has no Reversi disc count.
    void turn.match.view.discs;
    void bag;
  }
  const [first] = turn.legalMoves;
  if (first === undefined) throw new Error('a turn always has a legal move');
  return { move: first };
}

// 5. A tournament's options are its game's; its stream sends one typed event per step: what changed.
const tournament: Schemas['CreateTournamentRequest'] = {
  game: 'deblockle',
  format: 'swiss',
  rounds: 3,
  options: { setup: 'random', maxTurns: 200 },
  entrants: [
    { name: 'a', bot: 'random' },
    { name: 'b', bot: 'greedy' },
  ],
};
const wrongOptions: Schemas['CreateTournamentRequest'] = {
  game: 'split',
  format: 'swiss',
  // @ts-expect-error Split has no `setup` option.
  options: { setup: 'random' },
  entrants: [],
};

function onTournamentStep(e: Schemas['TournamentStreamEvent']): string {
  switch (e.event) {
    case 'round.started':
      return `step ${e.id}: round ${e.data.round.round} started, ${e.data.round.matches.length} matches`;
    case 'match.finished':
      return `step ${e.id}: ${e.data.match.seats.join(' v ')} in round ${e.data.match.round}: ${e.data.match.points?.join('-') ?? '?'}`;
    case 'tournament.finished': {
      const leader = e.data.standings[0];
      return `step ${e.id}: over, ${leader ? `${leader.name} first with ${leader.points}` : 'no standings'}`;
    }
  }
}

// 6. A match stream's `event:` is one of the log's types, every one named; a log page says whose turn it is.
function onMatchEvent(e: Schemas['ReversiStreamEvent']): string {
  const type: Schemas['MatchEventType'] = e.event;
  switch (type) {
    case 'MoveMade':
      return `${e.data.entry.seat ?? '?'} played ${e.data.entry.move?.square ?? '?'}`;
    case 'PlayerResigned':
      return 'resigned';
    case 'SeatJoined':
      return 'a seat was taken';
    case 'TimedOut':
      return 'a clock ran out';
    case 'MatchAborted':
      return 'aborted';
  }
}
const turnOf = (page: Schemas['ReversiLogPage']): number[] => (page.status === 'active' ? page.toMove : []);

console.log(
  JSON.stringify({
    deblockle,
    qwirkle,
    noSuchOption,
    withIfMatch,
    tournament,
    wrongOptions,
    feed: onFeed({
      id: '1',
      event: 'finished',
      data: { game: 'reversi', matchId: '00000000-0000-4000-8000-000000000000', seat: 0, outcome: null },
    }),
    handlers: [answer, onTournamentStep, onMatchEvent, turnOf].map((f) => f.name),
  }),
);
