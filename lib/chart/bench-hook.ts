/**
 * Measurement hook for `npm run bench:chart`: inert unless the benchmark defines `window.__pulseBench`
 * before the page loads, so production pays one property read per chart and nothing per update.
 */
import type { Candle } from '../features/chart/candles';

export interface PulseBench {
  /** performance.now() when the first candles were painted */
  firstCandleAt?: number;
  /** duration (ms) of each live push: validation, merge and series.update */
  updates: number[];
  /** replaces the chart's data with `bars`; resolves with the time of setData and of setData to paint */
  setData?: (bars: Candle[]) => Promise<{ setDataMs: number; paintedMs: number }>;
  /** `count` live changes of the last bar through the chart's series (and its indicators): each one's ms */
  updateLast?: (count: number) => number[];
}

declare global {
  interface Window {
    __pulseBench?: PulseBench;
  }
}

export function benchHook(): PulseBench | undefined {
  return typeof window === 'undefined' ? undefined : window.__pulseBench;
}

export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}
