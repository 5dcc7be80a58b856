/**
 * Measurement hook for `npm run bench:chart`, compiled in only by a build with `PULSE_BENCH=1`: each
 * call from controller.ts sits behind `process.env.PULSE_BENCH === '1'`, which next.config.js (`env`)
 * and scripts/build-widget.mjs (`define`) replace with a literal at build time, so an ordinary build
 * folds the call away and tree-shakes this module. In a bench build the hook is still inert unless
 * the page defines `window.__pulseBench` before it loads (the benchmark's init script).
 */
import type { Candle } from '../rules/candles';

interface PulseBench {
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

/** The chart's own series, as the benchmark drives it. */
interface BenchSeries {
  setData(bars: readonly Candle[]): void;
  update(bar: Candle, historical: boolean): void;
}

function benchHook(): PulseBench | undefined {
  return typeof window === 'undefined' ? undefined : window.__pulseBench;
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
}

/** Lets the benchmark time setData and live updates through the chart's real series. */
export function attachBench(series: BenchSeries, bars: () => readonly Candle[]): void {
  const bench = benchHook();
  if (!bench) return;
  bench.setData = async (next) => {
    const t0 = performance.now();
    series.setData(next);
    const t1 = performance.now();
    return { setDataMs: t1 - t0, paintedMs: (await nextFrame()) - t0 };
  };
  bench.updateLast = (count) => {
    const last = bars().at(-1);
    if (!last) return [];
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const close = last.close * (1 + ((i % 7) - 3) * 1e-4);
      const bar = {
        ...last,
        close,
        high: Math.max(last.high, close),
        low: Math.min(last.low, close),
      };
      const t0 = performance.now();
      series.update(bar, false);
      out.push(performance.now() - t0);
    }
    series.update(last, false);
    return out;
  };
}

/** Notes when the first candles were painted (the next frame after they were set). */
export function markFirstCandle(): void {
  const bench = benchHook();
  if (bench && bench.firstCandleAt === undefined)
    void nextFrame().then((t) => (bench.firstCandleAt = t));
}

/** Runs one live push, timing it for the benchmark. */
export function timePush(push: () => void): void {
  const bench = benchHook();
  const t0 = performance.now();
  push();
  bench?.updates.push(performance.now() - t0);
}
