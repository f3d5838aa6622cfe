/**
 * "Play now": a seek (`POST /games/{game}/seeks`, docs/api.md "Matchmaking and arenas") for a player of this browser,
 * followed by long-polling `GET /seeks/{id}?wait=30` until the server's matcher seats it; then off to the seat's
 * match page. The player is registered once (`POST /players`) and its key kept in localStorage, so the same
 * visitor keeps one rating across visits; the rejected alternative, a fresh player per click, would leave every
 * seek unrated and let one visitor be seated against themself from two tabs. The visitor chooses how long to
 * wait for a person before the game's strongest bot takes the other seats (`botAfterSeconds`).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { HttpError, api, errorText } from './api';
import type { CatalogueEntry } from './types';

const STORE = 'turnbase.player';
/** The bot choices offered, in seconds; null: wait for a person only. */
const WAITS: (number | null)[] = [10, 30, 60, null];
const LONG_POLL_S = 30;

interface Me {
  name: string;
  key: string;
}
interface Seek {
  id: string;
  game: string;
  status: 'waiting' | 'matched' | 'cancelled' | 'expired';
  createdAt: string;
  match: { game: string; id: string; seat: number; token: string } | null;
}

function stored(): Me | null {
  try {
    const me = JSON.parse(localStorage.getItem(STORE) ?? 'null') as Me | null;
    return me && typeof me.key === 'string' && typeof me.name === 'string' ? me : null;
  } catch {
    return null;
  }
}

export function PlayNow({ games }: { games: CatalogueEntry[] }) {
  const [me, setMe] = useState<Me | null>(stored);
  const [name, setName] = useState('');
  const [wait, setWait] = useState('30');
  const [seek, setSeek] = useState<Seek | null>(null);
  const [error, setError] = useState('');
  const [now, setNow] = useState(Date.now());
  const current = useRef<string | null>(null);

  // The waiting state counts the seconds.
  useEffect(() => {
    if (seek?.status !== 'waiting') return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [seek?.status]);

  async function register(): Promise<Me | null> {
    if (me) return me;
    const wanted = name.trim();
    if (!wanted) {
      setError('Your name first: it is how other players see you.');
      return null;
    }
    const created = await api<{ name: string; key: string }>('/players', { method: 'POST', body: { name: wanted } });
    const fresh = { name: created.name, key: created.key };
    localStorage.setItem(STORE, JSON.stringify(fresh));
    setMe(fresh);
    return fresh;
  }

  async function follow(s: Seek, key: string): Promise<void> {
    let last = s;
    while (last.status === 'waiting' && current.current === s.id) {
      try {
        last = await api<Seek>(`/seeks/${encodeURIComponent(s.id)}?wait=${LONG_POLL_S}`, { token: key });
      } catch (e) {
        if (e instanceof HttpError) throw e;
        await new Promise((r) => setTimeout(r, 2000)); // offline for a moment
        continue;
      }
      if (current.current !== s.id) return;
      setSeek(last);
    }
    if (last.status === 'matched' && last.match && current.current === s.id) {
      location.href = `/play/${encodeURIComponent(last.match.game)}/${encodeURIComponent(last.match.id)}#token=${encodeURIComponent(last.match.token)}`;
    }
  }

  async function play(game: string) {
    setError('');
    try {
      const player = await register();
      if (!player) return;
      const botAfterSeconds = wait === 'never' ? null : Number(wait);
      let s: Seek;
      try {
        s = await api<Seek>(`/games/${encodeURIComponent(game)}/seeks`, {
          method: 'POST',
          token: player.key,
          body: { botAfterSeconds },
        });
      } catch (e) {
        // A key this server does not know (another database, say): forget it and ask for a name again.
        if (e instanceof HttpError && e.status === 401) {
          localStorage.removeItem(STORE);
          setMe(null);
          setError("This browser's player is not known here: choose a name again.");
          return;
        }
        throw e;
      }
      current.current = s.id;
      setSeek(s);
      setNow(Date.now());
      await follow(s, player.key);
    } catch (e) {
      setError(errorText(e));
    }
  }

  async function cancel() {
    if (!seek || !me) return;
    try {
      const s = await api<Seek>(`/seeks/${encodeURIComponent(seek.id)}`, { method: 'DELETE', token: me.key });
      current.current = null;
      setSeek(s);
    } catch (e) {
      // Matched in the meantime (409 ALREADY_MATCHED): the long-poll is about to open the match.
      setError(errorText(e));
    }
  }

  const waiting = seek?.status === 'waiting';
  const title = (g: string) => games.find((x) => x.id === g)?.title ?? g;
  return (
    <section class="card-panel play-now" aria-labelledby="play-now">
      <h2 id="play-now">Play now</h2>
      {me ? (
        <p class="muted" data-me={me.name}>
          Playing as <b>{me.name}</b>.{' '}
          <button
            type="button"
            class="linklike"
            disabled={waiting}
            onClick={() => {
              localStorage.removeItem(STORE);
              setMe(null);
            }}
          >
            Not you?
          </button>
        </p>
      ) : (
        <label class="inline">
          Your name{' '}
          <input
            name="player-name"
            value={name}
            maxLength={40}
            placeholder="your name"
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
      )}
      <label class="inline">
        Opponent
        <select name="bot-after" value={wait} disabled={waiting} onChange={(e) => setWait(e.currentTarget.value)}>
          {WAITS.map((w) => (
            <option key={String(w)} value={w === null ? 'never' : String(w)}>
              {w === null ? 'a person only, never a bot' : `a bot after ${w} s`}
            </option>
          ))}
        </select>
      </label>
      <div class="list-buttons">
        {games.map((g) => (
          <button
            key={g.id}
            type="button"
            class="primary"
            data-play-now={g.id}
            disabled={waiting}
            onClick={() => void play(g.id)}
          >
            Play {g.title}
          </button>
        ))}
      </div>
      {seek && (
        <p class="status" role="status" data-seek={seek.status}>
          {seek.status === 'waiting' && (
            <>
              Looking for an opponent for {title(seek.game)}…{' '}
              {Math.max(0, Math.floor((now - Date.parse(seek.createdAt)) / 1000))} s{' '}
            </>
          )}
          {seek.status === 'matched' && <>Matched: opening the match…</>}
          {seek.status === 'cancelled' && <>Cancelled.</>}
          {seek.status === 'expired' && <>Nobody came in time: the seek expired.</>}
          {waiting && (
            <button type="button" data-cancel-seek onClick={() => void cancel()}>
              Cancel
            </button>
          )}
        </p>
      )}
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
