/**
 * Local simulation with the very rules the server judges by: `turnbase/engines` (the package's engines entry
 * point) plays a match of `game` in process — the game's greedy bot against its random bot, seeded — with no
 * server and no network. `play.js --simulate` runs this before each match it plays over HTTP, so a bot author
 * sees what a match of that game looks like (its length, how it ends) before spending requests on it.
 */
import { type AnyEngine, type GameId, botMove, engines, findBot, play } from 'turnbase/engines';

export interface Simulated {
  game: GameId;
  simulated: true;
  moves: number;
  outcome: { winners: readonly number[]; scores: readonly number[]; reason: string; draw: boolean } | null;
}

export function simulate(game: GameId, seed: number, maxMoves = 5000): Simulated {
  const engine: AnyEngine = engines[game]; // any game: the state and moves stay opaque here
  const seats = engine.seats.min;
  const options = engine.parseOptions(undefined, seats);
  if (!options.ok) throw new Error(options.error.message);
  const bots = Array.from({ length: seats }, (_, i) => findBot(game, i === 0 ? 'greedy' : 'random'));
  let state: unknown = engine.setup({ seed: `simulate/${seed}`, seats, options: options.value });
  let moves = 0;
  while (engine.toMove(state).length > 0 && moves < maxMoves) {
    // Every seat to move moves (several at once in a simultaneous phase), each decided on the same state.
    const decided = engine.toMove(state).map((seat) => {
      const bot = bots[seat];
      if (!bot) throw new Error(`${game} has no greedy or random bot`);
      return { seat, move: engine.encodeMove(botMove(engine, bot, state, seat, `simulate/${seed}/${moves}/${seat}`)) };
    });
    for (const { seat, move } of decided) {
      const next = play(engine, state, seat, move);
      if (!next.ok) throw new Error(`${game}: the engine refused its own bot's move: ${next.error.message}`);
      state = next.value.state;
      moves++;
    }
  }
  return { game, simulated: true, moves, outcome: engine.outcome(state) };
}
