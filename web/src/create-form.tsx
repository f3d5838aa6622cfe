import { useEffect, useState } from 'preact/hooks';
import { type Bot, HttpError, api, useBots } from './api';
import type { CatalogueEntry, Player } from './types';

type SeatKind = 'name' | 'open' | 'bot';
interface SeatChoice {
  kind: SeatKind;
  name: string;
  bot: string;
}
interface Created {
  id: string;
  game: string;
  seats?: { seat: number; name: string; token: string }[];
  players?: Player[];
}

const DEFAULT_NAMES = ['ann', 'bob', 'cy', 'dee', 'eve', 'fay'];

/**
 * Starts a match: a seat per player, each a name (its seat token is shown once, as a link), an open seat
 * (the match waits in the lobby until someone joins it) or one of the game's bots (`GET /games/{game}/bots`,
 * listed weakest first, as the route answers them). Options come from the catalogue with their defaults.
 */
export function CreateForm({
  games,
  gameId,
  setGameId,
  onCreated,
}: {
  games: CatalogueEntry[];
  gameId: string;
  setGameId: (id: string) => void;
  onCreated: () => void;
}) {
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  const [options, setOptions] = useState<Record<string, string | boolean>>({});
  const bots: Bot[] = useBots(game?.id ?? '');
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!game) return;
    setSeats(
      [...Array(game.seats.min).keys()].map((i) => ({ kind: 'name', name: DEFAULT_NAMES[i] ?? `p${i}`, bot: '' })),
    );
    setOptions({});
    setCreated(null);
  }, [game?.id]);

  if (!game) return null;
  const kinds: SeatKind[] = ['name', 'open', ...(bots.length ? ['bot' as const] : [])];

  async function submit(e: Event) {
    e.preventDefault();
    if (!game) return;
    setError('');
    const opts: Record<string, unknown> = {};
    for (const o of game.options) {
      const v = options[o.name];
      if (v === undefined || v === '') continue;
      opts[o.name] = o.type === 'integer' ? Number(v) : v;
    }
    const players = seats.map((s) =>
      s.kind === 'open'
        ? { open: true }
        : s.kind === 'bot'
          ? { bot: s.bot || bots[0]?.id }
          : { name: s.name.trim() || 'player' },
    );
    try {
      setCreated(
        await api<Created>(`/games/${game.id}/matches`, {
          method: 'POST',
          body: { players, ...(Object.keys(opts).length ? { options: opts } : {}) },
        }),
      );
      onCreated();
    } catch (err) {
      setError(err instanceof HttpError && err.body ? `${err.body.code}: ${err.body.message}` : (err as Error).message);
    }
  }

  const update = (i: number, patch: Partial<SeatChoice>) =>
    setSeats(seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <form onSubmit={(e) => void submit(e)} class="create" aria-describedby="create-help">
      <label>
        Game
        <select name="game" value={game.id} onChange={(e) => setGameId(e.currentTarget.value)}>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Players</legend>
        {seats.map((s, i) => (
          <div class="seat-row" key={i}>
            <span class="seat-no">{i}</span>
            {kinds.length > 1 && (
              <select
                aria-label={`Seat ${i} is`}
                value={s.kind}
                onChange={(e) => update(i, { kind: e.currentTarget.value as SeatKind })}
              >
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {k === 'name' ? 'player' : k === 'open' ? 'open seat' : 'bot'}
                  </option>
                ))}
              </select>
            )}
            {s.kind === 'name' && (
              <input
                aria-label={`Seat ${i} name`}
                name={`seat${i}`}
                value={s.name}
                maxLength={40}
                required
                onInput={(e) => update(i, { name: e.currentTarget.value })}
              />
            )}
            {s.kind === 'bot' && (
              <select
                aria-label={`Seat ${i} bot (weakest first)`}
                name={`bot${i}`}
                value={s.bot || bots[0]?.id}
                title={bots.find((b) => b.id === (s.bot || bots[0]?.id))?.description}
                onChange={(e) => update(i, { bot: e.currentTarget.value })}
              >
                {bots.map((b, n) => (
                  <option key={b.id} value={b.id}>
                    {n + 1}. {b.id}
                  </option>
                ))}
              </select>
            )}
          </div>
        ))}
        <div class="seat-buttons">
          <button
            type="button"
            disabled={seats.length >= game.seats.max}
            onClick={() =>
              setSeats([...seats, { kind: 'name', name: DEFAULT_NAMES[seats.length] ?? `p${seats.length}`, bot: '' }])
            }
          >
            + seat
          </button>
          <button type="button" disabled={seats.length <= game.seats.min} onClick={() => setSeats(seats.slice(0, -1))}>
            − seat
          </button>
        </div>
      </fieldset>
      {game.options
        .filter((o) => o.type !== 'object')
        .map((o) => (
          <label key={o.name} title={o.description}>
            {o.name}
            {o.type === 'boolean' ? (
              <input
                type="checkbox"
                checked={(options[o.name] ?? o.default) === true}
                onChange={(e) => setOptions({ ...options, [o.name]: e.currentTarget.checked })}
              />
            ) : o.enum ? (
              <select
                value={String(options[o.name] ?? (o.default as string | undefined) ?? '')}
                onChange={(e) => setOptions({ ...options, [o.name]: e.currentTarget.value })}
              >
                {o.enum.map((v) => (
                  <option key={v}>{v}</option>
                ))}
              </select>
            ) : o.type === 'integer' ? (
              <input
                type="number"
                min={o.minimum}
                max={o.maximum}
                placeholder={String((o.default as number | undefined) ?? '')}
                value={String(options[o.name] ?? '')}
                onInput={(e) => setOptions({ ...options, [o.name]: e.currentTarget.value })}
              />
            ) : (
              <input
                type="text"
                placeholder={String((o.default as string | undefined) ?? '')}
                value={String(options[o.name] ?? '')}
                onInput={(e) => setOptions({ ...options, [o.name]: e.currentTarget.value })}
              />
            )}
          </label>
        ))}
      <button type="submit" class="primary">
        Start {game.title}
      </button>
      <p id="create-help" class="muted">
        Each player gets a secret link to their seat, shown once. Keep it to play; share the spectator link. A bot seat
        is played by the server; its bots are listed weakest first.
      </p>
      {error && (
        <p class="status error" role="alert">
          {error}
        </p>
      )}
      {created && (
        <div class="created" role="status">
          <p>
            Match started.{' '}
            <a href={`/play/${created.game}/${created.id}`} data-spectate>
              Watch it
            </a>
          </p>
          <ul>
            {created.seats?.map((s) => (
              <li key={s.seat}>
                <a href={`/play/${created.game}/${created.id}#token=${encodeURIComponent(s.token)}`} data-seat={s.seat}>
                  Play as {s.name}
                </a>
              </li>
            ))}
            {created.players
              ?.filter((p) => p.bot)
              .map((p) => (
                <li key={`b${p.seat}`} class="muted">
                  Seat {p.seat}: the bot {p.bot}
                </li>
              ))}
            {created.players?.some((p) => p.open) && (
              <li class="muted">Open seats wait in the lobby below until someone joins.</li>
            )}
          </ul>
        </div>
      )}
    </form>
  );
}
