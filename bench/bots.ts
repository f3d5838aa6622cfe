/**
 * Bots on the real server (issue 12, item 7): bot-vs-bot matches per second in each game (every seat a
 * `random` bot, so the figure is the server's: the bot runner, the decider and the guarded append), and a
 * 16-bot round robin in Reversi from `POST /tournaments` to `status: finished` (120 matches in 15 rounds,
 * built-in bots of all three strengths). Over HTTP, against the server child process of the bench.
 */
import { GAME_IDS, GAME_PACKAGES } from '../src/engine/games';
import { envInt, sleep } from './util';

export interface BotGameResult {
  game: string;
  matches: number;
  seconds: number;
  matchesPerSecond: number;
  movesPerSecond: number;
}

export interface BotBenchResult {
  games: BotGameResult[];
  roundRobin: { entrants: number; matches: number; rounds: number; seconds: number; matchesPerSecond: number };
}

/** Every game of the registry, at its fewest seats. */
const SEATS: Record<string, number> = Object.fromEntries(
  GAME_IDS.map((id) => [id, GAME_PACKAGES[id].engine.seats.min]),
);

/** The fields of the server's answers this bench reads. */
interface MatchBody {
  id: string;
  status: string;
  version: number;
}
interface TournamentBody {
  id: string;
  status: string;
  rounds: { matches: unknown[] }[];
  standings: { name: string; points: number }[];
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function waitFinished(base: string, game: string, ids: string[]): Promise<number> {
  let moves = 0;
  for (const id of ids) {
    for (;;) {
      const m = await json<MatchBody>(await fetch(`${base}/games/${game}/matches/${id}`));
      if (m.status === 'finished' || m.status === 'aborted') {
        moves += m.version;
        break;
      }
      await sleep(50);
    }
  }
  return moves;
}

export async function runBotBench(base: string, log: (line: string) => void): Promise<BotBenchResult> {
  const count = envInt('BENCH_BOT_MATCHES', 24);
  const games: BotGameResult[] = [];
  for (const game of Object.keys(SEATS)) {
    const started = performance.now();
    const players = Array.from({ length: SEATS[game] as number }, () => ({ bot: 'random' }));
    const ids = await Promise.all(
      Array.from(
        { length: count },
        async () =>
          (
            await json<MatchBody>(
              await fetch(`${base}/games/${game}/matches`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ players, unlisted: true }),
              }),
            )
          ).id,
      ),
    );
    const moves = await waitFinished(base, game, ids);
    const seconds = (performance.now() - started) / 1000;
    games.push({ game, matches: count, seconds, matchesPerSecond: count / seconds, movesPerSecond: moves / seconds });
    log(
      `bots: ${count} ${game} matches of random bots in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(2)} matches/s, ${(moves / seconds).toFixed(0)} moves/s`,
    );
  }

  const bots = ['random', 'greedy', 'alphabeta'];
  const entrants = Array.from({ length: 16 }, (_, i) => ({ name: `${bots[i % 3]}-${i + 1}`, bot: bots[i % 3] }));
  const started = performance.now();
  const created = await json<TournamentBody>(
    await fetch(`${base}/tournaments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'reversi', format: 'round-robin', entrants }),
    }),
  );
  let t = created;
  while (t.status !== 'finished') {
    await sleep(200);
    t = await json<TournamentBody>(await fetch(`${base}/tournaments/${created.id}`));
  }
  const seconds = (performance.now() - started) / 1000;
  const matches = t.rounds.reduce((n, r) => n + r.matches.length, 0);
  log(
    `bots: a 16-bot Reversi round robin (${matches} matches, ${t.rounds.length} rounds) in ${seconds.toFixed(1)} s; leader ${t.standings[0]?.name ?? '-'} with ${t.standings[0]?.points ?? 0} points`,
  );
  return {
    games,
    roundRobin: { entrants: 16, matches, rounds: t.rounds.length, seconds, matchesPerSecond: matches / seconds },
  };
}
