'use client';
import { clsx } from 'clsx';
import { useState } from 'react';
import type { Candle } from '@/lib/chart/rules/candles';
import { legendOf, type LegendTone } from '@/lib/chart/rules/legend';
import type { StudyLegendEntry } from '@/lib/chart/draw/study-series';

const TONE: Record<LegendTone, string> = { up: 'text-up', down: 'text-down', muted: 'text-muted' };
/** A veil of the panel's colour behind the figures: readable over candles and indicator lines. */
const BACKDROP = 'rounded bg-[color-mix(in_srgb,var(--panel)_80%,transparent)] px-1 py-0.5';

/** What the legend shows, and the saved snapshot's legend with it. */
export type LegendFigures = {
  /** the bar under the cursor, else the last */
  bar: Candle | null;
  previousClose: number | null;
  decimals: number;
  /** the indicators' values at the same bar, one line each */
  studies: readonly StudyLegendEntry[];
};

/**
 * The crosshair legend: open, high, low, close, volume and change of the bar under the cursor (the
 * last bar otherwise), and each indicator's values; the figures are lib/chart/rules/legend.ts's, shared
 * with the widget. On a phone it is one line (pair, close, change) over the price pane, with a
 * button that unfolds the rest, so the candles stay readable.
 */
export function ChartLegend({ title, figures }: { title?: string; figures: LegendFigures }) {
  const { bar, previousClose, decimals, studies } = figures;
  const [open, setOpen] = useState(false);
  if (!bar)
    return title ? (
      <div className={clsx('w-fit text-12 font-medium text-text', BACKDROP)}>{title}</div>
    ) : null;
  const legend = legendOf(bar, previousClose, decimals);
  // Folded on a phone: shown from `sm` up, or once unfolded.
  const more = open ? '' : 'hidden sm:inline';
  const hiddenCount = studies.length + 4;
  return (
    <div
      className={clsx(
        'num flex w-fit max-w-full flex-wrap items-center gap-x-2.5 gap-y-0.5 text-11 leading-4',
        BACKDROP,
      )}
      data-testid="chart-legend"
      data-open={open || undefined}
    >
      {/* The smallest phones keep the figures (the pair is in the page's header above). */}
      {title && (
        <span
          className={clsx('mr-1 text-12 font-medium text-text', open ? '' : 'max-[359px]:hidden')}
        >
          {title}
        </span>
      )}
      {legend.prices.map((item) => (
        <span
          key={item.label}
          className={clsx('whitespace-nowrap', item.label === 'C' ? '' : more)}
        >
          <span className="text-muted">{item.label}</span>{' '}
          <span className={TONE[item.tone]}>{item.value}</span>
        </span>
      ))}
      <span
        className={clsx('whitespace-nowrap', TONE[legend.change.tone])}
        data-testid="legend-change"
      >
        {legend.change.text}
      </span>
      <span className={clsx('whitespace-nowrap', more)}>
        <span className="text-muted">{legend.volume.label}</span>{' '}
        <span className="text-muted">{legend.volume.value}</span>
      </span>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-label={open ? 'Fold the legend to one line' : 'Show every figure of the legend'}
        className="pointer-events-auto -my-1 grid h-6 min-w-6 place-items-center rounded border border-border px-1 text-10 text-muted hover:text-text sm:hidden"
      >
        {open ? '−' : `+${hiddenCount}`}
      </button>
      {studies.map((s) => (
        <span
          key={s.key}
          className={clsx('basis-full whitespace-nowrap', open ? '' : 'hidden sm:block')}
          data-testid="legend-study"
        >
          <span style={{ color: s.color }}>{s.label}</span>{' '}
          <span className="text-text">{s.values.join('  ')}</span>
        </span>
      ))}
    </div>
  );
}
