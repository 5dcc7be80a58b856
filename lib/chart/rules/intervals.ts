/**
 * The seed's candle intervals and the history windows a chart asks for. `1M` and `1Y` have no fixed
 * length: they count here as their shortest (28 and 365 days), so that a window sized for N bars
 * never holds more than N.
 */
import { KLINE_INTERVALS, type KlineInterval } from '../../contracts/kline/endpoints';

export { KLINE_INTERVALS, type KlineInterval };

export const DEFAULT_INTERVAL: KlineInterval = '15m';

export const INTERVAL_SECONDS: Readonly<Record<KlineInterval, number>> = {
  '1s': 1,
  '1m': 60,
  '15m': 900,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
  '1w': 604_800,
  '1M': 2_419_200,
  '1Y': 31_536_000,
};

export const INTERVAL_LABELS: Readonly<Record<KlineInterval, string>> = {
  '1s': '1s',
  '1m': '1m',
  '15m': '15m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1D',
  '1w': '1W',
  '1M': '1M',
  '1Y': '1Y',
};

export { isKlineInterval as isInterval } from '../../contracts/kline/endpoints';

/** An interval as the API names it (`1d`) or as the chart's buttons show it (`1D`); null otherwise. */
export function intervalOrLabel(value: unknown): KlineInterval | null {
  if (typeof value !== 'string') return null;
  if ((KLINE_INTERVALS as readonly string[]).includes(value)) return value as KlineInterval;
  return KLINE_INTERVALS.find((i) => INTERVAL_LABELS[i] === value) ?? null;
}

/** The seed's maximum rows per history query. */
export const MAX_LIMIT = 5000;

export interface HistoryWindow {
  from: number;
  to: number;
  limit: number;
}

/**
 * The window that holds at most `bars` candles ending at `to` (Unix seconds). Sized so that the
 * answer is complete whichever end an upstream keeps when more rows match than `limit`.
 */
export function windowEndingAt(interval: KlineInterval, to: number, bars: number): HistoryWindow {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(bars)));
  const from = Math.max(0, to - INTERVAL_SECONDS[interval] * (limit - 1));
  return { from, to, limit };
}

/** The window from `from` to `to` when it fits in one query; null when the gap is too long for one. */
export function windowBetween(
  interval: KlineInterval,
  from: number,
  to: number,
): HistoryWindow | null {
  const bars = Math.floor((to - from) / INTERVAL_SECONDS[interval]) + 2;
  if (bars > MAX_LIMIT) return null;
  return { from, to, limit: Math.max(1, bars) };
}
