import { useEffect } from 'preact/hooks';

interface Props {
  version: number;
  max: number;
  replaying: boolean;
  step: (to: number | 'last') => void;
}

const KEYS: Record<string, (v: number) => number | 'last'> = {
  ArrowLeft: (v) => v - 1,
  ArrowRight: (v) => v + 1,
  Home: () => 0,
  End: () => 'last',
};

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path d={d} fill="currentColor" />
  </svg>
);

/**
 * The replay stepper over the log: first, back, forward, last, and the same by keyboard anywhere on the
 * page (← → Home End) unless a form field has the focus.
 */
export function Stepper({ version, max, replaying, step }: Props) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, select, textarea, [contenteditable]')) return;
      const to = KEYS[e.key];
      if (!to) return;
      e.preventDefault();
      step(to(version));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [version, step]);

  return (
    <div class="stepper" role="toolbar" aria-label="Replay" aria-keyshortcuts="ArrowLeft ArrowRight Home End">
      <button
        type="button"
        data-step="first"
        aria-label="First position (Home)"
        disabled={version === 0}
        onClick={() => step(0)}
      >
        <Icon d="M4 3h2v10H4zM13 3v10L7 8z" />
      </button>
      <button
        type="button"
        data-step="back"
        aria-label="One move back (Left arrow)"
        disabled={version === 0}
        onClick={() => step(version - 1)}
      >
        <Icon d="M11 3v10L5 8z" />
      </button>
      <span class="where" aria-live="polite">
        {replaying ? (
          <>
            move <b>{version}</b> of {max}
          </>
        ) : (
          <>
            move <b>{version}</b> <small class="now">now</small>
          </>
        )}
      </span>
      <button
        type="button"
        data-step="forward"
        aria-label="One move forward (Right arrow)"
        disabled={!replaying}
        onClick={() => step(version + 1)}
      >
        <Icon d="M5 3v10l6-5z" />
      </button>
      <button
        type="button"
        data-step="last"
        aria-label="Latest position (End)"
        disabled={!replaying}
        onClick={() => step('last')}
      >
        <Icon d="M10 3h2v10h-2zM3 3v10l6-5z" />
      </button>
    </div>
  );
}
