/**
 * A study over the bars of one chart: computed once over the history, then kept up to date one live
 * bar at a time. The last bar is never committed to the calculator while it may still change: each
 * push peeks at it, and it is committed when a later bar opens. An earlier bar that changes (a
 * closed candle re-sent with final values) or bars added before the first (scroll-back) need a full
 * `reset`, which `update` says by returning null.
 */
import type { Candle } from '../candles';
import {
  Bollinger,
  Ema,
  Macd,
  Rsi,
  Sma,
  Vwap,
  type Bands,
  type Calculator,
  type MacdValue,
} from './indicators';
import type { StudySpec } from './spec';

/** The values of one bar, by line (`value`; `upper`/`middle`/`lower`; `macd`/`signal`/`histogram`). */
export type StudyValues = Readonly<Record<string, number | null>>;

export interface StudyLineDef {
  key: string;
  kind: 'line' | 'histogram';
}

export function studyLines(spec: StudySpec): readonly StudyLineDef[] {
  switch (spec.kind) {
    case 'bb':
      return [
        { key: 'upper', kind: 'line' },
        { key: 'middle', kind: 'line' },
        { key: 'lower', kind: 'line' },
      ];
    case 'macd':
      return [
        { key: 'histogram', kind: 'histogram' },
        { key: 'macd', kind: 'line' },
        { key: 'signal', kind: 'line' },
      ];
    default:
      return [{ key: 'value', kind: 'line' }];
  }
}

type AnyCalculator = Calculator<number | Bands | MacdValue>;

function calculatorOf(spec: StudySpec): AnyCalculator {
  switch (spec.kind) {
    case 'sma':
      return new Sma(spec.period);
    case 'ema':
      return new Ema(spec.period);
    case 'rsi':
      return new Rsi(spec.period);
    case 'vwap':
      return new Vwap();
    case 'bb':
      return new Bollinger(spec.period, spec.deviations);
    case 'macd':
      return new Macd(spec.fast, spec.slow, spec.signal);
  }
}

const EMPTY: StudyValues = {};

function valuesOf(out: number | Bands | MacdValue | null): StudyValues {
  if (out === null) return EMPTY;
  return typeof out === 'number' ? { value: out } : out;
}

export class StudyRunner {
  private calc: AnyCalculator;
  private last: Candle | null = null;

  constructor(readonly spec: StudySpec) {
    this.calc = calculatorOf(spec);
  }

  /** Every bar's values, in order; `bars` sorted and unique as the feed keeps them. */
  reset(bars: readonly Candle[]): StudyValues[] {
    this.calc = calculatorOf(this.spec);
    this.last = null;
    const out: StudyValues[] = new Array<StudyValues>(bars.length);
    for (let i = 0; i < bars.length - 1; i++) {
      out[i] = valuesOf(this.calc.commit(bars[i] as Candle));
    }
    const last = bars[bars.length - 1];
    if (last) {
      this.last = last;
      out[bars.length - 1] = valuesOf(this.calc.peek(last));
    }
    return out;
  }

  /**
   * The values of a live bar: the last bar again, or a new one after it. Null when the bar is older
   * than the last one: the caller recomputes with `reset`.
   */
  update(bar: Candle): StudyValues | null {
    const last = this.last;
    if (last && bar.time < last.time) return null;
    if (last && bar.time > last.time) this.calc.commit(last);
    this.last = bar;
    return valuesOf(this.calc.peek(bar));
  }
}
