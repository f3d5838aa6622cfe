/**
 * The lobby, `/`: "Play now" (a seek, play-now.tsx), the games, a form to start a match (players, open seats, bots), and for the game chosen its
 * open matches to join (by name or with a bot), the matches being played and finished, and its leaderboard.
 * Every list pages as the API does (`?limit=` and `nextCursor`, "More" for the next page): the rejected
 * alternative, one read of everything, grows with the database, which the listing route exists to avoid.
 */
import { render } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, errorText, useBots } from './api';
import { CreateForm } from './create-form';
import { PlayNow } from './play-now';
import { TournamentPanel } from './tournament';
import type { CatalogueEntry, Player } from './types';
import './style.css';

/** Matches per page of a lobby list: a screen's worth; "More" reads the next page. */
const PAGE = 8;
/** Leaderboard rows shown at first, and after "Show more". */
const TOP = 10;
const TOP_MORE = 100;

interface Summary {
  id: string;
  game: string;
  status: string;
  version: number;
  players: Player[];
  openSeats: number[];
  toMove: number[];
}
interface Listing {
  matches: Summary[];
  nextCursor: string | null;
}
interface Leaderboard {
  entries: { name: string; kind: 'player' | 'bot'; rating: number; matches: number }[];
}
type Status = 'waiting' | 'active' | 'finished';

function Lobby() {
  const [games, setGames] = useState<CatalogueEntry[] | null>(null);
  const [gameId, setGameId] = useState('');
  const [fresh, setFresh] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    api<{ games: CatalogueEntry[] }>('/games').then(
      ({ games }) => {
        setGames(games);
        setGameId(games[0]?.id ?? '');
      },
      (e: Error) => setError(`Could not load the games: ${e.message}`),
    );
  }, []);
  const game = games?.find((g) => g.id === gameId);

  return (
    <main class="page lobby">
      <header class="top">
        <a class="brand" href="/">
          turnbase
        </a>
        <h1>Lobby</h1>
        <nav>
          <a href="/docs">API docs</a>
        </nav>
      </header>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      {!games && !error && <p class="status">Loading…</p>}
      {games && game && (
        <>
          <div class="lobby-grid">
            <PlayNow games={games} />
            <section class="card-panel" aria-labelledby="new-match">
              <h2 id="new-match">Start a match</h2>
              <CreateForm
                games={games}
                gameId={game.id}
                setGameId={setGameId}
                onCreated={() => setFresh((n) => n + 1)}
              />
            </section>
            <section class="card-panel" aria-labelledby="games">
              <h2 id="games">Games</h2>
              <ul class="game-list">
                {games.map((g) => (
                  <li key={g.id} data-game-id={g.id}>
                    <b>{g.title}</b>{' '}
                    <small>
                      {g.seats.min === g.seats.max ? g.seats.min : `${g.seats.min}–${g.seats.max}`} players · rules v
                      {g.rulesVersion}
                    </small>
                    {g.options.length > 0 && (
                      <small class="opts">options: {g.options.map((o) => o.name).join(', ')}</small>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <TournamentPanel />
          </div>
          <nav class="game-tabs" role="tablist" aria-label="Matches and leaderboard of">
            {games.map((g) => (
              <button
                key={g.id}
                type="button"
                role="tab"
                aria-selected={g.id === game.id}
                data-tab={g.id}
                onClick={() => setGameId(g.id)}
              >
                {g.title}
              </button>
            ))}
          </nav>
          <div class="lobby-grid" role="tabpanel" aria-label={`${game.title} matches and leaderboard`}>
            <MatchList key={`w${game.id}${fresh}`} game={game} status="waiting" title="Open to join" />
            <MatchList key={`a${game.id}${fresh}`} game={game} status="active" title="Being played" />
            <MatchList key={`f${game.id}${fresh}`} game={game} status="finished" title="Finished" />
            <Leaders key={`l${game.id}${fresh}`} game={game} />
          </div>
        </>
      )}
    </main>
  );
}

const playLink = (game: string, id: string) => `/play/${game}/${id}`;
const seatName = (p: Player) => (p.open ? 'open seat' : p.bot ? `${p.name} (bot)` : p.name);

/**
 * One status of one game's matches, newest first, a page at a time. The first page is read again every 5 s
 * while it is the only one shown; once "More" has been pressed the list stays as read (a refresh would move
 * the pages under the reader), until "Back to the newest".
 */
function MatchList({ game, status, title }: { game: CatalogueEntry; status: Status; title: string }) {
  const [matches, setMatches] = useState<Summary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [pages, setPages] = useState(0);
  const [error, setError] = useState('');
  const url = (after: string | null) =>
    `/games/${game.id}/matches?status=${status}&limit=${PAGE}${after === null ? '' : `&cursor=${encodeURIComponent(after)}`}`;

  const first = useCallback(async () => {
    try {
      const page = await api<Listing>(url(null));
      setMatches(page.matches);
      setCursor(page.nextCursor);
      setPages(1);
      setError('');
    } catch (e) {
      setError(errorText(e));
    }
  }, [game.id, status]);

  useEffect(() => {
    void first();
  }, [first]);
  useEffect(() => {
    if (pages > 1) return;
    const t = setInterval(() => void first(), 5000);
    return () => clearInterval(t);
  }, [first, pages]);

  async function more() {
    if (cursor === null) return;
    try {
      const page = await api<Listing>(url(cursor));
      setMatches((old) => [...old, ...page.matches.filter((m) => !old.some((o) => o.id === m.id))]);
      setCursor(page.nextCursor);
      setPages((n) => n + 1);
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <section class="card-panel" aria-label={`${game.title}: ${title.toLowerCase()}`} data-list={status}>
      <h2>
        {title} <small class="muted">{game.title}</small>
      </h2>
      {status === 'waiting' && <JoinName />}
      {matches.length === 0 ? (
        <p class="muted">None right now.</p>
      ) : (
        <ul class="match-list">
          {matches.map((m) => (
            <li key={m.id} data-match-id={m.id}>
              <a href={playLink(game.id, m.id)}>{m.players.map(seatName).join(' vs ')}</a>
              {status === 'active' && <small> · move {m.version}</small>}
              {status === 'finished' && <small> · {m.version} moves</small>}
              {status === 'waiting' && <Joiner game={game} match={m} onJoined={() => void first()} />}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      <div class="list-buttons">
        {cursor !== null && (
          <button type="button" data-more={status} onClick={() => void more()}>
            More
          </button>
        )}
        {pages > 1 && (
          <button type="button" onClick={() => void first()}>
            Back to the newest
          </button>
        )}
      </div>
    </section>
  );
}

// The name a visitor joins under, shared by every open match's "Join" (kept for the page's life).
let joinName = '';
function JoinName() {
  const [name, setName] = useState(joinName);
  return (
    <label class="inline">
      Your name{' '}
      <input
        name="join-name"
        value={name}
        maxLength={40}
        placeholder="guest"
        onInput={(e) => {
          joinName = e.currentTarget.value;
          setName(joinName);
        }}
      />
    </label>
  );
}

/** Joins an open seat: as the visitor (then off to the seat's page), or with one of the game's bots. */
function Joiner({ game, match, onJoined }: { game: CatalogueEntry; match: Summary; onJoined: () => void }) {
  const bots = useBots(game.id);
  const [bot, setBot] = useState('');
  const [error, setError] = useState('');
  const path = `/games/${game.id}/matches/${match.id}/join`;
  async function join(body: Record<string, unknown>) {
    setError('');
    try {
      const joined = await api<{ seat: number; token?: string }>(path, { method: 'POST', body });
      if (joined.token) location.href = `${playLink(game.id, match.id)}#token=${encodeURIComponent(joined.token)}`;
      else onJoined();
    } catch (e) {
      setError(errorText(e));
    }
  }
  const chosen = bot || bots[0]?.id;
  return (
    <span class="joiner">
      <button type="button" data-join="name" onClick={() => void join({ name: joinName.trim() || 'guest' })}>
        Join
      </button>
      {bots.length > 0 && (
        <>
          <select
            aria-label="Bot for the open seat (weakest first)"
            name="join-bot"
            value={chosen}
            onChange={(e) => setBot(e.currentTarget.value)}
          >
            {bots.map((b, n) => (
              <option key={b.id} value={b.id}>
                {n + 1}. {b.id}
              </option>
            ))}
          </select>
          <button type="button" data-join="bot" onClick={() => void join({ bot: chosen })}>
            Seat bot
          </button>
        </>
      )}
      {error && (
        <span class="status error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/** A game's leaderboard (`GET /games/{game}/leaderboard`): the top ten, then up to a hundred. */
function Leaders({ game }: { game: CatalogueEntry }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [limit, setLimit] = useState(TOP);
  const [error, setError] = useState('');
  useEffect(() => {
    api<Leaderboard>(`/games/${game.id}/leaderboard?limit=${limit}`).then(
      (b) => {
        setBoard(b);
        setError('');
      },
      (e) => setError(errorText(e)),
    );
  }, [game.id, limit]);
  return (
    <section class="card-panel" aria-label={`${game.title} leaderboard`} data-leaderboard={game.id}>
      <h2>
        Leaderboard <small class="muted">{game.title}</small>
      </h2>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      {board && board.entries.length === 0 && (
        <p class="muted">No rated matches yet: a match is rated when every seat is a player's or a bot's.</p>
      )}
      {board && board.entries.length > 0 && (
        <table class="leaders">
          <thead>
            <tr>
              <th>#</th>
              <th>name</th>
              <th>rating</th>
              <th>matches</th>
            </tr>
          </thead>
          <tbody>
            {board.entries.map((e, i) => (
              <tr key={`${e.kind}:${e.name}`} data-entry={e.name} data-kind={e.kind}>
                <td>{i + 1}</td>
                <td>
                  {e.name}
                  {e.kind === 'bot' && <small class="muted"> bot</small>}
                </td>
                <td>{e.rating.toFixed(1)}</td>
                <td>{e.matches}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {board && limit === TOP && board.entries.length === TOP && (
        <button type="button" data-more="leaderboard" onClick={() => setLimit(TOP_MORE)}>
          Show more
        </button>
      )}
    </section>
  );
}

render(<Lobby />, document.getElementById('app') as HTMLElement);
