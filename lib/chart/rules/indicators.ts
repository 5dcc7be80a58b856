/**
 * Chart studies (indicators), computed without React or the chart library: each study takes the
 * candles one by one, `push` for a new bar and `replaceLast` for a live change of the last one, so a
 * live update costs O(1) (O(period) for the SMA and Bollinger Bands), never a pass over all bars. A
 * full pass (`computeStudy`) is the same `push` over every bar, so the two always agree.
 *
 * Conventions (those of TradingView's built-ins, and of trading-signals, the tests' oracle):
 * - SMA over closes; EMA seeded with the first close (alpha = 2 / (n + 1)), shown from its n-th bar.
 * - Bollinger Bands: SMA ± k × the population standard deviation (k: the spec's width, 2 by default).
 * - RSI: Wilder's smoothing seeded with the plain average of the first n changes.
 * - MACD: EMA(fast) − EMA(slow) from the slow EMA's n-th bar; the signal line is an EMA of it
 *   seeded with its first value; histogram = MACD − signal.
 * - VWAP: typical price (H + L + C) / 3 weighted by volume, anchored at each UTC day's start for
 *   intraday intervals (a session), over the whole loaded history for daily and longer bars.
 */
import type { Candle } from './candles';
import { DEFAULT_BB_WIDTH, type StudySpec } from './studies';

export type { StudySpec };

/** One study's value at a bar: named lines (`value`; `upper`/`middle`/`lower`; `macd`/`signal`/`histogram`). */
export type StudyPoint = Readonly<Record<string, number>> | null;

export interface Study {
  readonly spec: StudySpec;
  /** the value at a new bar appended to the series */
  push(bar: Candle): StudyPoint;
  /** the value of the last bar, changed live (same time, new close, high, low or volume) */
  replaceLast(bar: Candle): StudyPoint;
}

/** Every value of `spec` over `bars` (oldest first), one per bar: null while warming up. */
export function computeStudy(
  spec: StudySpec,
  bars: readonly Candle[],
  daily = false,
): StudyPoint[] {
  const study = createStudy(spec, daily);
  return bars.map((b) => study.push(b));
}

/** `daily`: the bars are a day or longer (VWAP then spans the history instead of each day). */
export function createStudy(spec: StudySpec, daily = false): Study {
  switch (spec.kind) {
    case 'sma':
      return stepped(spec, smaStep(spec.period));
    case 'ema':
      return stepped(spec, emaStep(spec.period));
    case 'bb':
      return stepped(spec, bbStep(spec.period, spec.width ?? DEFAULT_BB_WIDTH));
    case 'vwap':
      return stepped(spec, vwapStep(daily));
    case 'rsi':
      return stepped(spec, rsiStep(spec.period));
    case 'macd':
      return stepped(spec, macdStep(spec.period, spec.slow ?? 26, spec.signal ?? 9));
  }
}

/**
 * A study as a pure step over a small state: (state before the bar, bar) -> (state after, value).
 * `replaceLast` re-runs the step from the state before the last bar, which is what makes a live
 * update O(1) and always equal to a full recomputation.
 */
interface Step<S> {
  initial: S;
  next(state: S, bar: Candle): [S, StudyPoint];
}

function stepped<S>(spec: StudySpec, step: Step<S>): Study {
  let before = step.initial;
  let after = step.initial;
  let count = 0;
  return {
    spec,
    push(bar) {
      before = after;
      const [s, v] = step.next(before, bar);
      after = s;
      count += 1;
      return v;
    },
    replaceLast(bar) {
      if (count === 0) return this.push(bar);
      const [s, v] = step.next(before, bar);
      after = s;
      return v;
    },
  };
}

/** The last `n` closes, newest first: a fresh copy per bar, so the state before a bar stays intact. */
type Window = readonly number[];

function slide(w: Window, value: number, n: number): Window {
  return [value, ...w.slice(0, n - 1)];
}

const mean = (w: Window) => w.reduce((a, v) => a + v, 0) / w.length;

function smaStep(n: number): Step<Window> {
  return {
    initial: [],
    next(w, bar) {
      const next = slide(w, bar.close, n);
      return [next, next.length === n ? { value: mean(next) } : null];
    },
  };
}

function emaStep(n: number): Step<{ ema: number | null; count: number }> {
  const alpha = 2 / (n + 1);
  return {
    initial: { ema: null, count: 0 },
    next(s, bar) {
      const ema = s.ema === null ? bar.close : bar.close * alpha + s.ema * (1 - alpha);
      const count = s.count + 1;
      return [{ ema, count }, count >= n ? { value: ema } : null];
    },
  };
}

function bbStep(n: number, k: number): Step<Window> {
  return {
    initial: [],
    next(w, bar) {
      const next = slide(w, bar.close, n);
      if (next.length < n) return [next, null];
      const m = mean(next);
      let sq = 0;
      for (const v of next) sq += (v - m) * (v - m);
      const sd = Math.sqrt(sq / n);
      return [next, { upper: m + k * sd, middle: m, lower: m - k * sd }];
    },
  };
}

const DAY = 86_400;

function vwapStep(daily: boolean): Step<{ day: number; pv: number; v: number }> {
  return {
    initial: { day: -1, pv: 0, v: 0 },
    next(s, bar) {
      const day = daily ? 0 : Math.floor(bar.time / DAY);
      const fresh = day !== s.day;
      const typical = (bar.high + bar.low + bar.close) / 3;
      const pv = (fresh ? 0 : s.pv) + typical * bar.volume;
      const v = (fresh ? 0 : s.v) + bar.volume;
      return [{ day, pv, v }, v > 0 ? { value: pv / v } : null];
    },
  };
}

interface RsiState {
  prev: number | null;
  /** changes seen (up to n, while seeding) */
  count: number;
  gain: number;
  loss: number;
}

function rsiStep(n: number): Step<RsiState> {
  return {
    initial: { prev: null, count: 0, gain: 0, loss: 0 },
    next(s, bar) {
      if (s.prev === null) return [{ ...s, prev: bar.close }, null];
      const change = bar.close - s.prev;
      const up = Math.max(change, 0);
      const down = Math.max(-change, 0);
      const count = s.count + 1;
      let gain: number;
      let loss: number;
      if (count <= n) {
        // Seeding: the plain average of the first n changes.
        gain = s.gain + up / n;
        loss = s.loss + down / n;
      } else {
        gain = (s.gain * (n - 1) + up) / n;
        loss = (s.loss * (n - 1) + down) / n;
      }
      const state = { prev: bar.close, count, gain, loss };
      if (count < n) return [state, null];
      const value = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
      return [state, { value }];
    },
  };
}

interface MacdState {
  fast: number | null;
  slow: number | null;
  count: number;
  signal: number | null;
  signals: number;
}

function macdStep(fastN: number, slowN: number, signalN: number): Step<MacdState> {
  const af = 2 / (fastN + 1);
  const as = 2 / (slowN + 1);
  const ag = 2 / (signalN + 1);
  return {
    initial: { fast: null, slow: null, count: 0, signal: null, signals: 0 },
    next(s, bar) {
      const c = bar.close;
      const fast = s.fast === null ? c : c * af + s.fast * (1 - af);
      const slow = s.slow === null ? c : c * as + s.slow * (1 - as);
      const count = s.count + 1;
      if (count < slowN) return [{ ...s, fast, slow, count }, null];
      const macd = fast - slow;
      const signal = s.signal === null ? macd : macd * ag + s.signal * (1 - ag);
      const signals = s.signals + 1;
      const state = { fast, slow, count, signal, signals };
      // The signal line (and the histogram) once it has seen `signalN` MACD values.
      const point: StudyPoint =
        signals >= signalN ? { macd, signal, histogram: macd - signal } : { macd };
      return [state, point];
    },
  };
}
