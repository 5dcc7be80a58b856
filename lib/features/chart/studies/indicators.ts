/**
 * Indicator arithmetic, one bar at a time, with no React and no chart library.
 *
 * Each calculator keeps the state of the bars committed so far and can say what the next bar's value
 * would be without committing it (`peek`). A live candle changes many times before it closes: the
 * chart peeks at it on every push and commits it only when the next candle opens, so a live update
 * costs O(1) (O(period) for Bollinger's deviation), never a pass over the history.
 *
 * Conventions follow what traders compare against (TradingView's built-ins):
 * - SMA, Bollinger Bands (population deviation): the first value at bar `period`.
 * - EMA: seeded with the first close, shown from bar `period` on (before that it is warm-up).
 * - RSI: Wilder's smoothing seeded with the mean of the first `period` changes.
 * - MACD: EMA(fast) - EMA(slow) from bar `slow`; the signal is an EMA of MACD seeded the same way.
 * - VWAP: anchored to the UTC day ("session"); on daily and longer bars it is each bar's typical
 *   price, as TradingView's session VWAP is.
 */
import type { Candle } from '../candles';

export interface Calculator<Out> {
  /** The value `bar` would have as the bar after the last committed one; changes nothing. */
  peek(bar: Candle): Out | null;
  /** Commits `bar` after the last committed one; returns its value. */
  commit(bar: Candle): Out | null;
}

/** The last `size` numbers, in order, with their sum. */
class Window {
  private readonly values: number[] = [];
  private start = 0;
  sum = 0;

  constructor(readonly size: number) {}

  get length(): number {
    return this.values.length - this.start;
  }

  push(value: number): void {
    this.values.push(value);
    this.sum += value;
    if (this.length > this.size) this.sum -= this.values[this.start++] as number;
    // Compact now and then, and re-add the sum exactly so that rounding never drifts.
    if (this.start > 1024) {
      this.values.splice(0, this.start);
      this.start = 0;
      this.sum = this.values.reduce((a, b) => a + b, 0);
    }
  }

  /** The window's values after pushing `next`, without pushing it. */
  *withNext(next: number): Generator<number> {
    const from = this.length + 1 > this.size ? this.start + 1 : this.start;
    for (let i = from; i < this.values.length; i++) yield this.values[i] as number;
    yield next;
  }

  /** The oldest value that pushing one more would drop. */
  get oldest(): number {
    return this.values[this.start] as number;
  }
}

/** Simple moving average of a stream of numbers. */
export class SmaOf {
  private readonly window: Window;
  constructor(readonly period: number) {
    this.window = new Window(period);
  }
  peek(value: number): number | null {
    const w = this.window;
    if (w.length + 1 < this.period) return null;
    const sum = w.length + 1 > this.period ? w.sum - w.oldest + value : w.sum + value;
    return sum / this.period;
  }
  commit(value: number): number | null {
    const out = this.peek(value);
    this.window.push(value);
    return out;
  }
}

/** Exponential moving average seeded with the first value; null during the warm-up. */
export class EmaOf {
  private readonly alpha: number;
  private last: number | null = null;
  private count = 0;
  constructor(readonly period: number) {
    this.alpha = 2 / (period + 1);
  }
  /** The raw running value (warm-up included), for chained averages. */
  private next(value: number): number {
    return this.last === null ? value : this.alpha * value + (1 - this.alpha) * this.last;
  }
  peek(value: number): number | null {
    return this.count + 1 >= this.period ? this.next(value) : null;
  }
  commit(value: number): number | null {
    const out = this.peek(value);
    this.last = this.next(value);
    this.count++;
    return out;
  }
}

const close = (bar: Candle) => bar.close;

export class Sma implements Calculator<number> {
  private readonly sma: SmaOf;
  constructor(period: number) {
    this.sma = new SmaOf(period);
  }
  peek = (bar: Candle) => this.sma.peek(close(bar));
  commit = (bar: Candle) => this.sma.commit(close(bar));
}

export class Ema implements Calculator<number> {
  private readonly ema: EmaOf;
  constructor(period: number) {
    this.ema = new EmaOf(period);
  }
  peek = (bar: Candle) => this.ema.peek(close(bar));
  commit = (bar: Candle) => this.ema.commit(close(bar));
}

// Type aliases (not interfaces) so that they read as plain records of numbers.
export type Bands = {
  upper: number;
  middle: number;
  lower: number;
};

export class Bollinger implements Calculator<Bands> {
  private readonly window: Window;
  constructor(
    readonly period: number,
    readonly deviations: number,
  ) {
    this.window = new Window(period);
  }
  peek(bar: Candle): Bands | null {
    if (this.window.length + 1 < this.period) return null;
    const values = [...this.window.withNext(bar.close)];
    const middle = values.reduce((a, b) => a + b, 0) / values.length;
    const variance = values.reduce((a, v) => a + (v - middle) ** 2, 0) / values.length;
    const spread = Math.sqrt(variance) * this.deviations;
    return { upper: middle + spread, middle, lower: middle - spread };
  }
  commit(bar: Candle): Bands | null {
    const out = this.peek(bar);
    this.window.push(bar.close);
    return out;
  }
}

/** Wilder's moving average: the mean of the first `period` values, then (prev × (n−1) + v) / n. */
class WilderOf {
  private readonly seed: SmaOf;
  private last: number | null = null;
  constructor(readonly period: number) {
    this.seed = new SmaOf(period);
  }
  peek(value: number): number | null {
    if (this.last !== null) return (this.last * (this.period - 1) + value) / this.period;
    return this.seed.peek(value);
  }
  commit(value: number): number | null {
    const out = this.peek(value);
    if (this.last === null) this.seed.commit(value);
    this.last = out;
    return out;
  }
}

export class Rsi implements Calculator<number> {
  private readonly gains: WilderOf;
  private readonly losses: WilderOf;
  private previous: number | null = null;
  constructor(readonly period: number) {
    this.gains = new WilderOf(period);
    this.losses = new WilderOf(period);
  }
  private value(gain: number | null, loss: number | null): number | null {
    if (gain === null || loss === null) return null;
    // As TradingView and the reference libraries: no loss at all reads 100, flat prices included.
    if (loss === 0) return 100;
    return 100 - 100 / (1 + gain / loss);
  }
  peek(bar: Candle): number | null {
    if (this.previous === null) return null;
    const change = bar.close - this.previous;
    return this.value(this.gains.peek(Math.max(change, 0)), this.losses.peek(Math.max(-change, 0)));
  }
  commit(bar: Candle): number | null {
    if (this.previous === null) {
      this.previous = bar.close;
      return null;
    }
    const change = bar.close - this.previous;
    this.previous = bar.close;
    return this.value(
      this.gains.commit(Math.max(change, 0)),
      this.losses.commit(Math.max(-change, 0)),
    );
  }
}

export type MacdValue = {
  macd: number;
  /** null until the signal line has `signal` MACD values */
  signal: number | null;
  histogram: number | null;
};

export class Macd implements Calculator<MacdValue> {
  private readonly fast: EmaOf;
  private readonly slow: EmaOf;
  private readonly signal: EmaOf;
  constructor(fast: number, slow: number, signal: number) {
    this.fast = new EmaOf(fast);
    this.slow = new EmaOf(slow);
    this.signal = new EmaOf(signal);
  }
  private combine(fast: number | null, slow: number | null, peekOnly: boolean): MacdValue | null {
    // EmaOf returns null only during its warm-up; the slow one is the longer of the two.
    if (slow === null) return null;
    const macd = (fast ?? slow) - slow;
    const signal = peekOnly ? this.signal.peek(macd) : this.signal.commit(macd);
    return { macd, signal, histogram: signal === null ? null : macd - signal };
  }
  peek(bar: Candle): MacdValue | null {
    return this.combine(this.fast.peek(bar.close), this.slow.peek(bar.close), true);
  }
  commit(bar: Candle): MacdValue | null {
    return this.combine(this.fast.commit(bar.close), this.slow.commit(bar.close), false);
  }
}

const DAY = 86_400;

export class Vwap implements Calculator<number> {
  private day = -1;
  private priceVolume = 0;
  private volume = 0;
  private totals(bar: Candle): { pv: number; v: number; typical: number } {
    const typical = (bar.high + bar.low + bar.close) / 3;
    const sameSession = Math.floor(bar.time / DAY) === this.day;
    return {
      pv: (sameSession ? this.priceVolume : 0) + typical * bar.volume,
      v: (sameSession ? this.volume : 0) + bar.volume,
      typical,
    };
  }
  peek(bar: Candle): number | null {
    const { pv, v, typical } = this.totals(bar);
    // A session with no volume yet has no weights: its price is the typical price.
    return v > 0 ? pv / v : typical;
  }
  commit(bar: Candle): number | null {
    const out = this.peek(bar);
    const { pv, v } = this.totals(bar);
    this.day = Math.floor(bar.time / DAY);
    this.priceVolume = pv;
    this.volume = v;
    return out;
  }
}
