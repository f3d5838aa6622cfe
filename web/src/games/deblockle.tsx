import { useEffect, useState } from 'preact/hooks';
import { type Direction, type Face, tip } from '../../../src/engine/deblockle/block';
import type { BlockView, DeblockleView } from '../../../src/engine/deblockle/view';
import type { LogEntry } from '../types';
import type { BoardProps, GameUi } from './game-ui';
import { Pick, Target } from './target';

type Turn = { from: string; tip: Direction; to: string };
type Setup = { type: 'setup'; blocks: { square: string; top: Face; north: Face }[] };

const COLS = 'abcdefg';
const CELL = 10;
const STARS = ['d2', 'd6'];
const SEAT_COLORS = ['#e0a526', '#3b82f6'];
const STEP: Record<Direction, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

const at = (square: string): [number, number] => [COLS.indexOf(square[0] as string), Number(square.slice(1)) - 1];
const name = (c: number, r: number) => `${COLS[c]}${r + 1}`;
const neighbour = (square: string, dir: Direction) => {
  const [c, r] = at(square);
  return name(c + STEP[dir][0], r + STEP[dir][1]);
};

function polygon(n: number, r: number, inner?: number): string {
  const pts: string[] = [];
  const k = inner === undefined ? n : n * 2;
  for (let i = 0; i < k; i++) {
    const rr = inner !== undefined && i % 2 ? inner : r;
    const a = (2 * Math.PI * i) / k - Math.PI / 2 + (inner === undefined ? Math.PI / n : 0);
    pts.push(`${(5 + rr * Math.cos(a)).toFixed(2)},${(5 + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** The face on top of a block, drawn in a 10 x 10 square. */
export function FaceMark({ face }: { face: Face }) {
  switch (face) {
    case 'star':
      return <polygon points={polygon(5, 3.2, 1.3)} class="face" />;
    case 'stop':
      return <polygon points={polygon(8, 2.8)} class="face" />;
    case 'cross':
      return <path d="M5 2v6M2 5h6" class="face-line" />;
    case 'x':
      return <path d="M2.8 2.8l4.4 4.4M7.2 2.8l-4.4 4.4" class="face-line" />;
    case 'slider':
      return <path d="M5 1.8l1.2 1.6h-2.4zM5 8.2l1.2-1.6h-2.4zM1.8 5l1.6-1.2v2.4zM8.2 5l-1.6-1.2v2.4z" class="face" />;
    default:
      return <circle cx="5" cy="5" r="2.4" class="face-ring" />;
  }
}

function Block({ block, ghost }: { block: Pick<BlockView, 'seat' | 'top'>; ghost?: boolean }) {
  return (
    <g class={ghost ? 'block ghost' : 'block'}>
      <rect x="1" y="1" width="8" height="8" rx="1.6" fill={SEAT_COLORS[block.seat]} class="block-body" />
      <g transform="translate(1.5 1.5) scale(0.7)">
        <FaceMark face={block.top} />
      </g>
    </g>
  );
}

const describeBlock = (b: BlockView) =>
  `${b.seat === 0 ? 'gold' : 'blue'} block on ${b.square}, ${b.top} on top, ${b.north} to the north`;

function Board({ match, legal, send }: BoardProps) {
  const view = match.view as DeblockleView;
  const [from, setFrom] = useState<string | null>(null);
  const [dir, setDir] = useState<Direction | null>(null);
  const [choice, setChoice] = useState(0);
  useEffect(() => {
    setFrom(null);
    setDir(null);
    setChoice(0);
  }, [match.version, legal]);

  const turns = (legal ?? []).filter((m): m is Turn => typeof (m as Turn).from === 'string');
  const setups = (legal ?? []).filter((m): m is Setup => (m as Setup).type === 'setup');
  const setup = setups.length ? (setups[choice % setups.length] as Setup) : null;
  const bySquare = new Map(view.blocks.map((b) => [b.square, b]));
  // During setup the board shows the viewer's own placement, or the one it is about to send.
  const mover = match.you ?? 0;
  const shownBlocks: BlockView[] =
    view.phase === 'setup'
      ? (view.setup?.mine ?? (setup ? setup.blocks.map((b) => ({ ...b, seat: 1 - mover, east: b.north })) : []))
      : view.blocks;

  const fromTurns = from ? turns.filter((t) => t.from === from) : [];
  const tips = new Map<Direction, Turn[]>();
  for (const t of fromTurns) tips.set(t.tip, [...(tips.get(t.tip) ?? []), t]);
  const selected = from ? bySquare.get(from) : undefined;
  const tipped =
    selected && dir ? { square: neighbour(selected.square, dir), ...tip(selected, dir), seat: selected.seat } : null;
  const ends = dir ? (tips.get(dir) ?? []) : [];

  return (
    <div class="deblockle">
      <svg
        class="board deblockle-board"
        viewBox="-6 -6 79 79"
        role="group"
        aria-label={`Deblockle board: gold removed ${view.removed[0]}, blue removed ${view.removed[1]}`}
      >
        <rect x="-6" y="-6" width="79" height="79" rx="3" class="frame" />
        {[...COLS].map((c, i) => (
          <text key={c} x={i * CELL + 5} y="-1.8" class="coord" aria-hidden="true">
            {c}
          </text>
        ))}
        {[...Array(7).keys()].map((r) => (
          <text key={r} x="-3" y={r * CELL + 6.4} class="coord" aria-hidden="true">
            {r + 1}
          </text>
        ))}
        {[...Array(49).keys()].map((i) => {
          const square = name(i % 7, Math.floor(i / 7));
          const star = STARS.includes(square);
          return (
            <g key={square} data-square={square} transform={`translate(${(i % 7) * CELL} ${Math.floor(i / 7) * CELL})`}>
              <rect
                width={CELL}
                height={CELL}
                class={`square ${(i + Math.floor(i / 7)) % 2 ? 'dark' : ''} ${star ? 'star-square' : ''}`}
              />
              {star && (
                <polygon
                  points={polygon(5, 3.6, 1.5)}
                  class="star-space"
                  aria-label={`${square}: star space`}
                  role="img"
                />
              )}
            </g>
          );
        })}
        {shownBlocks.map((b) => {
          const [c, r] = at(b.square);
          const mine = turns.some((t) => t.from === b.square);
          const body = <Block block={b} ghost={view.phase === 'setup' || (tipped !== null && b.square === from)} />;
          return (
            <g key={b.square} transform={`translate(${c * CELL} ${r * CELL})`}>
              {mine ? (
                <Pick
                  label={`Move the ${describeBlock(b)}`}
                  selected={from === b.square}
                  onPick={() => {
                    setFrom(from === b.square ? null : b.square);
                    setDir(null);
                  }}
                  data-block={b.square}
                >
                  {body}
                </Pick>
              ) : (
                <g role="img" aria-label={describeBlock(b)} data-block={b.square}>
                  {body}
                </g>
              )}
            </g>
          );
        })}
        {from &&
          !dir &&
          [...tips].map(([d, list]) => {
            const square = neighbour(from, d);
            const [c, r] = at(square);
            const hint = <rect x="1.5" y="1.5" width="7" height="7" rx="1.5" class="cell-hint" />;
            const single = list.length === 1 && (list[0] as Turn).to === square;
            return (
              <g key={d} transform={`translate(${c * CELL} ${r * CELL})`}>
                {single ? (
                  <Target
                    move={list[0]}
                    label={`Tip ${d} onto ${square}${STARS.includes(square) ? ' and remove the block' : ''}`}
                    send={send}
                    data-square={square}
                  >
                    {hint}
                  </Target>
                ) : (
                  <Pick label={`Tip ${d} onto ${square}`} onPick={() => setDir(d)} data-square={square}>
                    {hint}
                  </Pick>
                )}
              </g>
            );
          })}
        {tipped &&
          (() => {
            const [c, r] = at(tipped.square);
            return (
              <g
                transform={`translate(${c * CELL} ${r * CELL})`}
                role="img"
                aria-label={`tipped onto ${tipped.square}: ${tipped.top} on top`}
              >
                <Block block={tipped} />
              </g>
            );
          })()}
        {ends.map((t) => {
          const [c, r] = at(t.to);
          return (
            <g key={t.to} transform={`translate(${c * CELL} ${r * CELL})`}>
              <Target move={t} label={`Hop to ${t.to}`} send={send} data-square={t.to}>
                <rect width={CELL} height={CELL} class="hit" />
                <circle cx="5" cy="5" r="2" class="hint" />
              </Target>
            </g>
          );
        })}
      </svg>
      {view.phase === 'setup' && view.setup && (
        <div class="actions setup">
          <p>
            Setup: each seat places the other's rolled blocks. Rolled for gold: {view.setup.rolled[0]?.join(', ')}; for
            blue: {view.setup.rolled[1]?.join(', ')}. Placed:{' '}
            {view.setup.placed.map((p, s) => `${s ? 'blue' : 'gold'} ${p ? 'yes' : 'not yet'}`).join(', ')}.
          </p>
          {setup && (
            <>
              <button type="button" onClick={() => setChoice(choice + 1 + Math.floor(Math.random() * setups.length))}>
                Another arrangement
              </button>
              <button type="button" class="primary" data-move={JSON.stringify(setup)} onClick={() => send(setup)}>
                Place these blocks
              </button>
            </>
          )}
        </div>
      )}
      {legal !== null && view.phase === 'play' && (
        <p class="hint-text">
          {!from ? 'Pick one of your blocks.' : !dir ? 'Pick where it tips.' : 'Pick where it hops.'}
        </p>
      )}
    </div>
  );
}

function describe(e: LogEntry): string {
  if (e.type !== 'MoveMade') return e.type === 'PlayerResigned' ? 'resigned' : e.type;
  const m = e.move as { type?: string; from?: string; tip?: string; to?: string };
  const fx = (e.effects ?? {}) as { top?: string | null; removed?: boolean };
  if (m.type === 'setup') return 'placed the blocks';
  return `${m.from} tips ${m.tip}${fx.top ? ` (${fx.top})` : ''}, ${fx.removed ? 'removed' : `to ${m.to}`}`;
}

export const deblockleUi: GameUi = {
  title: 'Deblockle',
  Board,
  scores: (m) => (m.view as DeblockleView).removed,
  seatLabel: (s) => (s === 0 ? 'gold' : 'blue'),
  seatColor: (s) => SEAT_COLORS[s] ?? '#888',
  describe,
};
