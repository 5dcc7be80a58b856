/**
 * Where your trades go on the chart: each on the candle that contains its time at the chart's
 * interval, one marker per side per candle (buys below, sells above) with the trades it stands for.
 * The candle is found among the bars loaded, not by arithmetic on the time: weeks, months and years
 * start where the kline service starts them. A trade older than the first bar waits for scroll-back
 * to load its candle; one newer than the last bar waits for the live candle that will hold it.
 */
import type { TradeSide } from '../pools/trades';
import { INTERVAL_SECONDS, type KlineInterval } from './intervals';

export interface PlaceableTrade {
  /** Unix seconds */
  time: number;
  side: TradeSide;
}

export interface MarkerBucket<T extends PlaceableTrade = PlaceableTrade> {
  /** `{bar time}:{side}`, the marker's id on the chart */
  id: string;
  /** the bar's time */
  time: number;
  side: TradeSide;
  /** oldest first */
  trades: T[];
}

export interface Placement<T extends PlaceableTrade> {
  /** ordered by bar time, buys before sells on one bar */
  buckets: MarkerBucket<T>[];
  /** trades after the last bar's period: a live candle will hold them */
  waiting: number;
}

/** The longest a bar of `interval` lasts (a month 31 days, a year 366): INTERVAL_SECONDS has the shortest. */
export function longestPeriod(interval: KlineInterval): number {
  if (interval === '1M') return 31 * 86_400;
  if (interval === '1Y') return 366 * 86_400;
  return INTERVAL_SECONDS[interval];
}

/**
 * The index of the bar that holds `time`: it starts at or before it, and neither the next bar nor
 * `period` seconds have passed since (a gap in the candles holds no trade); -1 if none.
 */
export function barIndexAt(times: readonly number[], time: number, period: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return -1;
  const start = times[found] as number;
  const end = Math.min(times[found + 1] ?? Infinity, start + period);
  return time < end ? found : -1;
}

/** Buckets `trades` on the bars whose start times are `times` (ascending). */
export function placeTrades<T extends PlaceableTrade>(
  trades: readonly T[],
  times: readonly number[],
  period: number,
): Placement<T> {
  const buckets = new Map<string, MarkerBucket<T>>();
  let waiting = 0;
  const last = times[times.length - 1];
  for (const trade of trades) {
    const i = barIndexAt(times, trade.time, period);
    if (i < 0) {
      if (last === undefined || trade.time >= last) waiting++;
      continue;
    }
    const time = times[i] as number;
    const id = `${time}:${trade.side}`;
    const bucket = buckets.get(id);
    if (bucket) bucket.trades.push(trade);
    else buckets.set(id, { id, time, side: trade.side, trades: [trade] });
  }
  const list = [...buckets.values()];
  for (const b of list) b.trades.sort((x, y) => x.time - y.time);
  list.sort((a, b) => a.time - b.time || (a.side === b.side ? 0 : a.side === 'buy' ? -1 : 1));
  return { buckets: list, waiting };
}

/**
 * Which markers carry a label, and what it says, so that no two labels of one side overlap: walking
 * each side's markers left to right, a marker whose label would reach into the previous label's
 * room joins that label's group, and the group is named once, on its latest marker, for every
 * trade in it (`Whale A ×3`, or `×5` for several wallets). The arrows stay on their own candles.
 * `x` is a marker's centre (pixels), `textOf` names a group's trades, `widthOf` measures a text.
 */
export function labelMarkers<T extends PlaceableTrade>(
  buckets: readonly MarkerBucket<T>[],
  x: (bucket: MarkerBucket<T>) => number | null,
  textOf: (trades: readonly T[]) => string,
  widthOf: (text: string) => number,
  gap = 6,
): Map<string, string> {
  const labels = new Map<string, string>();
  for (const side of ['buy', 'sell'] as const) {
    let group: { ids: string[]; trades: T[]; right: number } | null = null;
    const close = () => {
      if (!group) return;
      for (const id of group.ids) labels.set(id, '');
      labels.set(group.ids[group.ids.length - 1] as string, textOf(group.trades));
    };
    for (const bucket of buckets) {
      if (bucket.side !== side) continue;
      const at = x(bucket);
      if (at === null) {
        labels.set(bucket.id, textOf(bucket.trades));
        continue;
      }
      const half = widthOf(textOf(bucket.trades)) / 2;
      if (group && at - half < group.right + gap) {
        group.ids.push(bucket.id);
        group.trades.push(...bucket.trades);
        // The group's one label sits on its latest marker, as wide as what it names.
        group.right = at + widthOf(textOf(group.trades)) / 2;
        continue;
      }
      close();
      group = { ids: [bucket.id], trades: [...bucket.trades], right: at + half };
    }
    close();
  }
  return labels;
}
