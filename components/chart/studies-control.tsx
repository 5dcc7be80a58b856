'use client';
import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import type { StudySpec } from '@/lib/chart/rules/studies';
import { usePopover } from './use-popover';
import { StudiesIcon } from '@/components/ui/icons';

const load = () => import('./studies-panel');
// The panel's code loads when the trader reaches for the button, not with the page.
const StudiesPanel = lazy(() => load().then((m) => ({ default: m.StudiesPanel })));

/**
 * The chart's indicators: a button with how many are on, and a panel to add one (SMA, EMA, BB,
 * VWAP on the price; RSI, MACD in panes of their own), change a period (and the bands' width) or
 * remove one. Every change goes to the URL (`studies=`), so a shared link shows the same chart.
 * `compact`: an icon with the count, for a workspace cell's header.
 */
export function StudiesControl({
  studies,
  onChange,
  compact = false,
}: {
  studies: readonly StudySpec[];
  onChange: (studies: StudySpec[]) => void;
  compact?: boolean;
}) {
  const { open, root, panelId, trigger, onKeyDown } = usePopover();

  return (
    <div ref={root} className="sm:relative" onKeyDown={onKeyDown}>
      <button
        type="button"
        {...trigger}
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        title="Indicators"
        aria-label={
          compact ? `Indicators${studies.length > 0 ? `: ${studies.length} on` : ''}` : undefined
        }
        className={clsx(
          'flex h-7 items-center gap-1 rounded border border-border px-2 text-control font-medium',
          studies.length > 0 ? 'bg-raised text-text' : 'bg-panel text-muted hover:text-text',
        )}
      >
        {compact ? (
          <>
            <StudiesIcon />
            {studies.length > 0 && <span className="num">{studies.length}</span>}
          </>
        ) : (
          <>Indicators{studies.length > 0 ? ` · ${studies.length}` : ''}</>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <StudiesPanel id={panelId} studies={studies} onChange={onChange} alignEnd={compact} />
        </Suspense>
      )}
    </div>
  );
}
