/**
 * Times and logical indexes of a chart's bars, for charts that follow one another (the workspace):
 * two charts of different pools or intervals share no bar index, only time. Between bars a time is
 * interpolated; beyond them (the empty room right of the last bar, or left of the first) it is
 * extrapolated by the interval, so the view's margins carry over too.
 */

export interface TimeRange {
  /** Unix seconds, possibly fractional */
  from: number;
  to: number;
}

type Bars = readonly { time: number }[];

/** The time at a (fractional) logical index; null with no bars. */
export function logicalToTime(bars: Bars, step: number, logical: number): number | null {
  const n = bars.length;
  const first = bars[0]?.time;
  const last = bars[n - 1]?.time;
  if (first === undefined || last === undefined) return null;
  if (logical <= 0) return first + logical * step;
  if (logical >= n - 1) return last + (logical - (n - 1)) * step;
  const i = Math.floor(logical);
  const a = (bars[i] as { time: number }).time;
  const b = (bars[i + 1] as { time: number }).time;
  return a + (b - a) * (logical - i);
}

/** The (fractional) logical index at a time; null with no bars. */
export function timeToLogical(bars: Bars, step: number, time: number): number | null {
  const n = bars.length;
  const first = bars[0]?.time;
  const last = bars[n - 1]?.time;
  if (first === undefined || last === undefined) return null;
  if (time <= first) return (time - first) / step;
  if (time >= last) return n - 1 + (time - last) / step;
  const i = lastAtOrBefore(bars, time);
  const a = (bars[i] as { time: number }).time;
  const b = (bars[i + 1] as { time: number }).time;
  return i + (b > a ? (time - a) / (b - a) : 0);
}

/**
 * The bar whose interval holds `time` (the last one opened at or before it), or -1 when `time`
 * lies before the first bar or after the last one ended.
 */
export function barIndexAt(bars: Bars, step: number, time: number): number {
  const n = bars.length;
  const first = bars[0]?.time;
  const last = bars[n - 1]?.time;
  if (first === undefined || last === undefined) return -1;
  if (time < first || time >= last + step) return -1;
  return lastAtOrBefore(bars, time);
}

/** Index of the last bar opened at or before `time` (bars sorted, time >= the first bar's). */
function lastAtOrBefore(bars: Bars, time: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((bars[mid] as { time: number }).time <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
