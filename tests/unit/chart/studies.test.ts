import fc from 'fast-check';
import { BollingerBands, EMA, MACD, RSI, SMA, VWAP } from 'trading-signals';
import { describe, expect, it } from 'vitest';
import type { Candle } from '@/lib/features/chart/candles';
import { StudyRunner, type StudyValues } from '@/lib/features/chart/studies/runner';
import {
  formatStudies,
  parseStudies,
  parseStudy,
  studyLabel,
  type StudySpec,
} from '@/lib/features/chart/studies/spec';

/** A deterministic walk of 15-minute bars over several UTC days, volumes > 0. */
function walk(count: number, seed = 7): Candle[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const bars: Candle[] = [];
  let price = 1800;
  const start = 1_700_000_100 - (1_700_000_100 % 900);
  for (let i = 0; i < count; i++) {
    const open = price;
    const close = open * (1 + (random() - 0.5) * 0.02);
    const high = Math.max(open, close) * (1 + random() * 0.005);
    const low = Math.min(open, close) * (1 - random() * 0.005);
    bars.push({ time: start + i * 900, open, high, low, close, volume: 1 + random() * 50 });
    price = close;
  }
  return bars;
}

const BARS = walk(600);

function closeTo(actual: number | null | undefined, expected: number, digits = 9) {
  expect(actual).not.toBeNull();
  expect(actual).toBeDefined();
  expect(actual as number).toBeCloseTo(expected, digits);
}

/** The reference library's values by bar, `null` where it has none yet. */
function oracle(bars: readonly Candle[], step: (bar: Candle) => number | null): (number | null)[] {
  return bars.map(step);
}

function column(values: readonly StudyValues[], key: string): (number | null)[] {
  return values.map((v) => v[key] ?? null);
}

function expectSeries(
  actual: readonly (number | null)[],
  expected: readonly (number | null)[],
  firstIndex: number,
) {
  expect(actual).toHaveLength(expected.length);
  // Nothing before the first defined value: warm-up bars draw no line.
  for (let i = 0; i < firstIndex; i++) expect(actual[i]).toBeNull();
  let compared = 0;
  for (let i = firstIndex; i < expected.length; i++) {
    closeTo(actual[i], expected[i] as number);
    compared++;
  }
  expect(compared).toBeGreaterThan(100);
}

describe('indicators against a reference library (trading-signals)', () => {
  it('SMA 20', () => {
    const ref = new SMA(20);
    const expected = oracle(BARS, (b) => ref.update(b.close, false));
    const actual = column(new StudyRunner({ kind: 'sma', period: 20 }).reset(BARS), 'value');
    expectSeries(actual, expected, 19);
  });

  it('EMA 20 and EMA 50, shown once past their warm-up', () => {
    for (const period of [20, 50]) {
      const ref = new EMA(period);
      const expected = oracle(BARS, (b) => {
        ref.update(b.close, false);
        return ref.isStable ? ref.getResultOrThrow() : null;
      });
      const actual = column(new StudyRunner({ kind: 'ema', period }).reset(BARS), 'value');
      expectSeries(actual, expected, period - 1);
    }
  });

  it('RSI 14 (Wilder)', () => {
    const ref = new RSI(14);
    const expected = oracle(BARS, (b) => ref.update(b.close, false));
    const actual = column(new StudyRunner({ kind: 'rsi', period: 14 }).reset(BARS), 'value');
    expectSeries(actual, expected, 14);
  });

  it('Bollinger Bands 20, 2 deviations', () => {
    const ref = new BollingerBands(20, 2);
    const rows = BARS.map((b) => ref.update(b.close, false));
    // The library answers only once its window overflows (from the 21st close); the bands of the
    // first full window are its answer after one extra (non-zero) leading value drops out.
    const first = new BollingerBands(20, 2);
    for (const close of [1, ...BARS.slice(0, 20).map((b) => b.close)])
      rows[19] = first.update(close, false);
    expect(rows[19]).not.toBeNull();
    const values = new StudyRunner({ kind: 'bb', period: 20, deviations: 2 }).reset(BARS);
    for (const key of ['upper', 'middle', 'lower'] as const) {
      expectSeries(
        column(values, key),
        rows.map((r) => (r ? r[key] : null)),
        19,
      );
    }
  });

  it('MACD 12 26 9: the MACD line from bar 26, the signal and histogram once it has 9 values', () => {
    const ref = new MACD(new EMA(12), new EMA(26), new EMA(9));
    const rows = BARS.map((b) => ref.update(b.close, false));
    const values = new StudyRunner({ kind: 'macd', fast: 12, slow: 26, signal: 9 }).reset(BARS);
    expectSeries(
      column(values, 'macd'),
      rows.map((r) => (r ? r.macd : null)),
      25,
    );
    expectSeries(
      column(values, 'signal'),
      rows.map((r, i) => (r && i >= 33 ? r.signal : null)),
      33,
    );
    expectSeries(
      column(values, 'histogram'),
      rows.map((r, i) => (r && i >= 33 ? r.histogram : null)),
      33,
    );
  });

  it('VWAP anchored to the UTC day', () => {
    let day = -1;
    let ref = new VWAP();
    const expected = BARS.map((b) => {
      const d = Math.floor(b.time / 86_400);
      if (d !== day) {
        day = d;
        ref = new VWAP();
      }
      return ref.update(b, false);
    });
    const actual = column(new StudyRunner({ kind: 'vwap' }).reset(BARS), 'value');
    // The walk crosses several UTC days, so the reset at midnight is exercised.
    expect(new Set(BARS.map((b) => Math.floor(b.time / 86_400))).size).toBeGreaterThan(4);
    expectSeries(actual, expected, 0);
  });
});

describe('indicators against values worked by hand', () => {
  const bars = (closes: number[]): Candle[] =>
    closes.map((c, i) => ({ time: i * 60, open: c, high: c, low: c, close: c, volume: 1 }));

  it('SMA 3 of 1..5 is 2, 3, 4', () => {
    const values = new StudyRunner({ kind: 'sma', period: 3 }).reset(bars([1, 2, 3, 4, 5]));
    expect(column(values, 'value')).toEqual([null, null, 2, 3, 4]);
  });

  it('EMA 3 of 2, 4, 6, 8: alpha 0.5 from the first close', () => {
    // 2 -> 3 -> 4.5 -> 6.25; shown from the third bar.
    const values = new StudyRunner({ kind: 'ema', period: 3 }).reset(bars([2, 4, 6, 8]));
    expect(column(values, 'value')).toEqual([null, null, 4.5, 6.25]);
  });

  it('RSI 2: gains 1 and 3, loss 2, then Wilder smoothing', () => {
    // changes +1, +3, -2: first averages gain 2, loss 0 -> 100; then gain 1, loss 1 -> 50.
    const values = new StudyRunner({ kind: 'rsi', period: 2 }).reset(bars([10, 11, 14, 12]));
    expect(column(values, 'value')).toEqual([null, null, 100, 50]);
  });

  it('VWAP weights the typical price by volume within a day and restarts the next day', () => {
    const day = 86_400;
    const values = new StudyRunner({ kind: 'vwap' }).reset([
      { time: day, open: 10, high: 12, low: 9, close: 9, volume: 1 }, // typical 10
      { time: day + 60, open: 9, high: 21, low: 18, close: 21, volume: 3 }, // typical 20
      { time: 2 * day, open: 5, high: 6, low: 3, close: 3, volume: 2 }, // typical 4, new day
    ]);
    expect(column(values, 'value')).toEqual([10, 17.5, 4]);
  });

  it('Bollinger 2 of 1, 3: middle 2, deviation 1', () => {
    const values = new StudyRunner({ kind: 'bb', period: 2, deviations: 2 }).reset(bars([1, 3]));
    expect(values[1]).toEqual({ upper: 4, middle: 2, lower: 0 });
  });
});

describe('live updates equal a full recomputation', () => {
  const specs: StudySpec[] = [
    { kind: 'sma', period: 20 },
    { kind: 'ema', period: 9 },
    { kind: 'rsi', period: 14 },
    { kind: 'bb', period: 20, deviations: 2 },
    { kind: 'macd', fast: 12, slow: 26, signal: 9 },
    { kind: 'vwap' },
  ];

  it('for every study, as a live candle moves and new candles open', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: specs.length - 1 }),
        fc.integer({ min: 1, max: 80 }),
        fc.array(fc.tuple(fc.boolean(), fc.double({ min: -0.03, max: 0.03, noNaN: true })), {
          minLength: 1,
          maxLength: 60,
        }),
        (which, historyLength, pushes) => {
          const spec = specs[which] as StudySpec;
          const bars = BARS.slice(0, historyLength);
          const runner = new StudyRunner(spec);
          runner.reset(bars);
          for (const [newBar, move] of pushes) {
            const last = bars[bars.length - 1] as Candle;
            const close = last.close * (1 + move);
            const bar: Candle = newBar
              ? {
                  time: last.time + 900,
                  open: last.close,
                  high: Math.max(last.close, close),
                  low: Math.min(last.close, close),
                  close,
                  volume: 3,
                }
              : {
                  ...last,
                  close,
                  high: Math.max(last.high, close),
                  low: Math.min(last.low, close),
                  volume: last.volume + 1,
                };
            if (newBar) bars.push(bar);
            else bars[bars.length - 1] = bar;
            const live = runner.update(bar);
            const full = new StudyRunner(spec).reset(bars);
            const expected = full[full.length - 1] as StudyValues;
            expect(live).not.toBeNull();
            expect(Object.keys(live ?? {})).toEqual(Object.keys(expected));
            for (const [key, value] of Object.entries(expected)) {
              if (value === null) expect(live?.[key]).toBeNull();
              else expect(live?.[key]).toBeCloseTo(value, 8);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('asks for a full reset when a bar older than the last one changes', () => {
    const runner = new StudyRunner({ kind: 'sma', period: 3 });
    runner.reset(BARS.slice(0, 10));
    expect(runner.update(BARS[5] as Candle)).toBeNull();
  });
});

describe('the studies parameter', () => {
  it('reads the documented form and writes it back', () => {
    const specs = parseStudies('ema:20,ema:50,rsi:14');
    expect(specs).toEqual([
      { kind: 'ema', period: 20 },
      { kind: 'ema', period: 50 },
      { kind: 'rsi', period: 14 },
    ]);
    expect(formatStudies(specs)).toBe('ema:20,ema:50,rsi:14');
  });

  it('fills defaults, clamps periods, drops what it cannot read and repeats', () => {
    expect(parseStudies('sma,bb,macd,vwap')).toEqual([
      { kind: 'sma', period: 20 },
      { kind: 'bb', period: 20, deviations: 2 },
      { kind: 'macd', fast: 12, slow: 26, signal: 9 },
      { kind: 'vwap' },
    ]);
    expect(parseStudies('ema:1,ema:9999,EMA:20,ema:20,foo:3,rsi:abc,vwap:3,macd:26:12:9')).toEqual([
      { kind: 'ema', period: 2 },
      { kind: 'ema', period: 500 },
      { kind: 'ema', period: 20 },
    ]);
    expect(parseStudy('bb:20:9')).toEqual({ kind: 'bb', period: 20, deviations: 5 });
    expect(parseStudy('bb:20:-1')).toBeNull();
    expect(
      parseStudies(Array.from({ length: 20 }, (_, i) => `sma:${i + 2}`).join(',')),
    ).toHaveLength(8);
    expect(parseStudies(null)).toEqual([]);
  });

  it('labels studies for legends', () => {
    expect(studyLabel({ kind: 'ema', period: 20 })).toBe('EMA 20');
    expect(studyLabel({ kind: 'macd', fast: 12, slow: 26, signal: 9 })).toBe('MACD 12 26 9');
    expect(studyLabel({ kind: 'vwap' })).toBe('VWAP');
  });
});
