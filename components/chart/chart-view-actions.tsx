'use client';

const ICON = {
  width: 14,
  height: 14,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

const BUTTON =
  'grid h-7 w-7 place-items-center rounded border border-border bg-panel text-muted hover:text-text disabled:opacity-50';

/** The chart panel's view buttons: a PNG snapshot and fullscreen (also `f` on the chart). */
export function ChartViewActions({
  fullscreen,
  onFullscreen,
  onSnapshot,
  disabled,
}: {
  fullscreen: boolean;
  onFullscreen: () => void;
  onSnapshot: () => void;
  /** nothing drawn yet to snapshot */
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Chart view">
      <button
        type="button"
        onClick={onSnapshot}
        disabled={disabled}
        aria-label="Download the chart as PNG"
        title="Download the chart as PNG"
        className={BUTTON}
      >
        <svg {...ICON}>
          <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
      </button>
      <button
        type="button"
        onClick={onFullscreen}
        aria-pressed={fullscreen}
        aria-label={fullscreen ? 'Leave fullscreen' : 'Fullscreen'}
        title={fullscreen ? 'Leave fullscreen (Esc)' : 'Fullscreen (f)'}
        className={BUTTON}
      >
        {fullscreen ? (
          <svg {...ICON}>
            <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
          </svg>
        ) : (
          <svg {...ICON}>
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
          </svg>
        )}
      </button>
    </div>
  );
}
