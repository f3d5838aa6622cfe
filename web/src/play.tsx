/**
 * The match page, `/play/{game}/{id}`: the board of the version shown, the players, whose turn, the clock,
 * the scores, the log and a replay stepper. With `#token=…` it is that seat's view, which moves by clicking.
 */
import { render } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  type Capabilities,
  HttpError,
  api,
  capabilities,
  legalMoves,
  matchAt,
  matchPath,
  readLog,
  sendMove,
} from './api';
import { follow } from './follow';
import { gameUi } from './games';
import type { GameUi } from './games/game-ui';
import { Players } from './players';
import { Stepper } from './stepper';
import type { LogEntry, Match } from './types';
import './style.css';

const [, , game = '', id = ''] = location.pathname.split('/').map(decodeURIComponent);
const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;

type Legal = { version: number; moves: unknown[]; info: Record<string, unknown> };

function Play() {
  const ui = gameUi(game);
  const [latest, setLatest] = useState<Match | null>(null);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  // null: follow the live match; a number: the version the stepper shows.
  const [shown, setShown] = useState<number | null>(null);
  const [past, setPast] = useState<Match | null>(null);
  const [legal, setLegal] = useState<Legal | null>(null);
  const [status, setStatus] = useState('Loading…');
  const [live, setLive] = useState('');
  const [caps, setCaps] = useState<Capabilities | null>(null);
  const snapshots = useRef(new Map<number, Match>());

  const accept = useCallback((m: Match) => {
    snapshots.current.set(m.version, m);
    setLatest((old) => (old && old.version > m.version ? old : m));
  }, []);

  useEffect(() => {
    if (!ui) return setStatus(`There is no game “${game}” here.`);
    let stop = () => {};
    void (async () => {
      try {
        const [m, c] = await Promise.all([api<Match>(matchPath(game, id), { token }), capabilities(game)]);
        const log = await readLog(game, id, token, 0);
        accept(m);
        setEntries(log.filter((e) => e.seq <= m.version));
        setCaps(c);
        setStatus('');
        stop = follow(game, id, token, c, m.version, {
          onEntries: (fresh) =>
            setEntries((old) => [...old, ...fresh.filter((e) => e.seq > (old[old.length - 1]?.seq ?? 0))]),
          onMatch: accept,
          onLive: (mode) =>
            setLive(mode === 'events' ? 'live' : mode === 'long-poll' ? 'live (long-poll)' : 'live (polling)'),
        });
      } catch (e) {
        setStatus(
          e instanceof HttpError && e.status === 404
            ? 'No such match.'
            : `Could not load the match: ${(e as Error).message}`,
        );
      }
    })();
    return () => stop();
  }, [ui, accept]);

  const version = shown ?? latest?.version ?? 0;
  const maxVersion = latest?.version ?? 0;

  // A past version comes from the cache or from `GET …?version=N`.
  useEffect(() => {
    if (shown === null || !latest) return setPast(null);
    const have = snapshots.current.get(shown);
    if (have) return setPast(have);
    let gone = false;
    matchAt(game, id, token, shown).then(
      (m) => {
        snapshots.current.set(m.version, m);
        if (!gone) setPast(m);
      },
      (e: Error) => setStatus(`Could not load version ${shown}: ${e.message}`),
    );
    return () => {
      gone = true;
    };
  }, [shown, latest]);

  const yourTurn =
    !!latest &&
    shown === null &&
    latest.you !== null &&
    latest.status === 'active' &&
    latest.toMove.includes(latest.you);

  useEffect(() => {
    if (!yourTurn || !latest || !token) return setLegal(null);
    let gone = false;
    legalMoves(game, id, token).then(
      (l) => {
        if (!gone) setLegal(l);
      },
      (e: Error) => setStatus(e.message),
    );
    return () => {
      gone = true;
    };
  }, [yourTurn, latest?.version]);

  const send = useCallback(
    async (move: unknown) => {
      if (!latest || !token) return;
      setStatus('Sending…');
      try {
        const after = await sendMove(game, id, token, move, latest.version);
        const fresh = await readLog(game, id, token, latest.version);
        setEntries((old) => [
          ...old,
          ...fresh.filter((e) => e.seq > (old[old.length - 1]?.seq ?? 0) && e.seq <= after.version),
        ]);
        accept(after);
        setStatus('');
      } catch (e) {
        const body = e instanceof HttpError ? e.body : null;
        setStatus(body ? `${body.code}: ${body.message}` : (e as Error).message);
        if (body?.code === 'VERSION_CONFLICT') accept(await api<Match>(matchPath(game, id), { token }));
      }
    },
    [latest, accept],
  );

  const step = useCallback(
    (to: number | 'last') => {
      if (to === 'last' || to >= maxVersion) return setShown(null);
      setShown(Math.max(0, to));
    },
    [maxVersion],
  );

  const moves = legal && latest && legal.version === latest.version && shown === null ? legal.moves : null;

  if (!ui || !latest) {
    return (
      <main class="page">
        <Header />
        <p class="status" role="status">
          {status}
        </p>
      </main>
    );
  }
  const Board = ui.Board;
  // While a past version loads, the board keeps the one it drew; data-version always names what is drawn.
  const drawn = shown === null ? latest : (past ?? latest);
  return (
    <main class="page play">
      <Header title={ui.title} match={latest} live={live} caps={caps} />
      <div class="play-grid">
        <section
          class="board-area"
          aria-label={`${ui.title} ${shown === null ? 'now' : `at version ${version}`}`}
          data-game={game}
          data-version={String(drawn.version)}
          aria-busy={drawn.version !== version}
        >
          <Board
            match={drawn}
            seat={latest.you}
            legal={moves}
            info={legal?.info ?? {}}
            send={(move) => void send(move)}
          />
        </section>
        <aside class="side">
          <Players ui={ui} match={drawn} latest={latest} />
          <Stepper version={version} max={maxVersion} replaying={shown !== null} step={step} />
          <p class="status" role="status" aria-live="polite">
            {status || (yourTurn ? 'Your turn.' : '')}
          </p>
          <Log ui={ui} names={latest.players.map((p) => p.name)} entries={entries} current={version} step={step} />
        </aside>
      </div>
    </main>
  );
}

function Header({
  title,
  match,
  live,
  caps,
}: {
  title?: string;
  match?: Match;
  live?: string;
  caps?: Capabilities | null;
}) {
  return (
    <header class="top">
      <a class="brand" href="/">
        turnbase
      </a>
      {title && <h1>{title}</h1>}
      {match && <span class={`badge ${match.status}`}>{match.status}</span>}
      {match && match.you !== null && (
        <span class="badge you">
          seat {match.you}: {match.players[match.you]?.name}
        </span>
      )}
      {match && match.you === null && <span class="badge">spectator</span>}
      {live && (
        <span class="live" title={caps?.events ? 'following the event stream' : 'following by polling'}>
          ● {live}
        </span>
      )}
    </header>
  );
}

function Log({
  ui,
  names,
  entries,
  current,
  step,
}: {
  ui: GameUi;
  names: string[];
  entries: LogEntry[];
  current: number;
  step: (to: number) => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest' });
  }, [current, entries.length]);
  return (
    <details class="log" open>
      <summary>Moves ({entries.length})</summary>
      <ol ref={list}>
        <li>
          <button
            type="button"
            class="linklike"
            aria-current={current === 0 ? 'step' : undefined}
            onClick={() => step(0)}
          >
            0 · start
          </button>
        </li>
        {entries.map((e) => (
          <li key={e.seq}>
            <button
              type="button"
              class="linklike"
              aria-current={current === e.seq ? 'step' : undefined}
              onClick={() => step(e.seq)}
            >
              {e.seq} · {e.seat === null ? 'the match' : (names[e.seat] ?? `seat ${e.seat}`)}: {ui.describe(e)}
            </button>
          </li>
        ))}
      </ol>
    </details>
  );
}

render(<Play />, document.getElementById('app') as HTMLElement);
