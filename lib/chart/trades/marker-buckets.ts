/**
 * Where your trades go on the chart: each on the candle that contains its time at the chart's
 * interval, one marker per side per candle (buys below, sells above) with the trades it stands for.
 * The candle is found among the bars loaded, not by arithmetic on the time: weeks, months and years
 * start where the kline service starts them. A trade older than the first bar waits for scroll-back
 * to load its candle; one newer than the last bar waits for the live candle that will hold it.
 * Pure, with the markers' texts: the chart's layer (lib/chart/draw/trade-markers.ts) draws them on
 * the pool page, the token page and the widget alike.
 */
import { shorten } from '../../core/format/text';
import type { MarkerTrade } from '../../features/pools/my-trades';
import type { TradeSide } from '../../features/pools/trades';
import { INTERVAL_SECONDS, type KlineInterval } from '../rules/intervals';

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

/** A marker of your trades (lib/features/pools/my-trades.ts), as the pool page and the widget show it. */
export type TradeBucket = MarkerBucket<MarkerTrade>;

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
 * Which markers carry a label, and what it says, so that no two labels of one side overlap. A
 * marker's label names the trades of its candle and side, merged (`Whale A ×2`, or `×3` for several
 * wallets). Walking each side's markers from the newest back, a label that would reach into the
 * room of the one to its right is left out: that marker keeps its arrow and its card, and the
 * newest trades keep their names. `x` is a marker's centre (pixels), `textOf` names trades,
 * `widthOf` measures a text.
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
    let left = Infinity;
    for (let i = buckets.length - 1; i >= 0; i--) {
      const bucket = buckets[i] as MarkerBucket<T>;
      if (bucket.side !== side) continue;
      const text = textOf(bucket.trades);
      const at = x(bucket);
      if (at === null) {
        labels.set(bucket.id, text);
        continue;
      }
      const half = widthOf(text) / 2;
      if (at + half + gap > left) {
        labels.set(bucket.id, '');
        continue;
      }
      labels.set(bucket.id, text);
      left = at - half;
    }
  }
  return labels;
}

const LABEL_CHARS = 10;

/**
 * A marker's text, short so that neighbours do not run into each other: the wallet's label (or its
 * address, shortened), `×n` after it for several trades; only `×n` when several wallets share it.
 */
export function markerText({ trades }: { trades: readonly MarkerTrade[] }): string {
  const wallets = new Set(trades.map((t) => t.wallet));
  const first = trades[0];
  if (!first) return '';
  const count = trades.length > 1 ? `×${trades.length}` : '';
  if (wallets.size > 1) return count;
  const label = first.label
    ? first.label.length > LABEL_CHARS
      ? `${first.label.slice(0, LABEL_CHARS - 1)}…`
      : first.label
    : shorten(first.wallet, 5, 3);
  return count ? `${label} ${count}` : label;
}
