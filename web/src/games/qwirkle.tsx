import { useEffect, useState } from 'preact/hooks';
import type { QwirkleView } from '../../../src/engine/qwirkle/view';
import type { PlacedTile, Tile } from '../../../src/engine/qwirkle/tiles';
import type { LogEntry } from '../types';
import type { BoardProps, GameUi } from './game-ui';
import { TileIcon, TileShape } from './qwirkle-tile';
import { Pick } from './target';

type Place = { type: 'place'; tiles: PlacedTile[] };
type Exchange = { type: 'exchange'; tiles: Tile[] };
/** A tile of the hand put down on the board, not sent yet. */
type Pending = { hand: number; x: number; y: number };

const same = (a: Tile, b: Tile) => a.color === b.color && a.shape === b.shape;
const key = (x: number, y: number) => `${x},${y}`;
/** Tiles as a multiset, to compare an exchange picked in the hand with a legal one. */
const bagOf = (tiles: readonly Tile[]) =>
  tiles
    .map((t) => `${t.color}/${t.shape}`)
    .sort()
    .join();

/** The legal placements that contain every pending tile: the ways this turn can still go on. */
function compatible(moves: Place[], pending: PlacedTile[]): Place[] {
  return moves.filter((m) => pending.every((p) => m.tiles.some((t) => same(t, p) && t.x === p.x && t.y === p.y)));
}

function Board({ match, seat, legal, info, send }: BoardProps) {
  const view = match.view as QwirkleView;
  const hand = view.hand ?? [];
  const [pending, setPending] = useState<Pending[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [exchanging, setExchanging] = useState<number[] | null>(null);
  useEffect(() => {
    setPending([]);
    setSelected(null);
    setExchanging(null);
  }, [match.version, legal]);

  const places = (legal ?? []).filter((m): m is Place => (m as Place).type === 'place');
  const exchanges = (legal ?? []).filter((m): m is Exchange => (m as Exchange).type === 'exchange');
  const placed: PlacedTile[] = pending.map((p) => ({ ...(hand[p.hand] as Tile), x: p.x, y: p.y }));
  const open = compatible(places, placed);
  const used = new Set(pending.map((p) => p.hand));
  const taken = new Set(placed.map((t) => key(t.x, t.y)));
  /** Cells where hand tile i may go next. */
  const cellsFor = (i: number): [number, number][] => {
    const tile = hand[i] as Tile;
    const cells = new Map<string, [number, number]>();
    for (const m of open)
      for (const t of m.tiles) if (same(t, tile) && !taken.has(key(t.x, t.y))) cells.set(key(t.x, t.y), [t.x, t.y]);
    return [...cells.values()];
  };
  const targets = selected === null ? [] : cellsFor(selected);
  const complete = open.find((m) => m.tiles.length === placed.length);
  const exchange =
    exchanging && exchanges.find((m) => bagOf(m.tiles) === bagOf(exchanging.map((i) => hand[i] as Tile)));

  // Zoom to fit: the view box spans every tile (and every highlighted cell) with a margin of one cell.
  const xs = [...view.board.map((t) => t.x), ...placed.map((t) => t.x), ...targets.map((c) => c[0]), 0];
  const ys = [...view.board.map((t) => t.y), ...placed.map((t) => t.y), ...targets.map((c) => c[1]), 0];
  let [minX, maxX, minY, maxY] = [Math.min(...xs) - 1, Math.max(...xs) + 2, Math.min(...ys) - 1, Math.max(...ys) + 2];
  const size = Math.max(maxX - minX, maxY - minY, 5);
  minX -= (size - (maxX - minX)) / 2;
  minY -= (size - (maxY - minY)) / 2;
  maxX = minX + size;
  maxY = minY + size;
  const last = new Set(view.lastTurn?.type === 'place' ? view.lastTurn.tiles.map((t) => key(t.x, t.y)) : []);

  return (
    <div class="qwirkle">
      <svg
        class="board grid"
        viewBox={`${minX} ${minY} ${size} ${size}`}
        role="group"
        aria-label={`Qwirkle grid: ${view.board.length} tiles, ${view.bag} in the bag`}
      >
        <defs>
          <pattern id="qgrid" width="1" height="1" patternUnits="userSpaceOnUse">
            <path d="M 1 0 L 0 0 0 1" fill="none" class="gridline" />
          </pattern>
        </defs>
        <rect x={minX} y={minY} width={maxX - minX} height={maxY - minY} fill="url(#qgrid)" class="felt" />
        {view.board.map((t) => (
          <g key={key(t.x, t.y)} role="img" aria-label={`${t.color} ${t.shape} at ${t.x}, ${t.y}`}>
            <TileShape tile={t} x={t.x} y={t.y} />
            {last.has(key(t.x, t.y)) && (
              <rect x={t.x + 0.04} y={t.y + 0.04} width="0.92" height="0.92" rx="0.12" class="last-outline" />
            )}
          </g>
        ))}
        {placed.map((t, i) => (
          <Pick
            key={`p${i}`}
            label={`Take back ${t.color} ${t.shape} from ${t.x}, ${t.y}`}
            onPick={() => setPending(pending.slice(0, i))}
          >
            <TileShape tile={t} x={t.x} y={t.y} dim />
          </Pick>
        ))}
        {targets.map(([x, y]) => (
          <Pick
            key={`t${key(x, y)}`}
            data-cell={key(x, y)}
            label={`Put the ${hand[selected as number]?.color} ${hand[selected as number]?.shape} at ${x}, ${y}`}
            onPick={() => {
              setPending([...pending, { hand: selected as number, x, y }]);
              setSelected(null);
            }}
          >
            <rect x={x + 0.08} y={y + 0.08} width="0.84" height="0.84" rx="0.12" class="cell-hint" />
          </Pick>
        ))}
      </svg>

      <div class="rack" aria-label="Tiles in hand">
        {view.hand && (
          <div class="hand" data-hand={String(seat)} role="group" aria-label="Your tiles">
            {hand.map((t, i) => {
              const inExchange = exchanging?.includes(i) ?? false;
              const usable = legal !== null && !used.has(i) && (exchanging ? true : cellsFor(i).length > 0);
              const pressed = exchanging ? inExchange : selected === i;
              return (
                <button
                  key={i}
                  type="button"
                  class={`hand-tile ${used.has(i) ? 'used' : ''} ${usable ? 'usable' : ''}`}
                  aria-pressed={pressed}
                  disabled={!usable}
                  aria-label={`${t.color} ${t.shape}${used.has(i) ? ' (placed)' : ''}`}
                  onClick={() =>
                    exchanging
                      ? setExchanging(inExchange ? exchanging.filter((j) => j !== i) : [...exchanging, i])
                      : setSelected(selected === i ? null : i)
                  }
                >
                  <TileIcon tile={t} />
                </button>
              );
            })}
          </div>
        )}
        <p class="counts">
          {match.players.map((p) => (
            <span key={p.seat}>
              {p.name}: {view.handCounts[p.seat]} tiles
            </span>
          ))}
          <span>bag: {view.bag}</span>
          {view.openingSizes && seat !== null && view.openingSizes[seat] !== null && (
            <span>your opening: {view.openingSizes[seat]}</span>
          )}
        </p>
        {legal !== null && (
          <div class="actions">
            {!exchanging && complete && (
              <button type="button" class="primary" data-move={JSON.stringify(complete)} onClick={() => send(complete)}>
                Place {placed.length} tile{placed.length > 1 ? 's' : ''}
              </button>
            )}
            {!exchanging && pending.length > 0 && (
              <button type="button" onClick={() => setPending([])}>
                Take back
              </button>
            )}
            {!exchanging && pending.length === 0 && exchanges.length > 0 && (
              <button
                type="button"
                onClick={() => {
                  setExchanging([]);
                  setSelected(null);
                }}
              >
                Exchange…
              </button>
            )}
            {exchanging && exchange && (
              <button type="button" class="primary" data-move={JSON.stringify(exchange)} onClick={() => send(exchange)}>
                Exchange {exchanging.length}
              </button>
            )}
            {exchanging && (
              <button type="button" onClick={() => setExchanging(null)}>
                Cancel
              </button>
            )}
            <span class="hint-text">
              {exchanging
                ? 'Pick the tiles to give back.'
                : selected !== null
                  ? 'Pick a highlighted square.'
                  : pending.length
                    ? complete
                      ? 'Place them, or add more.'
                      : 'Add more tiles to this line.'
                    : info.canPlace === false
                      ? 'No placement: exchange.'
                      : 'Pick a tile from your hand.'}
            </span>
          </div>
        )}
      </div>
    </div>
  );
}

function describe(e: LogEntry): string {
  if (e.type !== 'MoveMade') return e.type === 'PlayerResigned' ? 'resigned' : e.type;
  const m = e.move as { type: string; tiles?: PlacedTile[] };
  const fx = (e.effects ?? {}) as { points?: number; count?: number; bonus?: number };
  if (m.type === 'place') return `placed ${m.tiles?.length} for ${fx.points}${fx.bonus ? ` + ${fx.bonus}` : ''}`;
  return `exchanged ${fx.count}`;
}

export const qwirkleUi: GameUi = {
  title: 'Qwirkle',
  Board,
  scores: (m) => (m.view as QwirkleView).scores,
  describe,
};
