import type { Candle } from '@/lib/features/chart/candles';
import {
  formatChangePercent,
  formatChartPrice,
  formatChartVolume,
} from '@/lib/features/chart/price-format';

/**
 * The crosshair legend: open, high, low, close, volume and change of the bar under the cursor (the
 * last bar otherwise). Change is against the previous bar's close, as terminals show it.
 */
export function ChartLegend({
  title,
  bar,
  previousClose,
  decimals,
}: {
  title?: string;
  bar: Candle | null;
  previousClose: number | null;
  decimals: number;
}) {
  if (!bar) return title ? <div className="text-[12px] font-medium text-text">{title}</div> : null;
  const base = previousClose ?? bar.open;
  const change = formatChangePercent(base !== 0 ? ((bar.close - base) / base) * 100 : 0);
  const up = bar.close >= bar.open;
  const tone = up ? 'text-up' : 'text-down';
  const price = (v: number) => formatChartPrice(v, decimals);
  const item = (label: string, value: string, className = tone) => (
    <span className="whitespace-nowrap">
      <span className="text-muted">{label}</span> <span className={className}>{value}</span>
    </span>
  );
  return (
    <div
      className="num flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-[11px] leading-4"
      data-testid="chart-legend"
    >
      {title && <span className="mr-1 text-[12px] font-medium text-text">{title}</span>}
      {/* The widget in a small frame hides these (globals.css): its header has price and change. */}
      <span className="contents" data-legend-values>
        {item('O', price(bar.open))}
        {item('H', price(bar.high))}
        {item('L', price(bar.low))}
        {item('C', price(bar.close))}
        <span
          className={`whitespace-nowrap ${change.dir === 'up' ? 'text-up' : change.dir === 'down' ? 'text-down' : 'text-muted'}`}
          data-testid="legend-change"
        >
          {change.text}
        </span>
        {item('Vol', formatChartVolume(bar.volume), 'text-muted')}
      </span>
    </div>
  );
}
