import { useEffect, useMemo, useState } from 'preact/hooks';
import type { GameUi } from './games/game-ui';
import { outcomeWords } from './outcome';
import type { Match } from './types';

/** mm:ss (h:mm:ss past an hour; days for correspondence clocks). */
export function formatMs(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Ticks once a second while some clock runs, so the seat to move sees its time go down. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  return now;
}

interface Props {
  ui: GameUi;
  /** The match at the version shown. */
  match: Match;
  /** The match now: the clock is always the live one. */
  latest: Match;
}

/** The seats: names, colours, whose turn, scores, the clock, and the result once there is one. */
export function Players({ ui, match, latest }: Props) {
  const clock = latest.clock;
  const running = !!clock?.deadlineAt && latest.status === 'active';
  const now = useNow(running);
  // remainingMs is as of the response: count down from when this match response arrived.
  const fetchedAt = useMemo(() => Date.now(), [latest]);
  const scores = match.outcome?.scores ?? ui.scores(match);
  const winners = match.outcome?.winners ?? [];
  const words = outcomeWords(match, ui.seatLabel && ((s) => ui.seatLabel?.(s) ?? ''));
  return (
    <section class="players" aria-label="Players">
      <ul>
        {match.players.map((p) => {
          const toMove = match.toMove.includes(p.seat);
          let remaining = clock?.remainingMs[p.seat];
          if (remaining !== undefined && running && latest.toMove.includes(p.seat)) remaining -= now - fetchedAt;
          return (
            <li
              key={p.seat}
              class={`${toMove ? 'to-move' : ''} ${winners.includes(p.seat) ? 'winner' : ''}`}
              aria-current={toMove ? 'true' : undefined}
            >
              {ui.seatColor && <span class="swatch" style={{ background: ui.seatColor(p.seat) }} aria-hidden="true" />}
              <span class="name">
                {p.open ? <i>open seat</i> : p.name}
                {p.bot && <small> (bot {p.bot})</small>}
                {match.you === p.seat && <small> (you)</small>}
                {ui.seatLabel && <small class="role"> {ui.seatLabel(p.seat)}</small>}
              </span>
              {toMove && <span class="turn">to move</span>}
              {winners.includes(p.seat) && (
                <span class="turn win">{match.outcome?.winners.length === match.players.length ? 'draw' : 'wins'}</span>
              )}
              {remaining !== undefined && (
                <span class={`clock ${toMove && running ? 'running' : ''}`} aria-label={`clock ${formatMs(remaining)}`}>
                  {formatMs(remaining)}
                </span>
              )}
              {scores && (
                <span class="score" aria-label={`score ${scores[p.seat]}`}>
                  {scores[p.seat]}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {words && (
        <p class="outcome" data-outcome={match.outcome?.reason ?? match.status}>
          {words}
        </p>
      )}
    </section>
  );
}
