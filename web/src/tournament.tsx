import { useEffect, useState } from 'preact/hooks';
import { HttpError, api } from './api';

interface Tournament {
  id: string;
  game: string;
  status: string;
  standings: { name: string; points: number; played: number; rating?: number }[];
  rounds: { matches: { id: string; seats: string[] }[] }[];
}

/**
 * A tournament's standings and rounds (`GET /tournaments/{id}`, docs/api.md "Bots and tournaments"), found by its
 * id, which the lobby keeps in its address (`/#tournament=<id>`) so it can be shared.
 */
export function TournamentPanel() {
  const [id, setId] = useState(() => new URLSearchParams(location.hash.slice(1)).get('tournament') ?? '');
  const [t, setT] = useState<Tournament | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const onHash = () => setId(new URLSearchParams(location.hash.slice(1)).get('tournament') ?? '');
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (!id) return;
    const load = () =>
      api<Tournament>(`/tournaments/${encodeURIComponent(id)}`).then(
        (x) => {
          setT(x);
          setError('');
        },
        (e: Error) => {
          setT(null);
          setError(e instanceof HttpError && e.status === 404 ? 'No such tournament.' : e.message);
        },
      );
    void load();
    const timer = setInterval(() => void load(), 5000);
    return () => clearInterval(timer);
  }, [id]);

  return (
    <section class="card-panel" aria-labelledby="tournament">
      <h2 id="tournament">Tournament</h2>
      <form
        class="create"
        onSubmit={(e) => {
          e.preventDefault();
          const value = (new FormData(e.currentTarget).get('id') as string).trim();
          location.hash = `tournament=${encodeURIComponent(value)}`;
        }}
      >
        <label>
          Id <input name="id" defaultValue={id} required />
        </label>
        <button type="submit">Follow</button>
      </form>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      {t && (
        <>
          <p class="muted">
            {t.game} · {t.status} ·{' '}
            <a href={`/arena/${encodeURIComponent(t.id)}`} data-arena-link>
              live standings
            </a>
          </p>
          <ol class="leaders">
            {t.standings.map((s) => (
              <li key={s.name}>
                {s.name} <b>{s.points}</b>{' '}
                <small>
                  {s.played} played{s.rating === undefined ? '' : ` · ${Math.round(s.rating)}`}
                </small>
              </li>
            ))}
          </ol>
          {t.rounds.map((r, i) => (
            <div key={i}>
              <h3>Round {i + 1}</h3>
              <ul class="match-list">
                {r.matches.map((m) => (
                  <li key={m.id}>
                    <a href={`/play/${t.game}/${m.id}`}>{m.seats.join(' vs ')}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
