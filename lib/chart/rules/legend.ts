/**
 * The crosshair legend's content: open, high, low, close, change and volume of the bar under the
 * cursor (the last bar otherwise). Change is against the previous bar's close, as terminals show it.
 * Pure, so the pool page's legend (components/chart/chart-legend.tsx) and the widget's
 * (lib/embed/widget.ts) write the same figures.
 */
import type { Candle } from './candles';
import { formatChartPrice } from '../../core/format/price';
import { formatChangePercent, formatChartVolume } from './price-format';

export type LegendTone = 'up' | 'down' | 'muted';

interface LegendItem {
  label: string;
  value: string;
  tone: LegendTone;
}

export interface Legend {
  /** O, H, L, C in the bar's colour */
  prices: LegendItem[];
  change: { text: string; tone: LegendTone };
  volume: LegendItem;
}

export function legendOf(bar: Candle, previousClose: number | null, decimals: number): Legend {
  const base = previousClose ?? bar.open;
  const change = formatChangePercent(base !== 0 ? ((bar.close - base) / base) * 100 : 0);
  const tone: LegendTone = bar.close >= bar.open ? 'up' : 'down';
  const price = (label: string, v: number): LegendItem => ({
    label,
    value: formatChartPrice(v, decimals),
    tone,
  });
  return {
    prices: [
      price('O', bar.open),
      price('H', bar.high),
      price('L', bar.low),
      price('C', bar.close),
    ],
    change: { text: change.text, tone: change.dir === 'flat' ? 'muted' : change.dir },
    volume: { label: 'Vol', value: formatChartVolume(bar.volume), tone: 'muted' },
  };
}
