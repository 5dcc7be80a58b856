import type { Candle } from '@/lib/features/chart/candles';
import { legendOf, type LegendTone } from '@/lib/chart/legend';
import type { StudyLegendEntry } from '@/lib/chart/studies';

const TONE: Record<LegendTone, string> = { up: 'text-up', down: 'text-down', muted: 'text-muted' };

/**
 * The crosshair legend: open, high, low, close, volume and change of the bar under the cursor (the
 * last bar otherwise); the figures are lib/chart/legend.ts's, shared with the widget.
 */
export function ChartLegend({
  title,
  bar,
  previousClose,
  decimals,
  studies,
}: {
  title?: string;
  bar: Candle | null;
  previousClose: number | null;
  decimals: number;
  /** the indicators' values at the same bar, one line each */
  studies?: readonly StudyLegendEntry[];
}) {
  if (!bar) return title ? <div className="text-[12px] font-medium text-text">{title}</div> : null;
  const legend = legendOf(bar, previousClose, decimals);
  return (
    <div
      className="num flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-[11px] leading-4"
      data-testid="chart-legend"
    >
      {title && <span className="mr-1 text-[12px] font-medium text-text">{title}</span>}
      <span className="contents">
        {legend.prices.map((item) => (
          <span key={item.label} className="whitespace-nowrap">
            <span className="text-muted">{item.label}</span>{' '}
            <span className={TONE[item.tone]}>{item.value}</span>
          </span>
        ))}
        <span
          className={`whitespace-nowrap ${TONE[legend.change.tone]}`}
          data-testid="legend-change"
        >
          {legend.change.text}
        </span>
        <span className="whitespace-nowrap">
          <span className="text-muted">{legend.volume.label}</span>{' '}
          <span className="text-muted">{legend.volume.value}</span>
        </span>
      </span>
      {studies?.map((s) => (
        <span key={s.key} className="basis-full whitespace-nowrap" data-testid="legend-study">
          <span style={{ color: s.color }}>{s.label}</span>{' '}
          <span className="text-text">{s.values.join('  ')}</span>
        </span>
      ))}
    </div>
  );
}
