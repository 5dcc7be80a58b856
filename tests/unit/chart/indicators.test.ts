/**
 * The chart's studies (lib/chart/rules/indicators.ts) against trading-signals (a maintained indicator
 * library, used here only as the oracle), and live updates against a full recomputation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BollingerBands, EMA, MACD, RSI, SMA, VWAP } from 'trading-signals';
import type { Candle } from '@/lib/chart/rules/candles';
import { computeStudy, createStudy, type StudyPoint } from '@/lib/chart/rules/indicators';
import { formatStudy, parseStudies, type StudySpec } from '@/lib/chart/rules/studies';

/** A seeded random walk of hourly candles with volume (deterministic). */
function walk(count: number, seed = 7, start = 1_700_000_000, step = 3600): Candle[] {
  let x = seed;
  const rand = () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
  let price = 1800;
  const out: Candle[] = [];
  for (let i = 0; i < count; i++) {
    const open = price;
    const close = Math.max(1, open * (1 + (rand() - 0.5) * 0.02));
    const high = Math.max(open, close) * (1 + rand() * 0.004);
    const low = Math.min(open, close) * (1 - rand() * 0.004);
    out.push({ time: start + i * step, open, high, low, close, volume: 10 + rand() * 1000 });
    price = close;
  }
  return out;
}

const BARS = walk(600);
const close = (p: StudyPoint | undefined, key = 'value') => (p ? p[key] : undefined);

function expectClose(actual: number | undefined, expected: number | null | undefined) {
  expect(actual).toBeDefined();
  expect(expected).not.toBeNull();
  expect(Math.abs((actual as number) - (expected as number))).toBeLessThan(
    1e-9 * Math.max(1, Math.abs(expected as number)),
  );
}

describe('studies against trading-signals', () => {
  it('SMA 20: no value for the first 19 bars, then the oracle’s', () => {
    const ours = computeStudy({ kind: 'sma', period: 20 }, BARS);
    const oracle = new SMA(20);
    BARS.forEach((b, i) => {
      const ref = oracle.update(b.close, false);
      if (i < 19) expect(ours[i]).toBeNull();
      else expectClose(close(ours[i]), ref);
    });
  });

  it('EMA 20 and EMA 50: seeded with the first close, shown once stable', () => {
    for (const n of [20, 50]) {
      const ours = computeStudy({ kind: 'ema', period: n }, BARS);
      const oracle = new EMA(n);
      BARS.forEach((b, i) => {
        const ref = oracle.update(b.close, false);
        if (i < n - 1) expect(ours[i]).toBeNull();
        else expectClose(close(ours[i]), ref);
      });
    }
  });

  it('Bollinger Bands 20, 2σ (population deviation)', () => {
    const ours = computeStudy({ kind: 'bb', period: 20 }, BARS);
    const oracle = new BollingerBands(20, 2);
    BARS.forEach((b, i) => {
      const ref = oracle.update(b.close, false);
      if (i < 19) return expect(ours[i]).toBeNull();
      for (const k of ['upper', 'middle', 'lower'] as const)
        expectClose(close(ours[i], k), ref?.[k]);
    });
  });

  it('RSI 14 (Wilder): the oracle’s from its first value on', () => {
    const ours = computeStudy({ kind: 'rsi', period: 14 }, BARS);
    const oracle = new RSI(14);
    let compared = 0;
    BARS.forEach((b, i) => {
      const ref = oracle.update(b.close, false);
      if (ref === null) return expect(ours[i]).toBeNull();
      expectClose(close(ours[i]), ref);
      expect(ref).toBeGreaterThanOrEqual(0);
      expect(ref).toBeLessThanOrEqual(100);
      compared += 1;
    });
    expect(compared).toBe(BARS.length - 14);
  });

  it('MACD 12/26/9: line from the slow EMA’s 26th bar, signal and histogram once the signal is stable', () => {
    const ours = computeStudy({ kind: 'macd', period: 12, slow: 26, signal: 9 }, BARS);
    const oracle = new MACD(new EMA(12), new EMA(26), new EMA(9));
    BARS.forEach((b, i) => {
      const ref = oracle.update(b.close, false);
      if (i < 25) return expect(ours[i]).toBeNull();
      expectClose(close(ours[i], 'macd'), ref?.macd);
      if (i < 25 + 8) return expect(close(ours[i], 'signal')).toBeUndefined();
      expectClose(close(ours[i], 'signal'), ref?.signal);
      expectClose(close(ours[i], 'histogram'), ref?.histogram);
    });
  });

  it('VWAP: the oracle’s within each UTC day (a fresh oracle per session), over all bars for daily ones', () => {
    const ours = computeStudy({ kind: 'vwap', period: 0 }, BARS);
    let day = -1;
    let oracle = new VWAP();
    BARS.forEach((b, i) => {
      const d = Math.floor(b.time / 86_400);
      if (d !== day) {
        day = d;
        oracle = new VWAP();
      }
      expectClose(close(ours[i]), oracle.update(b, false));
    });
    const daily = walk(120, 3, 1_700_000_000, 86_400);
    const whole = computeStudy({ kind: 'vwap', period: 0 }, daily, true);
    const all = new VWAP();
    daily.forEach((b, i) => expectClose(close(whole[i]), all.update(b, false)));
  });
});

describe('studies against values worked by hand', () => {
  const bars = (closes: number[]): Candle[] =>
    closes.map((c, i) => ({ time: i * 60, open: c, high: c, low: c, close: c, volume: 1 }));
  const values = (spec: StudySpec, b: Candle[], key = 'value') =>
    computeStudy(spec, b).map((p) => (p ? (p[key] ?? null) : null));

  it('SMA 3 of 1..5 is 2, 3, 4', () => {
    expect(values({ kind: 'sma', period: 3 }, bars([1, 2, 3, 4, 5]))).toEqual([
      null,
      null,
      2,
      3,
      4,
    ]);
  });

  it('EMA 3 of 2, 4, 6, 8: alpha 0.5 from the first close', () => {
    // 2 -> 3 -> 4.5 -> 6.25; shown from the third bar.
    expect(values({ kind: 'ema', period: 3 }, bars([2, 4, 6, 8]))).toEqual([null, null, 4.5, 6.25]);
  });

  it('RSI 2: gains 1 and 3, loss 2, then Wilder smoothing', () => {
    // changes +1, +3, -2: first averages gain 2, loss 0 -> 100; then gain 1, loss 1 -> 50.
    expect(values({ kind: 'rsi', period: 2 }, bars([10, 11, 14, 12]))).toEqual([
      null,
      null,
      100,
      50,
    ]);
  });

  it('VWAP weights the typical price by volume within a day and restarts the next day', () => {
    const day = 86_400;
    const b: Candle[] = [
      { time: day, open: 10, high: 12, low: 9, close: 9, volume: 1 }, // typical 10
      { time: day + 60, open: 9, high: 21, low: 18, close: 21, volume: 3 }, // typical 20
      { time: 2 * day, open: 5, high: 6, low: 3, close: 3, volume: 2 }, // typical 4, new day
    ];
    expect(values({ kind: 'vwap', period: 0 }, b)).toEqual([10, 17.5, 4]);
  });

  it('Bollinger 2 of 1, 3: middle 2, deviation 1', () => {
    expect(computeStudy({ kind: 'bb', period: 2 }, bars([1, 3]))[1]).toEqual({
      upper: 4,
      middle: 2,
      lower: 0,
    });
  });
});

describe('live updates equal a full recomputation', () => {
  const specs: StudySpec[] = [
    { kind: 'sma', period: 20 },
    { kind: 'ema', period: 9 },
    { kind: 'bb', period: 20 },
    { kind: 'vwap', period: 0 },
    { kind: 'rsi', period: 14 },
    { kind: 'macd', period: 12, slow: 26, signal: 9 },
  ];

  it('for any sequence of pushes and changes of the last bar', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            fresh: fc.boolean(),
            move: fc.double({ min: -0.05, max: 0.05, noNaN: true }),
            volume: fc.double({ min: 0, max: 1000, noNaN: true }),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        (steps) => {
          for (const spec of specs) {
            const live = createStudy(spec);
            const bars: Candle[] = [];
            let last: StudyPoint = null;
            for (const s of steps) {
              const prev = bars.at(-1);
              const base = prev?.close ?? 100;
              const c = Math.max(0.01, base * (1 + s.move));
              if (!prev || s.fresh) {
                const time = (prev?.time ?? 1_700_000_000) + 3600;
                const bar = {
                  time,
                  open: base,
                  high: Math.max(base, c),
                  low: Math.min(base, c),
                  close: c,
                  volume: s.volume,
                };
                bars.push(bar);
                last = live.push(bar);
              } else {
                const bar = {
                  ...prev,
                  close: c,
                  high: Math.max(prev.high, c),
                  low: Math.min(prev.low, c),
                  volume: prev.volume + s.volume,
                };
                bars[bars.length - 1] = bar;
                last = live.replaceLast(bar);
              }
            }
            const full = computeStudy(spec, bars).at(-1) ?? null;
            if (full === null) expect(last).toBeNull();
            else
              for (const [k, v] of Object.entries(full))
                expect(Math.abs((last?.[k] ?? NaN) - v)).toBeLessThan(
                  1e-9 * Math.max(1, Math.abs(v)),
                );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the studies parameter', () => {
  it('reads `ema:20,ema:50,rsi:14` and writes it back', () => {
    const specs = parseStudies('ema:20,ema:50,rsi:14');
    expect(specs).toEqual([
      { kind: 'ema', period: 20 },
      { kind: 'ema', period: 50 },
      { kind: 'rsi', period: 14 },
    ]);
    expect(specs.map(formatStudy).join(',')).toBe('ema:20,ema:50,rsi:14');
  });

  it('takes defaults, drops what it cannot read, repeats and extremes, and keeps at most eight', () => {
    expect(parseStudies('EMA,rsi,vwap,macd,bb').map(formatStudy)).toEqual([
      'ema:20',
      'rsi:14',
      'vwap',
      'macd',
      'bb:20:2',
    ]);
    expect(parseStudies('macd:5:35:5').map(formatStudy)).toEqual(['macd:5:35:5']);
    expect(
      parseStudies(
        'ema:1,ema:9999,ema:-3,ema:2e1,foo:3,vwap:3,macd:26:12:9,sma:20:3,,ema:20,ema:20',
      ),
    ).toEqual([{ kind: 'ema', period: 20 }]);
    expect(parseStudies('sma:2,sma:3,sma:4,sma:5,sma:6,sma:7,sma:8,sma:9,sma:10')).toHaveLength(8);
    expect(parseStudies('<script>,%00,ema:20')).toEqual([{ kind: 'ema', period: 20 }]);
    expect(parseStudies(null)).toEqual([]);
  });
});
