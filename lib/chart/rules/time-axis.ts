/**
 * The chart's time axis. Times and logical indexes of a chart's bars, for charts that follow one
 * another (the workspace): two charts of different pools or intervals share no bar index, only time.
 * Between bars a time is interpolated; beyond them (the empty room right of the last bar, or left of
 * the first) it is extrapolated by the interval, so the view's margins carry over too. And where the
 * axis puts its labels: the library weighs each bar by the UTC calendar, which puts the day mark at
 * 19:00 in New York and every hour on :30 in Kolkata; weighed on the chosen zone's wall clock
 * instead (lib/chart/draw/zoned-time-scale.ts), days start at local midnight and ticks fall on round
 * local times wherever a bar starts one.
 */
import { zonedParts, type TimeZoneMode } from '../../core/format/zone';

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

/**
 * lightweight-charts' tick weights (its TickMarkWeight): which bars may carry a label, the heaviest
 * winning where labels would collide. A year starts at 70, a month at 60, a day at 50; within a day,
 * the longest round period a bar starts.
 */
export const TICK_WEIGHT = {
  lessThanSecond: 0,
  second: 10,
  minute1: 20,
  minute5: 21,
  minute30: 22,
  hour1: 30,
  hour3: 31,
  hour6: 32,
  hour12: 33,
  day: 50,
  month: 60,
  year: 70,
} as const;

const INTRADAY: readonly [seconds: number, weight: number][] = [
  [12 * 3600, TICK_WEIGHT.hour12],
  [6 * 3600, TICK_WEIGHT.hour6],
  [3 * 3600, TICK_WEIGHT.hour3],
  [3600, TICK_WEIGHT.hour1],
  [1800, TICK_WEIGHT.minute30],
  [300, TICK_WEIGHT.minute5],
  [60, TICK_WEIGHT.minute1],
  [1, TICK_WEIGHT.second],
];

/**
 * A zone's offset from UTC (seconds) at instants, remembered per quarter hour: every offset change
 * the time-zone database knows falls on a multiple of 15 minutes of UTC, so one Intl call serves a
 * whole quarter, and a chart of 5,000 one-minute bars asks a few hundred times, not 5,000.
 */
export class ZoneClock {
  private readonly offsets = new Map<number, number>();

  constructor(readonly zone: TimeZoneMode) {}

  /** Seconds on the zone's wall clock since 1970-01-01 00:00 of that clock. */
  wall(seconds: number): number {
    return seconds + this.offset(seconds);
  }

  offset(seconds: number): number {
    if (this.zone === 'utc') return 0;
    const t = Math.floor(seconds);
    if (this.zone === 'local') return -new Date(t * 1000).getTimezoneOffset() * 60;
    const quarter = Math.floor(t / 900);
    let offset = this.offsets.get(quarter);
    if (offset === undefined) {
      const p = zonedParts(quarter * 900, this.zone);
      offset =
        Date.UTC(p.year, p.month, p.day, p.hours, p.minutes, p.seconds) / 1000 - quarter * 900;
      if (this.offsets.size > 20_000) this.offsets.clear();
      this.offsets.set(quarter, offset);
    }
    return offset;
  }
}

/**
 * The weight of a bar at `time` after one at `previous`, on the zone's wall clock: a new local day
 * is a day mark (the "26" at local midnight, not at 00:00 UTC), and within a day a bar that starts a
 * round local period (an hour at :00 in Kolkata, not at :30) outweighs the others.
 */
function zonedTickWeight(time: number, previous: number, clock: ZoneClock): number {
  const now = clock.wall(time);
  const before = clock.wall(previous);
  const a = new Date(now * 1000);
  const b = new Date(before * 1000);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return TICK_WEIGHT.year;
  if (a.getUTCMonth() !== b.getUTCMonth()) return TICK_WEIGHT.month;
  if (a.getUTCDate() !== b.getUTCDate()) return TICK_WEIGHT.day;
  for (const [period, weight] of INTRADAY)
    if (Math.floor(now / period) !== Math.floor(before / period)) return weight;
  return TICK_WEIGHT.lessThanSecond;
}

/**
 * Weights of sorted points from `start` on (the library's fillWeightsForPoints, read in a zone), each
 * point's time (Unix seconds) read by `timeOf`. The first point of all has no previous one: it is
 * weighed against a point one average step before, as the library does.
 */
export function fillZonedWeights<P extends { timeWeight: number }>(
  points: readonly P[],
  start: number,
  clock: ZoneClock,
  timeOf: (point: P) => number,
): void {
  const n = points.length;
  if (n === 0 || start >= n) return;
  let previous = start > 0 ? timeOf(points[start - 1] as P) : null;
  for (let i = start; i < n; i++) {
    const point = points[i] as P;
    const time = timeOf(point);
    if (previous !== null) point.timeWeight = zonedTickWeight(time, previous, clock);
    previous = time;
  }
  if (start === 0 && n > 1) {
    const first = points[0] as P;
    const t0 = timeOf(first);
    const step = Math.ceil((timeOf(points[n - 1] as P) - t0) / (n - 1));
    first.timeWeight = zonedTickWeight(t0, t0 - step, clock);
  }
}
