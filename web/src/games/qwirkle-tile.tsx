import type { Tile } from '../../../src/engine/qwirkle/tiles';

export const TILE_COLORS: Record<string, string> = {
  red: '#ef4444',
  orange: '#f97316',
  yellow: '#facc15',
  green: '#22c55e',
  blue: '#3b82f6',
  purple: '#a855f7',
};

function star(points: number, outer: number, inner: number): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(0.5 + r * Math.cos(a)).toFixed(3)},${(0.5 + r * Math.sin(a)).toFixed(3)}`);
  }
  return out.join(' ');
}

const STAR4 = star(4, 0.37, 0.12);
const STAR8 = star(8, 0.37, 0.2);

/** A shape drawn in a unit square. */
function Shape({ shape, fill }: { shape: string; fill: string }) {
  switch (shape) {
    case 'circle':
      return <circle cx="0.5" cy="0.5" r="0.29" fill={fill} />;
    case 'square':
      return <rect x="0.23" y="0.23" width="0.54" height="0.54" fill={fill} />;
    case 'diamond':
      return <polygon points="0.5,0.14 0.86,0.5 0.5,0.86 0.14,0.5" fill={fill} />;
    case 'clover':
      return (
        <g fill={fill}>
          <circle cx="0.5" cy="0.32" r="0.15" />
          <circle cx="0.5" cy="0.68" r="0.15" />
          <circle cx="0.32" cy="0.5" r="0.15" />
          <circle cx="0.68" cy="0.5" r="0.15" />
          <circle cx="0.5" cy="0.5" r="0.12" />
        </g>
      );
    case 'star4':
      return <polygon points={STAR4} fill={fill} />;
    default:
      return <polygon points={STAR8} fill={fill} />;
  }
}

/** One tile at (x, y) in board units; it carries data-color and data-shape. */
export function TileShape({ tile, x = 0, y = 0, dim }: { tile: Tile; x?: number; y?: number; dim?: boolean }) {
  return (
    <g
      transform={`translate(${x} ${y})`}
      data-color={tile.color}
      data-shape={tile.shape}
      class={dim ? 'tile pending' : 'tile'}
    >
      <rect x="0.04" y="0.04" width="0.92" height="0.92" rx="0.12" class="tile-bg" />
      <Shape shape={tile.shape} fill={TILE_COLORS[tile.color] ?? '#ccc'} />
    </g>
  );
}

/** A tile on its own small SVG (a hand). */
export function TileIcon({ tile, label }: { tile: Tile; label?: string }) {
  return (
    <svg viewBox="0 0 1 1" class="tile-icon" role="img" aria-label={label ?? `${tile.color} ${tile.shape}`}>
      <TileShape tile={tile} />
    </svg>
  );
}
