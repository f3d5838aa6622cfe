/**
 * The arena page, `/arena/{id}`: a tournament's live standings (name, points, played, rating) and the matches
 * being played, each a link to its match page. It follows the tournament's own event stream
 * (`GET /tournaments/{id}/events`, from its first step: each event says what changed, a round's new tables or a
 * match's result with the standings then), so a pairing or a result shows within the stream's half-second
 * re-read; the rejected alternative, polling `GET /tournaments/{id}`, costs a full read every few seconds per
 * viewer and still lags. Should the stream close on us, the page falls back to that poll (every page of its
 * matches). Any format works; arenas are what it is for, since they never pause between rounds.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { HttpError, api, errorText } from './api';
import type { TournamentEventData, TournamentResponse } from '../../src/tournaments/tournament.types';
import './style.css';

const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const POLL_MS = 3000;
const EVENTS = ['round.started', 'match.finished', 'tournament.finished'];

/** The tournament with every page of its matches. */
async function whole(): Promise<TournamentResponse> {
  const path = `/tournaments/${encodeURIComponent(id)}?limit=200`;
  const first = await api<TournamentResponse>(path);
  const rounds = [...first.rounds];
  for (let page = first; page.nextCursor !== null;) {
    page = await api<TournamentResponse>(`${path}&cursor=${encodeURIComponent(page.nextCursor)}`);
    for (const r of page.rounds) {
      const same = rounds[rounds.length - 1];
      if (same?.round === r.round) rounds[rounds.length - 1] = { ...same, matches: [...same.matches, ...r.matches] };
      else rounds.push(r);
    }
  }
  return { ...first, rounds, nextCursor: null };
}

/** The tournament after one event of its stream (replayed from the first, so its rounds are built from them). */
function apply(t: TournamentResponse, e: TournamentEventData): TournamentResponse {
  if (e.round) return { ...t, rounds: [...t.rounds.filter((r) => r.round !== e.round?.round), e.round] };
  const m = e.match;
  const rounds = m
    ? t.rounds.map((r) =>
        r.round !== m.round
          ? r
          : {
              ...r,
              matches: r.matches.map((x) => (x.id === m.id ? { id: m.id, seats: m.seats, points: m.points } : x)),
            },
      )
    : t.rounds;
  return {
    ...t,
    rounds,
    standings: e.standings ?? t.standings,
    status: e.type === 'tournament.finished' ? 'finished' : t.status,
  };
}

function useTournament(): { t: TournamentResponse | null; error: string; live: string } {
  const [t, setT] = useState<TournamentResponse | null>(null);
  const [error, setError] = useState('');
  const [live, setLive] = useState('');
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      if (stopped) return;
      setLive('live (polling)');
      try {
        const fresh = await whole();
        setT(fresh);
        if (fresh.status === 'finished') return setLive('');
      } catch {
        /* offline for a moment: the next round tries again */
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    let source: EventSource | undefined;
    api<TournamentResponse>(`/tournaments/${encodeURIComponent(id)}`).then(
      (first) => {
        if (stopped) return;
        if (first.status === 'finished') {
          void whole().then(setT, () => setT(first));
          return;
        }
        // The rounds come from the stream, replayed from its first step: the current ones included.
        let current: TournamentResponse = { ...first, rounds: [] };
        setT(current);
        source = new EventSource(`/tournaments/${encodeURIComponent(id)}/events`);
        source.onopen = () => setLive('live');
        const onEvent = (e: MessageEvent<string>) => {
          const data = JSON.parse(e.data) as TournamentEventData;
          current = apply(current, data);
          setT(current);
          // The stream ends after the last event: closing it here keeps EventSource from reconnecting.
          if (data.type === 'tournament.finished') {
            source?.close();
            setLive('');
          }
        };
        for (const type of EVENTS) source.addEventListener(type, onEvent as EventListener);
        source.onerror = () => {
          if (source?.readyState === EventSource.CLOSED && !stopped) void poll();
        };
      },
      (e: unknown) => setError(e instanceof HttpError && e.status === 404 ? 'No such tournament.' : errorText(e)),
    );
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(timer);
    };
  }, []);
  return { t, error, live };
}

function Arena() {
  const { t, error, live } = useTournament();
  const running = t?.rounds.flatMap((r) => r.matches.filter((m) => m.points === null)) ?? [];
  const played = t?.rounds.reduce((n, r) => n + r.matches.filter((m) => m.points !== null).length, 0) ?? 0;
  const endsAt = t?.endsAt ? new Date(t.endsAt) : null;
  return (
    <main class="page lobby">
      <header class="top">
        <a class="brand" href="/">
          turnbase
        </a>
        <h1>{t?.format === 'arena' ? 'Arena' : 'Tournament'}</h1>
        {t && <span class={`badge ${t.status === 'running' ? 'active' : 'finished'}`}>{t.status}</span>}
        {live && <span class="live">● {live}</span>}
      </header>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      {!t && !error && <p class="status">Loading…</p>}
      {t && (
        <>
          <p class="muted" data-summary>
            {t.game} · {t.format} · {t.entrants.length} entrants · {played} matches played
            {endsAt &&
              (t.status === 'running'
                ? ` · pairing until ${endsAt.toLocaleTimeString()}`
                : ` · ended ${endsAt.toLocaleTimeString()}`)}
          </p>
          <div class="lobby-grid">
            <section class="card-panel" aria-labelledby="standings">
              <h2 id="standings">Standings</h2>
              <table class="leaders" data-standings>
                <thead>
                  <tr>
                    <th>#</th>
                    <th>name</th>
                    <th>points</th>
                    <th>played</th>
                    <th>rating</th>
                  </tr>
                </thead>
                <tbody>
                  {t.standings.map((s, i) => (
                    <tr key={s.name} data-entrant={s.name} data-points={s.points} data-played={s.played}>
                      <td>{i + 1}</td>
                      <td>{s.name}</td>
                      <td>{s.points}</td>
                      <td>{s.played}</td>
                      <td>{s.rating === null ? '–' : s.rating.toFixed(1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section class="card-panel" aria-labelledby="playing">
              <h2 id="playing">Being played</h2>
              {running.length === 0 ? (
                <p class="muted">{t.status === 'finished' ? 'The tournament is over.' : 'None right now.'}</p>
              ) : (
                <ul class="match-list" data-playing>
                  {running.map((m) => (
                    <li key={m.id} data-match-id={m.id}>
                      <a href={`/play/${t.game}/${m.id}`}>{m.seats.join(' vs ')}</a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
    </main>
  );
}

render(<Arena />, document.getElementById('app') as HTMLElement);
