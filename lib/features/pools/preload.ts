/**
 * The first candles of a page, requested by the browser while it still loads the page's scripts: the
 * server picks the window's end and emits a preload for exactly the request the chart will make
 * (same URL, same credentials mode), so the chart finds the answer waiting instead of asking after
 * hydration.
 */
import { preload } from 'react-dom';
import { INITIAL_BARS } from '../../chart/rules/feed';
import { windowEndingAt, type KlineInterval } from '../../chart/rules/intervals';
import { ohlcvQuery } from './api';
import type { PoolRef } from '../../contracts/pool-ref';

/** Call from a server component; returns the window end to hand to the chart as `initialTo`. */
export function preloadFirstCandles(ref: PoolRef, interval: KlineInterval): number {
  const to = Math.floor(Date.now() / 1000);
  preload(
    `/api/kline/v1/kline/ohlcv?${ohlcvQuery(ref, interval, windowEndingAt(interval, to, INITIAL_BARS))}`,
    { as: 'fetch', crossOrigin: 'anonymous' },
  );
  return to;
}
