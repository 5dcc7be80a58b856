/**
 * The chart's view: the first one after history arrives, the price scale's mode, and the view in
 * time for charts that follow one another (lib/chart/draw/sync.ts): the library counts in bar indexes,
 * other charts (other intervals) in Unix seconds. Beyond the bars, times are extrapolated by the
 * interval (lib/chart/rules/time-axis.ts).
 */
import { PriceScaleMode, type IChartApi, type LogicalRange } from 'lightweight-charts';
import type { Candle } from '../rules/candles';
import { logicalToTime, timeToLogical, type TimeRange } from '../rules/time-axis';
import { BAR_SPACING, RIGHT_OFFSET, fewBarsRange } from '../rules/view';
import type { ScaleMode } from '../rules/scale';

const SCALE_MODE: Record<ScaleMode, PriceScaleMode> = {
  linear: PriceScaleMode.Normal,
  log: PriceScaleMode.Logarithmic,
  pct: PriceScaleMode.Percentage,
};

export function applyScaleMode(chart: IChartApi, mode: ScaleMode): void {
  chart.priceScale('right').applyOptions({ mode: SCALE_MODE[mode] });
}

/**
 * The first view of a history of `bars` bars: the latest at the usual spacing, or a short history
 * spread over the pane (lib/chart/rules/view.ts).
 */
export function showFirstView(chart: IChartApi, bars: number, fallbackWidth: number): void {
  const scale = chart.timeScale();
  const few = fewBarsRange(bars, scale.width() || fallbackWidth);
  scale.applyOptions({ barSpacing: BAR_SPACING, rightOffset: RIGHT_OFFSET });
  if (few) scale.setVisibleLogicalRange(few);
  // At once, not scrollToRealTime's 400 ms glide: a first view needs no animation, and each of its
  // frames would repaint the whole chart while the page is still loading.
  else scale.scrollToPosition(RIGHT_OFFSET, false);
}

/** The time under x, within its bar (the library's own index counts whole bars). */
export function timeAtX(
  chart: IChartApi,
  bars: readonly Candle[],
  step: number,
  x: number,
): number | null {
  const scale = chart.timeScale();
  const index = scale.coordinateToLogical(x);
  if (index === null) return null;
  const at = scale.logicalToCoordinate(index);
  const spacing = scale.options().barSpacing;
  // A bar is drawn centred on its index and spans its interval from its open.
  const offset =
    at === null || spacing <= 0 ? 0 : Math.max(-0.5, Math.min(0.499, (x - at) / spacing));
  const open = bars[index]?.time ?? logicalToTime(bars, step, index);
  return open === null ? null : open + (offset + 0.5) * step;
}

/** A range of bar indexes as times. */
export function toTimeRange(
  bars: readonly Candle[],
  step: number,
  range: LogicalRange | null,
): TimeRange | null {
  if (!range) return null;
  const from = logicalToTime(bars, step, range.from);
  const to = logicalToTime(bars, step, range.to);
  return from === null || to === null ? null : { from, to };
}

/** A time range as bar indexes; null when it cannot be placed (or is empty). */
export function toLogicalRange(
  bars: readonly Candle[],
  step: number,
  range: TimeRange,
): { from: number; to: number } | null {
  const from = timeToLogical(bars, step, range.from);
  const to = timeToLogical(bars, step, range.to);
  return from === null || to === null || !(to > from) ? null : { from, to };
}
