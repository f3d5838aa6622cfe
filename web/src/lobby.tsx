/**
 * The lobby, `/`: the games, a form to start a match, and (once the server lists them) open matches to
 * join, matches being played, and each game's leaderboard.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type Capabilities, HttpError, api, capabilities } from './api';
import { CreateForm } from './create-form';
import { TournamentPanel } from './tournament';
import type { CatalogueEntry, Match } from './types';
import './style.css';

interface Listing { matches: (Match & { openSeats?: number[] })[]; nextCursor: string | null }
interface Leaderboard { entries: { name: string; kind: string; rating: number; matches: number }[] }

function Lobby() {
  const [games, setGames] = useState<CatalogueEntry[] | null>(null);
  const [caps, setCaps] = useState<Record<string, Capabilities>>({});
  const [error, setError] = useState('');
  useEffect(() => {
    api<{ games: CatalogueEntry[] }>('/games').then(async ({ games }) => {
      setGames(games);
      const all = await Promise.all(games.map(async (g) => [g.id, await capabilities(g.id)] as const));
      setCaps(Object.fromEntries(all));
    }, (e: Error) => setError(`Could not load the games: ${e.message}`));
  }, []);

  return (
    <main class="page lobby">
      <header class="top">
        <a class="brand" href="/">turnbase</a>
        <h1>Lobby</h1>
        <nav><a href="/docs">API docs</a></nav>
      </header>
      {error && <p class="status error" role="alert">{error}</p>}
      {!games && !error && <p class="status">Loading…</p>}
      {games && (
        <div class="lobby-grid">
          <section class="card-panel" aria-labelledby="new-match">
            <h2 id="new-match">Start a match</h2>
            <CreateForm games={games} caps={caps} />
          </section>
          <section class="card-panel" aria-labelledby="games">
            <h2 id="games">Games</h2>
            <ul class="game-list">
              {games.map((g) => (
                <li key={g.id} data-game-id={g.id}>
                  <b>{g.title}</b> <small>{g.seats.min === g.seats.max ? g.seats.min : `${g.seats.min}–${g.seats.max}`} players · rules v{g.rulesVersion}</small>
                  {g.options.length > 0 && <small class="opts">options: {g.options.map((o) => o.name).join(', ')}</small>}
                </li>
              ))}
            </ul>
          </section>
          {games.map((g) => caps[g.id]?.listing && <Matches key={g.id} game={g} join={caps[g.id]?.join ?? false} />)}
          {games.map((g) => caps[g.id]?.leaderboard && <Leaders key={`l${g.id}`} game={g} />)}
          {Object.values(caps).some((c) => c.tournaments) && <TournamentPanel />}
        </div>
      )}
    </main>
  );
}

const playLink = (game: string, id: string) => `/play/${game}/${id}`;

/** Open matches to join and matches being played, from `GET /games/{game}/matches?status=…`. */
function Matches({ game, join }: { game: CatalogueEntry; join: boolean }) {
  const [waiting, setWaiting] = useState<Listing['matches']>([]);
  const [active, setActive] = useState<Listing['matches']>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    const load = () => {
      api<Listing>(`/games/${game.id}/matches?status=waiting`).then((l) => setWaiting(l.matches), () => setWaiting([]));
      api<Listing>(`/games/${game.id}/matches?status=active`).then((l) => setActive(l.matches), () => setActive([]));
    };
    load();
    const t = setInterval(load, 5000);
    return () => clearInterval(t);
  }, [game.id]);

  async function joinMatch(id: string) {
    try {
      const joined = await api<{ token: string }>(`/games/${game.id}/matches/${id}/join`, { method: 'POST', body: { name: name || 'guest' } });
      location.href = `${playLink(game.id, id)}#token=${encodeURIComponent(joined.token)}`;
    } catch (e) {
      setError(e instanceof HttpError && e.body ? `${e.body.code}: ${e.body.message}` : (e as Error).message);
    }
  }

  return (
    <section class="card-panel" aria-label={`${game.title} matches`}>
      <h2>{game.title}</h2>
      <h3>Open to join</h3>
      {waiting.length === 0 ? <p class="muted">None right now.</p> : (
        <>
          {join && <label class="inline">Your name <input value={name} maxLength={40} onInput={(e) => setName(e.currentTarget.value)} /></label>}
          <ul class="match-list">
            {waiting.map((m) => (
              <li key={m.id}>
                <a href={playLink(game.id, m.id)}>{m.players.map((p) => (p.open ? '…' : p.name)).join(' vs ')}</a>
                {join && <button type="button" onClick={() => void joinMatch(m.id)}>Join</button>}
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <p class="status error" role="alert">{error}</p>}
      <h3>Being played</h3>
      {active.length === 0 ? <p class="muted">None right now.</p> : (
        <ul class="match-list">
          {active.map((m) => <li key={m.id}><a href={playLink(game.id, m.id)}>{m.players.map((p) => p.name).join(' vs ')}</a> <small>move {m.version}</small></li>)}
        </ul>
      )}
    </section>
  );
}

function Leaders({ game }: { game: CatalogueEntry }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  useEffect(() => { api<Leaderboard>(`/games/${game.id}/leaderboard`).then(setBoard, () => setBoard(null)); }, [game.id]);
  if (!board || board.entries.length === 0) return null;
  return (
    <section class="card-panel" aria-label={`${game.title} leaderboard`}>
      <h2>{game.title} leaderboard</h2>
      <ol class="leaders">
        {board.entries.slice(0, 10).map((e) => <li key={e.name}>{e.name} <small>{e.kind}</small> <b>{Math.round(e.rating)}</b> <small>{e.matches} matches</small></li>)}
      </ol>
    </section>
  );
}

render(<Lobby />, document.getElementById('app') as HTMLElement);
