import type { BoardProps, GameUi } from './game-ui';
import type { ReversiView } from '../../../src/engine/reversi/view';
import { Target } from './target';

const COLS = 'abcdefgh';
const CELL = 10;

function Board({ match, legal, send }: BoardProps) {
  const view = match.view as ReversiView;
  const targets = new Map<string, unknown>();
  for (const m of legal ?? []) targets.set((m as { square: string }).square, m);
  const last = view.lastMove?.square;
  return (
    <svg
      class="board reversi"
      viewBox="-6 -6 89 89"
      role="group"
      aria-label={`Reversi board: black ${view.discs.black}, white ${view.discs.white}`}
    >
      <rect x="-6" y="-6" width="89" height="89" rx="3" class="frame" />
      {[...COLS].map((c, i) => (
        <text key={c} x={i * CELL + 5} y="-1.8" class="coord" aria-hidden="true">
          {c}
        </text>
      ))}
      {[...Array(8).keys()].map((r) => (
        <text key={r} x="-3" y={r * CELL + 6.4} class="coord" aria-hidden="true">
          {r + 1}
        </text>
      ))}
      {view.board.flatMap((row, r) =>
        [...row].map((cell, c) => {
          const square = `${COLS[c]}${r + 1}`;
          const disc = cell === 'B' ? 'black' : cell === 'W' ? 'white' : null;
          const move = targets.get(square);
          const label = `${square}: ${disc ?? 'empty'}${move ? ', legal move' : ''}`;
          const body = (
            <>
              <rect x={c * CELL} y={r * CELL} width={CELL} height={CELL} class="square" />
              {disc && <circle cx={c * CELL + 5} cy={r * CELL + 5} r="4.1" class={`disc ${disc}`} data-disc={disc} />}
              {square === last && <circle cx={c * CELL + 5} cy={r * CELL + 5} r="1" class="last-mark" />}
              {move !== undefined && <circle cx={c * CELL + 5} cy={r * CELL + 5} r="1.6" class="hint" />}
            </>
          );
          return move !== undefined ? (
            <Target key={square} move={move} label={`Play ${square}`} send={send} data-square={square}>
              {body}
            </Target>
          ) : (
            <g key={square} data-square={square} role="img" aria-label={label}>
              {body}
            </g>
          );
        }),
      )}
    </svg>
  );
}

export const reversiUi: GameUi = {
  title: 'Reversi',
  Board,
  scores: (m) => {
    const v = m.view as ReversiView;
    return [v.discs.black, v.discs.white];
  },
  seatLabel: (s) => (s === 0 ? 'black' : 'white'),
  seatColor: (s) => (s === 0 ? '#111' : '#f4f4f4'),
  describe: (e) => {
    if (e.type !== 'MoveMade') return e.type === 'PlayerResigned' ? 'resigned' : e.type;
    const m = e.move as { square: string };
    const fx = (e.effects ?? {}) as { flipped?: number; skipped?: number | null };
    return `${m.square}${fx.flipped ? ` (${fx.flipped} flipped)` : ''}${fx.skipped !== null && fx.skipped !== undefined ? ', then a pass' : ''}`;
  },
};
