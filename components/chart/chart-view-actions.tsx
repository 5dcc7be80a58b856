'use client';
import { CameraIcon, FullscreenIcon } from '@/components/ui/icons';

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
        <CameraIcon />
      </button>
      <button
        type="button"
        onClick={onFullscreen}
        aria-pressed={fullscreen}
        aria-label={fullscreen ? 'Leave fullscreen' : 'Fullscreen'}
        title={fullscreen ? 'Leave fullscreen (Esc)' : 'Fullscreen (f)'}
        className={BUTTON}
      >
        <FullscreenIcon leave={fullscreen} />
      </button>
    </div>
  );
}
