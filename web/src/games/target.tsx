import type { ComponentChildren } from 'preact';

interface Props {
  move: unknown;
  label: string;
  send: (move: unknown) => void;
  children: ComponentChildren;
  [data: `data-${string}`]: string | undefined;
}

/**
 * A clickable legal target inside an SVG board: it carries `data-move` (the JSON it sends), takes the
 * keyboard focus, and answers Enter and Space like a button.
 */
export function Target({ move, label, send, children, ...data }: Props) {
  const go = () => send(move);
  return (
    <g
      {...data}
      class="target"
      role="button"
      tabindex={0}
      aria-label={label}
      data-move={JSON.stringify(move)}
      onClick={go}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          go();
        }
      }}
    >
      {children}
    </g>
  );
}

/** A step of a multi-step turn (pick a tile, a block, a square): not a move yet, so no data-move. */
export function Pick({
  label,
  onPick,
  selected,
  children,
  ...data
}: {
  label: string;
  onPick: () => void;
  selected?: boolean;
  children: ComponentChildren;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <g
      {...data}
      class={`pick ${selected ? 'selected' : ''}`}
      role="button"
      tabindex={0}
      aria-pressed={selected}
      aria-label={label}
      onClick={onPick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onPick();
        }
      }}
    >
      {children}
    </g>
  );
}
